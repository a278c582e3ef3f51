// The display rule: which decimals an amount is shown with. Apart from ./number-format (which
// draws the digits, rounded down, with the locale's separators) because home's first chunk carries
// that module and has no room for this; every other screen, widget and format imports it from here.
import { DEFAULT_DECIMALS, type DecimalValue } from './decimal.ts';
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
