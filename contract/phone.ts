// Mobile numbers per country calling code, checked the same way by the phone widget and the
// server: libphonenumber-js with its "mobile" metadata (about 24 KB gzip; the widget loads this
// module on demand). It validates mobile numbers strictly, which is what an SMS code needs.
// +86 keeps the spec's rule: 11 digits, 1 then 3 to 9.
import { type CountryCode, getExampleNumber, parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import examples from 'libphonenumber-js/mobile/examples';
import metadata from 'libphonenumber-js/mobile/metadata';
import countryCodes from '../schemas/config/country-codes.json';

const SPEC_CN_MOBILE = /^1[3-9][0-9]{9}$/;

/** `offered`: false when the app does not offer the calling code at all (schemas/config/country-codes.json). */
export type MobileCheck = { valid: true; national: string } | { valid: false; offered: boolean; example: string };

const OFFERED = new Set(countryCodes.map((c) => c.dial));

/** Whether the app offers this calling code ("+44") in its country list. */
export function isOfferedCallingCode(countryCode: string): boolean {
  return OFFERED.has(countryCode.trim());
}

const callingCodes = (metadata as unknown as { country_calling_codes: Record<string, string[]> }).country_calling_codes;

/** A mobile number of the calling code's main country, as it is written at home ("07400 123456"). */
export function exampleMobile(countryCode: string): string {
  const dial = countryCode.replace(/^\+/, '');
  const main = callingCodes[dial]?.[0] as CountryCode | undefined;
  return (main && getExampleNumber(main, examples)?.formatNational()) ?? '';
}

/**
 * Whether `phone` (national digits, a leading trunk 0 allowed) is a mobile number under
 * `countryCode` ("+44"); when it is, its national number as stored ("7400123456").
 */
export function checkMobile(countryCode: string, phone: string): MobileCheck {
  if (!isOfferedCallingCode(countryCode)) return { valid: false, offered: false, example: '' };
  const dial = countryCode.trim().replace(/^\+/, '');
  const digits = phone.trim();
  if (dial === '86') return SPEC_CN_MOBILE.test(digits) ? { valid: true, national: digits } : { valid: false, offered: true, example: exampleMobile('+86') };
  const parsed = /^[0-9]{1,17}$/.test(digits) ? parsePhoneNumberFromString(digits, { defaultCallingCode: dial }) : undefined;
  if (parsed && parsed.countryCallingCode === dial && parsed.isValid()) return { valid: true, national: parsed.nationalNumber };
  return { valid: false, offered: true, example: exampleMobile(countryCode) };
}

/** A login name written as +<calling code><number>: the two parts, or undefined when it is no mobile number. */
export function splitInternational(value: string): { countryCode: string; national: string } | undefined {
  const parsed = value.startsWith('+') ? parsePhoneNumberFromString(value) : undefined;
  return parsed?.isValid() ? { countryCode: `+${parsed.countryCallingCode}`, national: parsed.nationalNumber } : undefined;
}
