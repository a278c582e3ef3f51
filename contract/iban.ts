// IBANs (ISO 13616): the one check the bank-card form, the bank-card widget and the server
// all run. An IBAN is kept in its electronic form (capital letters and digits, no spaces) and
// shown in groups of four. Valid means: the general shape (country code, two check digits,
// 11–30 letters or digits), the length the IBAN registry gives the country when it lists the
// country, and the mod-97 check (the number read from BBAN + country + check digits, letters
// as 10–35, leaves 1 when divided by 97).

/** IBAN lengths by country, from the SWIFT IBAN registry (ISO 13616). Countries not listed get the general 15–34. */
const LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
};

/** The countries whose banks use IBANs (the registry's list). */
export const IBAN_COUNTRIES: readonly string[] = Object.keys(LENGTHS);

/** The electronic form's general shape: 2 letters, 2 digits, 11–30 letters or digits (15–34 in all). */
export const IBAN_SHAPE = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/;

/** What is wrong with an IBAN: its shape, its length for the country, or its check digits. */
export type IbanProblem = 'shape' | 'length' | 'checksum';

/** The electronic form of what a person typed or pasted: spaces dropped, letters in capitals. */
export function normalizeIban(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** The IBAN in groups of four for reading ("GB82 WEST 1234 5698 7654 32"). */
export function groupIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/** The remainder of the IBAN's number modulo 97 (1 for a valid IBAN); the IBAN must have its shape. */
export function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    // digits stand for themselves, A–Z for 10–35 (two digits)
    const value = code <= 57 ? code - 48 : code - 55;
    rest = value < 10 ? (rest * 10 + value) % 97 : (rest * 100 + value) % 97;
  }
  return rest;
}

/** The registry length of a country's IBANs, when the registry lists the country. */
export function ibanLength(country: string): number | undefined {
  return LENGTHS[country];
}

/** Why an IBAN (electronic form) is not valid, or null when it is. */
export function ibanProblem(iban: string): IbanProblem | null {
  if (!IBAN_SHAPE.test(iban)) return 'shape';
  const length = ibanLength(iban.slice(0, 2));
  if (length !== undefined && iban.length !== length) return 'length';
  return ibanRemainder(iban) === 1 ? null : 'checksum';
}

export function isValidIban(iban: string): boolean {
  return ibanProblem(iban) === null;
}
