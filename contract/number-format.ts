// Locale-aware display of exact decimals: rounded down (spec §5), with the locale's thousands
// separators and decimal mark. The integer part is grouped as a string (or, for a language
// without a row in SEPARATORS, formatted by Intl.NumberFormat as a BigInt); the fraction digits
// are placed after the locale's decimal mark, so a value never passes through a float.
import { DEFAULT_DECIMALS, type DecimalValue, PERCENT_DECIMALS, roundDown } from './decimal.ts';

interface LocaleNumbers {
  /** The integer digits ("1234567") grouped, in the locale's digits */
  integer(digits: string): string;
  /** Parts of 1.5 and −1.5 in this locale: where the sign, integer, mark and fraction go */
  positive: Pick<Intl.NumberFormatPart, 'type' | 'value'>[];
  negative: Pick<Intl.NumberFormatPart, 'type' | 'value'>[];
  /** The locale's digits 0–9 */
  digits: string[];
}

/**
 * The app's languages' group separator, decimal mark and minimum grouping digits (es and it
 * write 1234 but 12.345), as CLDR has them. Showing a number in these languages never starts
 * ICU: a page's first Intl.NumberFormat costs about 20 ms of main thread on a desktop and four
 * times that on a phone, on the first screen's way to the user. Each row is tested against
 * Intl; another locale is formatted by Intl.
 */
export const SEPARATORS: Readonly<Record<string, readonly [group: string, decimal: string, minimumGrouping: 1 | 2]>> = {
  'de-DE': ['.', ',', 1],
  'en-US': [',', '.', 1],
  'es-ES': ['.', ',', 2],
  'fr-FR': ['\u202f', ',', 1],
  'it-IT': ['.', ',', 2],
  'ja-JP': [',', '.', 1],
  'ko-KR': [',', '.', 1],
  'pt-BR': ['.', ',', 1],
  'ru-RU': ['\u00a0', ',', 1],
  'tr-TR': ['.', ',', 1],
  'vi-VN': ['.', ',', 1],
  'zh-CN': [',', '.', 1],
  'zh-TW': [',', '.', 1],
};

const LATIN_DIGITS = [...'0123456789'];
const cache = new Map<string, LocaleNumbers>();

function fromTable([group, decimal, minimumGrouping]: (typeof SEPARATORS)[string]): LocaleNumbers {
  const positive = [
    { type: 'integer', value: '' },
    { type: 'decimal', value: decimal },
    { type: 'fraction', value: '' },
  ] as const;
  return {
    integer: (digits) => (digits.length < 3 + minimumGrouping ? digits : digits.replace(/\B(?=(\d{3})+$)/g, group)),
    positive: [...positive],
    negative: [{ type: 'minusSign', value: '-' }, ...positive],
    digits: LATIN_DIGITS,
  };
}

function fromIntl(locale: string | undefined): LocaleNumbers {
  let integer: Intl.NumberFormat;
  try {
    integer = new Intl.NumberFormat(locale || undefined, { maximumFractionDigits: 0 });
  } catch {
    integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  }
  const resolved = integer.resolvedOptions();
  const template = new Intl.NumberFormat(resolved.locale, { numberingSystem: resolved.numberingSystem, minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return {
    integer: (digits) => integer.format(BigInt(digits)),
    positive: template.formatToParts(1.5),
    negative: template.formatToParts(-1.5),
    digits: Array.from({ length: 10 }, (_, d) => integer.format(BigInt(d))),
  };
}

function numbersOf(locale: string | undefined): LocaleNumbers {
  const key = locale ?? '';
  let n = cache.get(key);
  if (!n) {
    const row = Object.hasOwn(SEPARATORS, key) ? SEPARATORS[key] : undefined;
    n = row ? fromTable(row) : fromIntl(locale);
    cache.set(key, n);
  }
  return n;
}

/** A plain decimal string ("-1234.50") in the locale's form ("-1.234,50" in de-DE). */
function localize(plain: string, locale: string | undefined): string {
  const n = numbersOf(locale);
  const negative = plain.startsWith('-');
  const [int, frac = ''] = (negative ? plain.slice(1) : plain).split('.');
  const parts = negative ? n.negative : n.positive; // roundDown never gives "-0"
  let out = '';
  for (const p of parts) {
    if (p.type === 'integer') out += n.integer(int);
    else if (p.type === 'fraction') out += frac.replace(/\d/g, (d) => n.digits[Number(d)]);
    else if (p.type === 'decimal') out += frac ? p.value : '';
    else out += p.value;
  }
  return out;
}

/**
 * `value` rounded down (toward zero) to `decimals` places, trailing zeros kept, with the
 * locale's separators: formatAmount("1234.5678", 2, "de-DE") = "1.234,56". "" when unreadable.
 */
export function formatAmount(value: DecimalValue, decimals: number = DEFAULT_DECIMALS, locale?: string): string {
  const plain = roundDown(value, decimals);
  return plain === '' ? '' : localize(plain, locale);
}

/** Like formatAmount, with "+" before a value above zero (for up/down amounts); zero has no sign. */
export function formatSigned(value: DecimalValue, decimals: number = DEFAULT_DECIMALS, locale?: string): string {
  const plain = roundDown(value, decimals);
  if (plain === '') return '';
  const text = localize(plain, locale);
  return !plain.startsWith('-') && /[1-9]/.test(plain) ? `+${text}` : text;
}

/**
 * A percent value truncated to 2 decimals with the locale's separators and " %":
 * formatPercent("12.345", "en-US") = "12.34 %", "-0.5" → "-0.50 %"; no "+" is added.
 */
export function formatPercent(value: DecimalValue, locale?: string): string {
  const text = formatAmount(value, PERCENT_DECIMALS, locale);
  return text === '' ? '' : `${text} %`;
}
