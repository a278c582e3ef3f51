// What the exchange quote shows: the amounts (contract/exchange.ts, the server's own arithmetic)
// and how a fee rate is written.
import { compare, toPlain, tryScaled } from '../../../contract/decimal';

export { type ExchangeAmounts as QuoteAmounts, exchangeAmounts } from '../../../contract/exchange';

/** A plain positive decimal the amount field may hold ("12", "0.5"); anything else gives no amounts. */
export function isAmount(value: unknown): value is string {
  return typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) && compare(value, 0) > 0;
}

/** A ratio as a percent without trailing zeros: "0.002" → "0.2". */
export function ratioPercent(ratio: string): string {
  const v = tryScaled(ratio, 18);
  return v === null ? '' : toPlain(v * 100n, 18);
}
