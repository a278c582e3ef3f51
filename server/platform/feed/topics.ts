// Topics of the HTX-compatible market feed and the payloads pushed for them. Prices and
// amounts go out as JSON numbers (parsed from the exact decimal strings), as HTX sends them.
// The topic names, the payload types and the limits are the protocol's (contract/feed-protocol.ts).
import { DEPTH_LEVELS, type DetailTick, type DepthTick, type KlineTick, MAX_BARS, SYMBOL_TOPIC_PATTERN, TICKERS_TOPIC, type TickerRow } from '../../../contract/feed-protocol.ts';
import { orderBook } from '../market/book.ts';
import type { Bar, MarketData, MarketDef, Period } from '../market/types.ts';
import { PERIODS } from '../market/types.ts';

export type Topic =
  | { kind: 'tickers'; name: string }
  | { kind: 'detail'; name: string; def: MarketDef }
  | { kind: 'kline'; name: string; def: MarketDef; period: Period }
  | { kind: 'depth'; name: string; def: MarketDef };

/** The topic named `name`, or a reason it is not one. */
export function parseTopic(market: MarketData, name: unknown): Topic | string {
  if (typeof name !== 'string' || name.length === 0) return 'topic must be a string';
  if (name === TICKERS_TOPIC) return { kind: 'tickers', name };
  const m = SYMBOL_TOPIC_PATTERN.exec(name);
  if (!m) return `invalid topic ${name}`;
  const def = market.market(m[1]);
  if (!def) return `invalid symbol ${m[1]}`;
  if (m[2] === 'detail') return { kind: 'detail', name, def };
  if (m[2] === 'depth.step0') return { kind: 'depth', name, def };
  const period = m[3] as Period;
  if (!PERIODS.includes(period)) return `invalid period ${m[3]}`;
  return { kind: 'kline', name, def, period };
}

export function numericBar(bar: Bar): KlineTick {
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
export function detail(market: MarketData, def: MarketDef, sec: number): DetailTick {
  const day = numericBar(market.day(def.symbol));
  return { id: sec, amount: day.amount, count: day.count, open: day.open, close: day.close, low: day.low, high: day.high, vol: day.vol, version: sec };
}

/** market.$symbol.kline.$period: the live bar. */
export function liveBar(market: MarketData, def: MarketDef, period: Period): KlineTick | undefined {
  const bars = market.bars(def.symbol, period, 1);
  const last = bars[bars.length - 1];
  return last ? numericBar(last) : undefined;
}

/** market.$symbol.depth.step0 */
export function depth(market: MarketData, def: MarketDef, ts: number, sec: number): DepthTick {
  const book = orderBook(def, market.price(def.symbol), sec, DEPTH_LEVELS);
  const levels = (side: [string, string][]) => side.map(([p, s]): [number, number] => [Number(p), Number(s)]);
  return { bids: levels(book.bids), asks: levels(book.asks), ts, version: sec };
}

/** Bars for a kline request: ids within [from, to], the newest MAX_BARS of them, oldest first. */
export function klineHistory(market: MarketData, def: MarketDef, period: Period, from?: number, to?: number): KlineTick[] {
  if (from !== undefined && to !== undefined && from > to) return [];
  return market.bars(def.symbol, period, MAX_BARS, from, to).map(numericBar);
}
