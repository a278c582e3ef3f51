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

/** Decimals a money-like value is shown with: totals, equivalents, P/L and amounts of a money-like coin. */
export const MONEY_DECIMALS = 2;

/** Coins whose amounts read as money: the dollar stablecoins and the fiat currencies (ISO 4217) the app meets. */
const MONEY_COINS: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'USDT',
  'USDC',
  'USD',
  'EUR',
  'GBP',
  'CHF',
  'JPY',
  'CNY',
  'HKD',
  'KRW',
  'BRL',
  'TRY',
  'VND',
  'RUB',
  'INR',
  'CAD',
  'AUD',
]);

/** True for a stablecoin or fiat currency code (any case): its amounts are shown like money. */
export function isMoneyCoin(coin: unknown): boolean {
  return typeof coin === 'string' && MONEY_COINS.has(coin.toUpperCase());
}

/**
 * THE display rule (issue 24): the decimals an amount of `coin` is shown with. A money-like coin
 * (USDT, USDC, fiat) shows MONEY_DECIMALS; any other coin its own display decimals (coins.json),
 * DEFAULT_DECIMALS when unknown. Never more than the coin has: a coin of 0 decimals stays at 0.
 */
export function displayDecimals(coin: unknown, coinDecimals: number = DEFAULT_DECIMALS): number {
  return isMoneyCoin(coin) ? Math.min(MONEY_DECIMALS, coinDecimals) : coinDecimals;
}

/** A money value (a total, an equivalent, a P/L in USDT): MONEY_DECIMALS, rounded down, locale separators. */
export function formatMoney(value: DecimalValue, locale?: string): string {
  return formatAmount(value, MONEY_DECIMALS, locale);
}

/**
 * An amount of `coin` by the display rule, with the coin after it: formatCoin("10050.13248", "USDT", 6, "de-DE")
 * = "10.050,13 USDT"; "" when unreadable. `unit: false` leaves the coin out (a column that names it already).
 */
export function formatCoin(value: DecimalValue, coin: string, coinDecimals?: number, locale?: string, unit = true): string {
  const text = formatAmount(value, displayDecimals(coin, coinDecimals), locale);
  return text !== '' && unit && coin ? `${text} ${coin.toUpperCase()}` : text;
}

/**
 * A percent value truncated to 2 decimals with the locale's separators and " %":
 * formatPercent("12.345", "en-US") = "12.34 %", "-0.5" → "-0.50 %"; no "+" is added.
 */
export function formatPercent(value: DecimalValue, locale?: string): string {
  const text = formatAmount(value, PERCENT_DECIMALS, locale);
  return text === '' ? '' : `${text} %`;
}
