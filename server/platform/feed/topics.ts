// Topics of the HTX-compatible market feed and the payloads pushed for them. Prices and
// amounts go out as JSON numbers (parsed from the exact decimal strings), as HTX sends them.
import { orderBook } from '../market/book.ts';
import type { Bar, MarketData, MarketDef, Period } from '../market/types.ts';
import { PERIODS } from '../market/types.ts';

export type Topic =
  | { kind: 'tickers'; name: string }
  | { kind: 'detail'; name: string; def: MarketDef }
  | { kind: 'kline'; name: string; def: MarketDef; period: Period }
  | { kind: 'depth'; name: string; def: MarketDef };

/** Bars per kline request, and per REST kline call */
export const MAX_BARS = 300;
/** Levels on each side of market.$symbol.depth.step0 */
export const DEPTH_LEVELS = 20;

const TOPIC = /^market\.([a-z0-9]{1,20})\.(detail|kline\.([0-9a-z]{1,6})|depth\.step0)$/;

/** The topic named `name`, or a reason it is not one. */
export function parseTopic(market: MarketData, name: unknown): Topic | string {
  if (typeof name !== 'string' || name.length === 0) return 'topic must be a string';
  if (name === 'market.tickers') return { kind: 'tickers', name };
  const m = TOPIC.exec(name);
  if (!m) return `invalid topic ${name}`;
  const def = market.market(m[1]);
  if (!def) return `invalid symbol ${m[1]}`;
  if (m[2] === 'detail') return { kind: 'detail', name, def };
  if (m[2] === 'depth.step0') return { kind: 'depth', name, def };
  const period = m[3] as Period;
  if (!PERIODS.includes(period)) return `invalid period ${m[3]}`;
  return { kind: 'kline', name, def, period };
}

export interface NumericBar {
  id: number;
  open: number;
  close: number;
  low: number;
  high: number;
  amount: number;
  vol: number;
  count: number;
}

export function numericBar(bar: Bar): NumericBar {
  return {
    id: bar.id,
    open: Number(bar.open),
    close: Number(bar.close),
    low: Number(bar.low),
    high: Number(bar.high),
    amount: Number(bar.amount),
    vol: Number(bar.vol),
    count: bar.count,
  };
}

export interface TickerRow {
  symbol: string;
  open: number;
  high: number;
  low: number;
  close: number;
  amount: number;
  vol: number;
  count: number;
  bid: number;
  bidSize: number;
  ask: number;
  askSize: number;
}

/** market.tickers: every crypto pair (from 1), 24 h values and the top of the book. */
export function tickers(market: MarketData, sec: number): TickerRow[] {
  return market
    .markets()
    .filter((def) => def.from === 1)
    .map((def) => {
      const day = market.day(def.symbol);
      const book = orderBook(def, day.close, sec, 1);
      const [bid, bidSize] = book.bids[0] ?? ['0', '0'];
      const [ask, askSize] = book.asks[0];
      return {
        symbol: def.symbol,
        open: Number(day.open),
        high: Number(day.high),
        low: Number(day.low),
        close: Number(day.close),
        amount: Number(day.amount),
        vol: Number(day.vol),
        count: day.count,
        bid: Number(bid),
        bidSize: Number(bidSize),
        ask: Number(ask),
        askSize: Number(askSize),
      };
    });
}

/** market.$symbol.detail: the rolling 24 h bar; id and version are the second of the tick. */
export function detail(market: MarketData, def: MarketDef, sec: number) {
  const day = numericBar(market.day(def.symbol));
  return { id: sec, amount: day.amount, count: day.count, open: day.open, close: day.close, low: day.low, high: day.high, vol: day.vol, version: sec };
}

/** market.$symbol.kline.$period: the live bar. */
export function liveBar(market: MarketData, def: MarketDef, period: Period): NumericBar | undefined {
  const bars = market.bars(def.symbol, period, 1);
  const last = bars[bars.length - 1];
  return last ? numericBar(last) : undefined;
}

/** market.$symbol.depth.step0 */
export function depth(market: MarketData, def: MarketDef, ts: number, sec: number) {
  const book = orderBook(def, market.price(def.symbol), sec, DEPTH_LEVELS);
  const levels = (side: [string, string][]) => side.map(([p, s]) => [Number(p), Number(s)]);
  return { bids: levels(book.bids), asks: levels(book.asks), ts, version: sec };
}

/** Bars for a kline request: ids within [from, to], the newest MAX_BARS of them, oldest first. */
export function klineHistory(market: MarketData, def: MarketDef, period: Period, from?: number, to?: number): NumericBar[] {
  if (from !== undefined && to !== undefined && from > to) return [];
  return market.bars(def.symbol, period, MAX_BARS, from, to).map(numericBar);
}
