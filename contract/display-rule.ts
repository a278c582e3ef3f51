// The display rule: which decimals an amount is shown with. Apart from ./number-format (which
// draws the digits, rounded down, with the locale's separators) because home's first chunk carries
// that module and has no room for this; every other screen, widget and format imports it from here.
import { coins } from '../schemas/config/coins.json';
import { DEFAULT_DECIMALS, type DecimalValue, STORAGE_SCALE, tryScaled } from './decimal.ts';
import { formatAmount } from './number-format.ts';

/** Decimals a money-like value is shown with: totals, equivalents, P/L and amounts of a money-like coin. */
export const MONEY_DECIMALS = 2;

/** Codes whose amounts read as money: the dollar stablecoins and the fiat currencies (ISO 4217) the app meets. */
const MONEY_COINS = /^(USD[TC]?|EUR|GBP|CHF|JPY|CNY|HKD|KRW|BRL|TRY|VND|RUB|INR|CAD|AUD)$/i;

/** True for a stablecoin or fiat currency code (any case): its amounts are shown like money. */
export function isMoneyCoin(coin: unknown): boolean {
  return typeof coin === 'string' && MONEY_COINS.test(coin);
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

const LISTED = new Map(coins.map((c) => [c.coin.toUpperCase(), c.decimals]));

/**
 * The decimals an amount of `coin` is shown with wherever it appears (spot, Assets, IEO, records):
 * displayDecimals over the coin list (coins.json); a coin the list does not hold (a new IEO coin)
 * takes `ownDecimals`, the decimals its record states, else DEFAULT_DECIMALS.
 */
export function coinDecimals(coin: unknown, ownDecimals?: number): number {
  const listed = typeof coin === 'string' ? LISTED.get(coin.toUpperCase()) : undefined;
  return displayDecimals(coin, listed ?? ownDecimals);
}

/** Significant digits an exchange rate is shown with. */
export const RATE_SIGNIFICANT = 6;

/**
 * The decimals a rate ("1 BTC ≈ 68,250.12 USDT", "1 USDT ≈ 0.00001465 BTC") is shown with:
 * RATE_SIGNIFICANT significant digits, at least MONEY_DECIMALS, at most the ledger's STORAGE_SCALE.
 */
export function rateDecimals(rate: DecimalValue): number {
  const scaled = tryScaled(rate, STORAGE_SCALE);
  if (scaled === null || scaled === 0n) return MONEY_DECIMALS;
  const digits = (scaled < 0n ? -scaled : scaled).toString().length;
  const wanted = RATE_SIGNIFICANT - (digits - STORAGE_SCALE);
  return Math.min(STORAGE_SCALE, Math.max(MONEY_DECIMALS, wanted));
}

/** A rate rounded down to rateDecimals, with the locale's separators. */
export function formatRate(rate: DecimalValue, locale?: string): string {
  return formatAmount(rate, rateDecimals(rate), locale);
}

/**
 * A number a chart computed in floating point (a moving average, an axis tick) rounded down to
 * `decimals`, with the locale's separators: 2254.5000000000014 → "2,254.50". Two guard digits are
 * rounded first, so 2254.4999999999995 (a float's 2254.5) is not shown as 2,254.49.
 */
export function formatPlotted(value: number, decimals: number, locale?: string): string {
  return Number.isFinite(value) ? formatAmount(value.toFixed(Math.min(100, decimals + 2)), decimals, locale) : '';
}
