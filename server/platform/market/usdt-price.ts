// What one coin is worth in USDT now, from the market the server quotes.
import { units } from '../../../contract/decimal.ts';
import { USDT } from '../../core/coins.ts';
import type { MarketData } from './types.ts';

/** The coin's current USDT price as a decimal string; null when it has none (no market, closed, stale). */
export function usdtPriceOf(market: MarketData, coin: string, now: number): string | null {
  if (coin === USDT) return '1';
  const symbol = `${coin.toLowerCase()}usdt`;
  const m = market.market(symbol);
  if (!m || m.quote !== USDT) return null;
  if (market.isStale?.(symbol)) return null;
  if (!market.isOpen(symbol, now)) return null;
  try {
    const p = market.price(symbol);
    return units(p) > 0n ? p : null;
  } catch {
    // a stale price (StalePriceError) or one the market cannot give
    return null;
  }
}
