// A MarketData whose prices and trading hours the caller sets: trading tests and tools use
// it instead of the simulator, so fills and settlements are deterministic.
import markets from '../../schemas/config/markets.json';
import type { Bar, MarketData, MarketDef } from '../platform/market/types.ts';

export interface FakeMarket extends MarketData {
  /** Sets a symbol's last price (a decimal string) and notifies onTick listeners */
  setPrice(symbol: string, price: string): void;
  /** Opens or closes trading for a symbol (default open) */
  setOpen(symbol: string, open: boolean): void;
}

export function createFakeMarket(now: () => number = Date.now): FakeMarket {
  const list = markets.markets as MarketDef[];
  const find = (s: string) => list.find((m) => m.symbol === s);
  const prices = new Map(list.map((m) => [m.symbol, m.startPrice]));
  const createdSec = Math.floor(now() / 1000);
  /** Each symbol's price changes: [second, price], oldest first (a price holds until the next) */
  const history = new Map<string, [number, string][]>(list.map((m) => [m.symbol, [[createdSec, m.startPrice]]]));
  const closed = new Set<string>();
  const listeners = new Set<(ts: number) => void>();
  const known = (s: string): MarketDef => {
    const m = find(s);
    if (!m) throw new Error(`unknown market ${s}`);
    return m;
  };
  const flat = (s: string): Bar => {
    const p = prices.get(known(s).symbol)!;
    return { id: Math.floor(now() / 1000), open: p, close: p, high: p, low: p, amount: '0', vol: '0', count: 0 };
  };
  return {
    markets: () => list,
    market: find,
    price: (s) => prices.get(known(s).symbol)!,
    isOpen: (s) => !closed.has(s),
    // Recorded from creation on: a second before it has no price (as if the server was down).
    priceAt(s, sec) {
      const changes = history.get(known(s).symbol)!;
      if (sec > Math.floor(now() / 1000)) return undefined;
      let price: string | null = null;
      for (const [at, p] of changes) {
        if (at > sec) break;
        price = p;
      }
      return price;
    },
    day: flat,
    bars: (s) => [flat(s)],
    onTick(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => listeners.clear(),
    setPrice(symbol, price) {
      known(symbol);
      prices.set(symbol, price);
      history.get(symbol)!.push([Math.floor(now() / 1000), price]);
      for (const l of listeners) l(now());
    },
    setOpen(symbol, open) {
      if (open) closed.delete(symbol);
      else closed.add(symbol);
    },
  };
}
