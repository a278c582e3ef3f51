// The market fed by an upstream HTX-protocol market-data websocket (MARKET_SOURCE=upstream):
// the connection (upstream-connection.ts) subscribes to market.tickers and to the 1-minute
// and daily klines of the crypto pairs (from: 1) and asks for their history on each connect;
// what the frames carry goes into the pairs (upstream-frames.ts). What it uses is recorded in
// the simulator's tables (server/platform/market/store.ts): the bars as received and, for
// every second that ends while the upstream is fresh, the last price received by then. Futures
// settle and orders fill only from those records; when the upstream has been silent longer
// than the stale limit the price is stale: price() throws StalePriceError and the seconds are
// not recorded.
import { randomUUID } from 'node:crypto';
import { formatTicks } from '../../../contract/decimal.ts';
import type { Db } from '../../core/db/index.ts';
import { DAY_SEC, isWeekend, MINUTES_PER_DAY } from './calendar.ts';
import { MARKETS } from './index.ts';
import { PERIOD_SPECS } from './periods.ts';
import { MINUTE_DAYS, RECORD_SEC } from './state.ts';
import { type MarketRecords, persistTicks, readRecords, writeRecords } from './store.ts';
import { TickListeners } from './tick-listeners.ts';
import { type MarketData, type MarketDef, StalePriceError } from './types.ts';
import { UpstreamConnection } from './upstream-connection.ts';
import { applyFrame, type Json } from './upstream-frames.ts';
import { type PairUpdate, UpstreamPair } from './upstream-pair.ts';

/** Default stale limit: the upstream (HTX: a push a second, a ping every 5 s) silent this long */
export const DEFAULT_STALE_MS = 5000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 30_000;
/** Recorded prices older than this are deleted from the database, once a minute */
const PRUNE_EVERY_SEC = 60;

export interface UpstreamMarketOptions {
  /** ws:// or wss:// URL of the upstream feed (MARKET_UPSTREAM_URL) */
  url: string;
  /** Clock, epoch ms */
  now: () => number;
  /** Silence after which a price is stale (MARKET_STALE_MS, default DEFAULT_STALE_MS) */
  staleMs?: number;
  /** Pairs to quote (default: those of schemas/config/markets.json with from: 1) */
  markets?: readonly MarketDef[];
  /** Reconnection back-off bounds (real time) */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** A connection that received nothing for this long (real time) is dropped and reopened (default: 3 × staleMs, at least 15 s) */
  idleMs?: number;
}

export interface UpstreamMarket extends MarketData {
  isStale(symbol: string): boolean;
  /** Whether the websocket to the upstream is open */
  connected(): boolean;
  /** Clock time (epoch ms) of the last price received for the symbol, or undefined */
  lastPriceAt(symbol: string): number | undefined;
  /** Bars and prices recorded since the last call (the store writes them) */
  drain(pruneUpTo?: number): MarketRecords[];
  /** The same, with each pair's live price: what a cluster's followers are sent after the write */
  updates(): PairUpdate[];
}

/** A leader's message to its followers after each write: every pair's update; `seq` counts up by one within an `epoch` (one market's life) */
export interface UpstreamChanges {
  epoch: string;
  seq: number;
  pairs: PairUpdate[];
}

export interface StoredUpstreamMarket {
  market: UpstreamMarket;
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** The quoted pairs: those of the options (or all) that the upstream has (from: 1). */
const upstreamDefs = (opts: Pick<UpstreamMarketOptions, 'markets'>) => (opts.markets ?? MARKETS).filter((d) => d.from === 1);

/** The quotes of the upstream pairs, at the clock's time. */
function quotes(pairs: Map<string, UpstreamPair>, now: () => number): Omit<UpstreamMarket, 'markets' | 'onTick' | 'close' | 'connected' | 'drain' | 'updates'> {
  const pairOf = (symbol: string): UpstreamPair => {
    const p = pairs.get(symbol);
    if (!p) throw new Error(`unknown market ${symbol}`);
    return p;
  };
  return {
    market: (symbol) => pairs.get(symbol)?.def,
    price(symbol) {
      const p = pairOf(symbol);
      p.sync(now());
      if (p.stale(now())) throw new StalePriceError(symbol);
      return formatTicks(p.price!, p.pd);
    },
    isStale(symbol) {
      const p = pairs.get(symbol);
      return !p || p.stale(now());
    },
    isOpen(symbol, at) {
      const p = pairs.get(symbol);
      if (!p) return false;
      return p.def.weekendClosed !== true || !isWeekend(Math.floor((at ?? now()) / 1000 / DAY_SEC));
    },
    day: (symbol) => pairOf(symbol).rollingDay(now()),
    bars(symbol, period, limit, fromSec, toSec) {
      const p = pairOf(symbol);
      if (!(period in PERIOD_SPECS)) throw new Error(`unknown period ${period}`);
      return p.bars(period, limit, fromSec, toSec);
    },
    priceAt(symbol, sec) {
      const p = pairOf(symbol);
      p.sync(now());
      if (sec > p.finalSec) return undefined;
      const price = p.rec.get(sec);
      return price === undefined ? null : formatTicks(price, p.pd);
    },
    lastPriceAt: (symbol) => pairs.get(symbol)?.lastAt,
  };
}

/** The pairs and quotes of an upstream market, with its tick listeners; `following`: a cluster follower's copy (upstream-replica.ts). */
export function upstreamQuotes(opts: Omit<UpstreamMarketOptions, 'url'>, restored: readonly MarketRecords[], following = false) {
  const { now } = opts;
  const defs = upstreamDefs(opts);
  // a follower's seconds are final up to the last one the leader stored, until the leader's updates say more
  const startSec = following ? 0 : Math.floor(now() / 1000) - 1;
  const pairs = new Map(defs.map((d) => [d.symbol, new UpstreamPair(d, startSec, opts.staleMs ?? DEFAULT_STALE_MS, following)]));
  for (const r of restored) pairs.get(r.symbol)?.restore(r, following ? Infinity : startSec);
  const listeners = new TickListeners();
  let closed = false;
  let tickPending = false;
  // the listeners hear once for all the frames that arrived together
  const notify = () => {
    if (tickPending || closed) return;
    tickPending = true;
    setImmediate(() => {
      tickPending = false;
      if (!closed) listeners.fire(now());
    });
  };
  const market = {
    markets: () => defs,
    ...quotes(pairs, now),
    onTick: (listener: (ts: number) => void) => listeners.add(listener),
    close() {
      closed = true;
      listeners.clear();
    },
  };
  return { pairs, notify, market };
}

export function createUpstreamMarket(opts: UpstreamMarketOptions, restored: readonly MarketRecords[] = []): UpstreamMarket {
  const { now } = opts;
  const { pairs, notify, market } = upstreamQuotes(opts, restored);
  const connection = new UpstreamConnection({
    url: opts.url,
    symbols: [...pairs.keys()],
    minBackoff: opts.reconnectMinMs ?? RECONNECT_MIN_MS,
    maxBackoff: opts.reconnectMaxMs ?? RECONNECT_MAX_MS,
    idleMs: opts.idleMs ?? Math.max(3 * (opts.staleMs ?? DEFAULT_STALE_MS), 15_000),
    onFrame: (json: Json) => {
      if (applyFrame({ pairs, now }, json, now())) notify();
    },
  });
  return {
    ...market,
    close() {
      connection.close();
      market.close();
    },
    connected: () => connection.connected(),
    drain: () => [...pairs.values()].map((p) => p.drain(now())),
    updates: () => [...pairs.values()].map((p) => p.update(now())),
  };
}

/**
 * The upstream-fed market over the database: stored bars and recorded prices are read back
 * at start (so orders due before a restart settle from them), and what is recorded is written
 * after every update (writes never overlap).
 */
export async function openUpstreamMarket(db: Db, opts: UpstreamMarketOptions, afterWrite?: (changes: UpstreamChanges) => void): Promise<StoredUpstreamMarket> {
  const market = createUpstreamMarket(opts, await readUpstreamRecords(db, opts));
  const epoch = randomUUID();
  let seq = 0;
  let prunedAt = 0;

  const writeOnce = async () => {
    const sec = Math.floor(opts.now() / 1000);
    const prune = sec - prunedAt >= PRUNE_EVERY_SEC;
    const updates = market.updates();
    const records = updates.filter((r) => r.minutes.length + r.days.length + r.ticks.length > 0);
    if (records.length > 0 || prune) {
      await db.transaction().execute((trx) => writeRecords(trx, records, prune ? sec - RECORD_SEC : undefined));
      if (prune) prunedAt = sec;
    }
    afterWrite?.({ epoch, seq: ++seq, pairs: updates });
  };

  return { market, ...persistTicks(market, writeOnce) };
}

/** What was stored of the upstream pairs: the bars of the minutes kept in memory and the prices recorded up to the last second. */
export function readUpstreamRecords(db: Db, opts: Omit<UpstreamMarketOptions, 'url'>): Promise<MarketRecords[]> {
  const nowSec = Math.floor(opts.now() / 1000);
  const minuteFrom = (Math.floor(nowSec / DAY_SEC) - MINUTE_DAYS) * MINUTES_PER_DAY;
  return Promise.all(upstreamDefs(opts).map((d) => readRecords(db, d.symbol, minuteFrom, nowSec - RECORD_SEC)));
}
