// The market as the operator CLI sees it: the last price the server recorded for each pair
// (market_ticks, one row a second while it runs), current only while it is recent. The CLI runs
// no market of its own, so when the server is down or a price is older than FRESH_SEC the pair has
// no price, and every money decision on its coin needs two approvals (the safe rule).
import { formatTicks } from '../../contract/decimal.ts';
import type { Db } from '../core/db/index.ts';
import { MARKETS } from '../platform/market/index.ts';
import { DAY_SEC, isWeekend } from '../platform/market/calendar.ts';
import { type MarketData, type MarketDef, StalePriceError } from '../platform/market/types.ts';

/** How old (seconds) the last recorded price may be and still count as current. */
export const FRESH_SEC = 10;

/** The CLI values amounts only: it has no bars, no history and no ticks to give. */
function notInCli(what: string): never {
  throw new Error(`The operator CLI has only the current recorded price, not ${what}.`);
}

export async function recordedMarket(db: Db, now: number, markets: readonly MarketDef[] = MARKETS): Promise<MarketData> {
  const nowSec = Math.floor(now / 1000);
  const prices = new Map<string, string>();
  for (const m of markets) {
    const last = await db
      .selectFrom('market_ticks')
      .select(['sec', 'price'])
      .where('symbol', '=', m.symbol)
      .where('sec', '<=', nowSec)
      .orderBy('sec', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last && nowSec - Number(last.sec) <= FRESH_SEC) prices.set(m.symbol, formatTicks(Number(last.price), m.priceDecimals));
  }
  const def = (symbol: string) => markets.find((m) => m.symbol === symbol);
  return {
    markets: () => markets,
    market: def,
    price(symbol) {
      const p = prices.get(symbol);
      if (p === undefined) throw new StalePriceError(symbol);
      return p;
    },
    isStale: (symbol) => !prices.has(symbol),
    isOpen: (symbol, at) => {
      const m = def(symbol);
      return m !== undefined && (m.weekendClosed !== true || !isWeekend(Math.floor((at ?? now) / 1000 / DAY_SEC)));
    },
    day: () => notInCli('the day bar'),
    bars: () => notInCli('bars'),
    priceAt: () => notInCli('the price history'),
    onTick: () => () => {},
    close: () => {},
  };
}
