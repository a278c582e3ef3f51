// Locale-aware display of exact decimals: rounded down (spec §5), with the locale's thousands
// separators and decimal mark. The integer part is formatted by Intl.NumberFormat as a BigInt
// (exact at any size); the fraction digits are placed after the locale's decimal mark, so a
// value never passes through a float.
import { DEFAULT_DECIMALS, type DecimalValue, PERCENT_DECIMALS, roundDown } from './decimal.ts';

interface LocaleNumbers {
  integer: Intl.NumberFormat;
  /** Parts of 1.5 and −1.5 in this locale: where the sign, integer, mark and fraction go */
  positive: Intl.NumberFormatPart[];
  negative: Intl.NumberFormatPart[];
  /** The locale's digits 0–9 */
  digits: string[];
}

const cache = new Map<string, LocaleNumbers>();

function numbersOf(locale: string | undefined): LocaleNumbers {
  const key = locale ?? '';
  let n = cache.get(key);
  if (n) return n;
  let integer: Intl.NumberFormat;
  try {
    integer = new Intl.NumberFormat(locale || undefined, { maximumFractionDigits: 0 });
  } catch {
    integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  }
  const resolved = integer.resolvedOptions();
  const template = new Intl.NumberFormat(resolved.locale, { numberingSystem: resolved.numberingSystem, minimumFractionDigits: 1, maximumFractionDigits: 1 });
  n = {
    integer,
    positive: template.formatToParts(1.5),
    negative: template.formatToParts(-1.5),
    digits: Array.from({ length: 10 }, (_, d) => integer.format(BigInt(d))),
  };
  cache.set(key, n);
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
    if (p.type === 'integer') out += n.integer.format(BigInt(int));
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
