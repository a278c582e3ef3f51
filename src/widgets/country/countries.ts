import countryCodes from '../../../schemas/config/country-codes.json';

/** Country name in the reader's language, from the platform's own data (no locale keys needed). */
export function countryName(iso: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(iso) ?? iso;
  } catch {
    return iso;
  }
}

export const COUNTRIES = countryCodes;
export const ISO_CODES = [...new Set(countryCodes.map((c) => c.iso))];
