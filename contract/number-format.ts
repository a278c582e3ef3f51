// Locale-aware display of exact decimals: rounded down (spec §5), with the locale's thousands
// separators and decimal mark, placed into the decimal string itself, so a value never passes
// through a float.
import { DEFAULT_DECIMALS, type DecimalValue, PERCENT_DECIMALS, roundDown } from './decimal.ts';

/**
 * The app's languages' group separator, decimal mark and minimum grouping digits (es and it
 * write 1234 but 12.345), as CLDR has them; each row is tested against Intl. A table rather than
 * Intl.NumberFormat: a page's first Intl.NumberFormat costs about 20 ms of main thread on a
 * desktop and four times that on a phone, on the first screen's way to the user. A locale
 * without a row is written as the default language (en-US) writes numbers.
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

/** A plain decimal string ("-1234.50") in the locale's form ("-1.234,50" in de-DE). */
function localize(plain: string, locale: string | undefined): string {
  const [group, mark, minimumGrouping] = locale && Object.hasOwn(SEPARATORS, locale) ? SEPARATORS[locale] : SEPARATORS['en-US'];
  const negative = plain.startsWith('-'); // roundDown never gives "-0"
  const [int, frac = ''] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = int.length < 3 + minimumGrouping ? int : int.replace(/\B(?=(\d{3})+$)/g, group);
  return `${negative ? '-' : ''}${grouped}${frac ? mark + frac : ''}`;
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
