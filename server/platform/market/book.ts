// A synthetic order book around the last price: `levels` bids (descending) and asks
// (ascending), best bid < best ask, sizes varying with time. Pure: the same inputs give
// the same book, so any MarketData (the simulator or a fake) can be quoted with depth.
import { formatTicks, parseTicks } from '../../../contract/decimal.ts';
import { hashSeed, hashUnit } from './rng.ts';
import type { MarketDef } from './types.ts';

export type Level = [price: string, size: string];

export interface Book {
  bids: Level[];
  asks: Level[];
}

/** Spread and level step as a fraction of the price (at least one tick) */
const SPREAD = 0.00002;
/** Typical notional of a level, in USD */
const LEVEL_NOTIONAL_USD = 5000;

export function orderBook(def: MarketDef, price: string, sec: number, levels = 20): Book {
  const pd = def.priceDecimals;
  const p = Math.max(1, parseTicks(price, pd));
  const step = Math.max(1, Math.round(p * SPREAD));
  const below = Math.floor(step / 2);
  const bestBid = Math.max(1, p - below);
  const bestAsk = Math.max(bestBid + 1, p + (step - below));
  const key = hashSeed(0, def.symbol);
  const unitsPerUsd = (def.base === 'USD' ? 1 : 1 / Number(price)) * 10 ** def.amountDecimals;
  const size = (side: number, i: number): string => {
    const u = hashUnit(key, sec, i * 2 + side);
    const units = Math.max(1, Math.round(LEVEL_NOTIONAL_USD * unitsPerUsd * (0.1 + 1.9 * u) * (1 + i / 4)));
    return formatTicks(Number.isSafeInteger(units) ? units : 1, def.amountDecimals);
  };
  const bids: Level[] = [];
  const asks: Level[] = [];
  for (let i = 0; i < levels; i++) {
    const bid = bestBid - i * step;
    if (bid >= 1) bids.push([formatTicks(bid, pd), size(0, i)]);
    asks.push([formatTicks(bestAsk + i * step, pd), size(1, i)]);
  }
  return { bids, asks };
}
