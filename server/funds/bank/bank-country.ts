// The country of a bank card as a request names it: the ISO 3166-1 alpha-2 code the app sends
// ("DE"), or the country's name in any of the app's languages ("Germany", "Deutschland"), as a
// client written to the spec sends it. Stored as the code.
import countryCodes from '../../../schemas/config/country-codes.json';
import languages from '../../../schemas/config/languages.json';
import { validationError } from '../../core/errors.ts';

/** The countries the bank-card form offers (its country widget's list). */
export const BANK_COUNTRIES = [...new Set(countryCodes.map((c) => c.iso))];

const fold = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Every name of every offered country, folded (case, accents and punctuation ignored), to its code. */
const BY_NAME: ReadonlyMap<string, string> = new Map(
  ['en-US', ...languages.languages.map((l) => l.code)].flatMap((locale) => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return BANK_COUNTRIES.map((iso) => [fold(names.of(iso) ?? iso), iso] as const);
  }),
);

/** The offered country's code for a code or a name; code 7 on `country` stating both forms otherwise. */
export function bankCountryCode(text: string): string {
  const code = text.trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(code) && BANK_COUNTRIES.includes(code)) return code;
  const named = BY_NAME.get(fold(text));
  if (named) return named;
  throw validationError('country', 'bank.countryUnknown');
}
