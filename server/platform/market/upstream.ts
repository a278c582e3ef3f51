// The market fed by an upstream HTX-protocol market-data websocket (MARKET_SOURCE=upstream):
// gzip JSON frames, ping answered with pong, reconnection with back-off. It subscribes to
// market.tickers and to the 1-minute and daily klines of the crypto pairs (from: 1), asks for
// their history on each connect, and records what it uses in the simulator's tables
// (server/platform/market/store.ts): the bars as received and, for every second that ends while the
// upstream is fresh, the last price received by then. Futures settle and orders fill only
// from those records; when the upstream has been silent longer than the stale limit the
// price is stale: price() throws StalePriceError and the seconds are not recorded.
import { gunzipSync } from 'node:zlib';
import WebSocket from 'ws';
import { formatTicks, parseTicks } from '../../../contract/decimal.ts';
import type { Db } from '../../core/db/index.ts';
import { DAY_SEC, isWeekend, MINUTE_SEC, MINUTES_PER_DAY } from './calendar.ts';
import { MARKETS } from './index.ts';
import { formatBar, mergeBars, type RawBar, VOL_DECIMALS } from './series.ts';
import { MINUTE_DAYS, PERIOD_SPECS, RECORD_SEC, type RawBarAt } from './simulator.ts';
import { type MarketRecords, readRecords, writeRecords, persistTicks } from './store.ts';
import { type Bar, type MarketData, type MarketDef, type Period, StalePriceError } from './types.ts';

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
}

export interface StoredUpstreamMarket {
  market: UpstreamMarket;
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Bars of one unit (minute or day) by index, with the indices kept sorted. */
class Bars {
  readonly byIdx = new Map<number, RawBar>();
  idx: number[] = [];
  dirty = new Set<number>();

  put(i: number, bar: RawBar, dirty = true): void {
    if (!this.byIdx.has(i)) {
      const at = this.idx.length === 0 || i > this.idx[this.idx.length - 1] ? this.idx.length : lowerBound(this.idx, i);
      this.idx.splice(at, 0, i);
    }
    this.byIdx.set(i, bar);
    if (dirty) this.dirty.add(i);
  }

  /** Drops bars before index `from` (memory only; the database keeps them) */
  trim(from: number): void {
    const n = lowerBound(this.idx, from);
    if (n === 0) return;
    for (const i of this.idx.slice(0, n)) this.byIdx.delete(i);
    this.idx = this.idx.slice(n);
  }

  drain(): RawBarAt[] {
    const out = [...this.dirty].sort((a, b) => a - b).flatMap((i) => {
      const b = this.byIdx.get(i);
      return b ? [{ idx: i, ...b }] : [];
    });
    this.dirty.clear();
    return out;
  }
}

function lowerBound(list: number[], value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

type Json = Record<string, unknown>;

class UpPair {
  readonly pd: number;
  readonly ad: number;
  /** Last price received, in ticks */
  price: number | undefined;
  /** Clock time of the last price received */
  lastAt: number | undefined;
  /** Seconds up to this one are final: recorded (fresh) or left without a price (stale) */
  finalSec: number;
  readonly rec = new Map<number, number>();
  newTicks: [number, number][] = [];
  readonly minutes = new Bars();
  readonly days = new Bars();
  /** Rolling 24 h values from market.tickers */
  day24: RawBar | undefined;

  constructor(
    readonly def: MarketDef,
    startSec: number,
  ) {
    this.pd = def.priceDecimals;
    this.ad = def.amountDecimals;
    this.finalSec = startSec;
  }

  /** Integer units of a pushed number with `decimals` places, or undefined if it is not a usable one */
  static units(value: unknown, decimals: number): number | undefined {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
    try {
      return parseTicks(value.toFixed(decimals), decimals);
    } catch {
      return undefined;
    }
  }

  /** A pushed bar (HTX numbers) in raw units; undefined when malformed */
  raw(b: Json): (RawBar & { id: number }) | undefined {
    const o = UpPair.units(b.open, this.pd);
    const h = UpPair.units(b.high, this.pd);
    const l = UpPair.units(b.low, this.pd);
    const c = UpPair.units(b.close, this.pd);
    const a = UpPair.units(b.amount ?? 0, this.ad);
    const v = UpPair.units(b.vol ?? 0, VOL_DECIMALS);
    const n = typeof b.count === 'number' && Number.isSafeInteger(b.count) && b.count >= 0 ? b.count : 0;
    if (typeof b.id !== 'number' || !Number.isSafeInteger(b.id) || o === undefined || h === undefined || l === undefined || c === undefined || a === undefined || v === undefined) {
      return undefined;
    }
    if (!(c > 0)) return undefined;
    return { id: b.id, o, h, l, c, a, v, n };
  }

  /**
   * Finalizes every second that ended by clock time `ms`: a second that ended while the price
   * was fresh records the price in force at its end; one that ended stale records nothing.
   */
  sync(ms: number, staleMs: number): void {
    const endSec = Math.floor(ms / 1000) - 1;
    if (endSec <= this.finalSec) return;
    if (this.price !== undefined && this.lastAt !== undefined) {
      // the last second that ends within the stale limit of the last price
      const freshUntil = Math.floor((this.lastAt + staleMs) / 1000) - 1;
      const from = Math.max(this.finalSec + 1, endSec - RECORD_SEC + 1);
      for (let s = from; s <= Math.min(endSec, freshUntil); s++) {
        this.rec.set(s, this.price);
        this.newTicks.push([s, this.price]);
      }
    }
    this.finalSec = endSec;
    if (this.rec.size > RECORD_SEC + 600) {
      for (const s of this.rec.keys()) if (s <= endSec - RECORD_SEC) this.rec.delete(s);
    }
  }

  setPrice(ticks: number, ms: number, staleMs: number): void {
    this.sync(ms, staleMs);
    this.price = ticks;
    this.lastAt = ms;
  }

  stale(ms: number, staleMs: number): boolean {
    return this.price === undefined || this.lastAt === undefined || ms - this.lastAt > staleMs;
  }

  bars(period: Period, limit: number, fromSec?: number, toSec?: number): Bar[] {
    const spec = PERIOD_SPECS[period];
    const store = spec.unit === 'minute' ? this.minutes : this.days;
    const unitSec = spec.unit === 'minute' ? MINUTE_SEC : DAY_SEC;
    const out: Bar[] = [];
    if (!(limit > 0) || store.idx.length === 0) return out;
    const first = store.idx[0];
    let i = store.idx.length - 1;
    if (toSec !== undefined) {
      const lastUnit = Math.floor(toSec / unitSec);
      while (i >= 0 && store.idx[i] > lastUnit) i--;
    }
    while (i >= 0 && out.length < limit) {
      const bucket = spec.bucket(store.idx[i]);
      const start = spec.start(bucket);
      // a bucket that began before the first stored bar is incomplete: not served (as the simulator does)
      if (start < first) break;
      if (fromSec !== undefined && start * unitSec < fromSec) break;
      let j = i;
      while (j > 0 && spec.bucket(store.idx[j - 1]) === bucket) j--;
      out.push(this.format(start * unitSec, aggregateBars(store, j, i + 1)));
      i = j - 1;
    }
    return out.reverse();
  }

  format(id: number, raw: RawBar): Bar {
    return formatBar(id, raw, this.pd, this.ad);
  }
}

function aggregateBars(store: Bars, from: number, to: number): RawBar {
  return mergeBars(store.idx.slice(from, to).map((i) => store.byIdx.get(i)!));
}

const KLINE = /^market\.([a-z0-9]+)\.kline\.(1min|1day)$/;

export function createUpstreamMarket(opts: UpstreamMarketOptions, restored: readonly MarketRecords[] = []): UpstreamMarket {
  const { now, url } = opts;
  const staleMs = opts.staleMs ?? DEFAULT_STALE_MS;
  const minBackoff = opts.reconnectMinMs ?? RECONNECT_MIN_MS;
  const maxBackoff = opts.reconnectMaxMs ?? RECONNECT_MAX_MS;
  const idleMs = opts.idleMs ?? Math.max(3 * staleMs, 15_000);
  const defs = (opts.markets ?? MARKETS).filter((d) => d.from === 1);
  const startSec = Math.floor(now() / 1000) - 1;
  const pairs = new Map(defs.map((d) => [d.symbol, new UpPair(d, startSec)]));
  for (const r of restored) {
    const p = pairs.get(r.symbol);
    if (!p) continue;
    for (const b of r.minutes) p.minutes.put(b.idx, b, false);
    for (const b of r.days) p.days.put(b.idx, b, false);
    for (const [s, price] of r.ticks) if (s <= startSec) p.rec.set(s, price);
  }
  const listeners = new Set<(ts: number) => void>();
  let ws: WebSocket | undefined;
  let closed = false;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let tickPending = false;
  let lastFrameReal = Date.now();
  let nextId = 1;
  let reportedError = false;

  const pairOf = (symbol: string): UpPair => {
    const p = pairs.get(symbol);
    if (!p) throw new Error(`unknown market ${symbol}`);
    return p;
  };

  const notify = () => {
    if (tickPending || closed) return;
    tickPending = true;
    setImmediate(() => {
      tickPending = false;
      if (closed) return;
      const ts = now();
      for (const l of [...listeners]) {
        try {
          l(ts);
        } catch {
          // a failing listener must not stop the market or the other listeners
        }
      }
    });
  };

  const trimMinutes = (p: UpPair) => p.minutes.trim((Math.floor(now() / 1000 / DAY_SEC) - MINUTE_DAYS) * MINUTES_PER_DAY);

  const putBar = (p: UpPair, unit: 'minute' | 'day', b: Json): (RawBar & { id: number }) | undefined => {
    const raw = p.raw(b);
    if (!raw) return undefined;
    const unitSec = unit === 'minute' ? MINUTE_SEC : DAY_SEC;
    (unit === 'minute' ? p.minutes : p.days).put(Math.floor(raw.id / unitSec), raw);
    return raw;
  };

  const onFrame = (json: Json) => {
    const ts = now();
    if (typeof json.ping === 'number') {
      ws?.send(JSON.stringify({ pong: json.ping }));
      return;
    }
    if (json.status === 'error') {
      if (!reportedError) console.error('market upstream:', json['err-msg'] ?? json);
      reportedError = true;
      return;
    }
    const ch = typeof json.ch === 'string' ? json.ch : typeof json.rep === 'string' ? json.rep : undefined;
    if (!ch) return;
    let changed = false;
    if (ch === 'market.tickers' && Array.isArray(json.data)) {
      for (const row of json.data as Json[]) {
        const p = typeof row?.symbol === 'string' ? pairs.get(row.symbol) : undefined;
        const raw = p?.raw({ ...row, id: 0 });
        if (!p || !raw) continue;
        p.day24 = raw;
        p.setPrice(raw.c, ts, staleMs);
        changed = true;
      }
    } else {
      const m = KLINE.exec(ch);
      const p = m ? pairs.get(m[1]) : undefined;
      if (!m || !p) return;
      const unit = m[2] === '1min' ? 'minute' : 'day';
      const list = Array.isArray(json.data) ? (json.data as Json[]) : json.tick && typeof json.tick === 'object' ? [json.tick as Json] : [];
      let last: RawBar | undefined;
      for (const b of list) last = putBar(p, unit, b) ?? last;
      if (unit === 'minute' && last) {
        p.setPrice(last.c, ts, staleMs);
        trimMinutes(p);
      }
      changed = last !== undefined;
    }
    if (changed) notify();
  };

  const subscribe = () => {
    const send = (msg: Json) => ws?.send(JSON.stringify({ ...msg, id: `u${nextId++}` }));
    for (const d of defs) {
      for (const period of ['1min', '1day']) send({ req: `market.${d.symbol}.kline.${period}` });
    }
    send({ sub: 'market.tickers' });
    for (const d of defs) {
      for (const period of ['1min', '1day']) send({ sub: `market.${d.symbol}.kline.${period}` });
    }
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    const base = Math.min(maxBackoff, minBackoff * 2 ** Math.min(attempt, 20));
    attempt++;
    reconnectTimer = setTimeout(
      () => {
        reconnectTimer = undefined;
        connect();
      },
      base / 2 + Math.random() * (base / 2),
    );
    reconnectTimer.unref();
  };

  function connect(): void {
    if (closed) return;
    let socket: WebSocket;
    try {
      socket = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 10_000 });
    } catch (error) {
      if (!reportedError) console.error('market upstream:', error);
      reportedError = true;
      scheduleReconnect();
      return;
    }
    ws = socket;
    socket.binaryType = 'nodebuffer';
    socket.on('open', () => {
      lastFrameReal = Date.now();
      subscribe();
    });
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      lastFrameReal = Date.now();
      attempt = 0;
      let json: unknown;
      try {
        json = JSON.parse(isBinary ? gunzipSync(data).toString('utf8') : data.toString('utf8'));
      } catch {
        return;
      }
      if (json && typeof json === 'object') onFrame(json as Json);
    });
    socket.on('error', () => {
      // 'close' follows; reconnection happens there
    });
    socket.on('close', () => {
      if (ws === socket) ws = undefined;
      scheduleReconnect();
    });
  }

  // a connection that went quiet (no data, no ping) is dropped and reopened
  const watchdog = setInterval(() => {
    if (ws && ws.readyState === WebSocket.OPEN && Date.now() - lastFrameReal > idleMs) ws.terminate();
  }, 1000);
  watchdog.unref();
  connect();

  const sync = (p: UpPair) => p.sync(now(), staleMs);

  return {
    markets: () => defs,
    market: (symbol) => pairs.get(symbol)?.def,
    price(symbol) {
      const p = pairOf(symbol);
      sync(p);
      if (p.stale(now(), staleMs)) throw new StalePriceError(symbol);
      return formatTicks(p.price!, p.pd);
    },
    isStale(symbol) {
      const p = pairs.get(symbol);
      return !p || p.stale(now(), staleMs);
    },
    isOpen(symbol, at) {
      const p = pairs.get(symbol);
      if (!p) return false;
      return p.def.weekendClosed !== true || !isWeekend(Math.floor((at ?? now()) / 1000 / DAY_SEC));
    },
    day(symbol) {
      const p = pairOf(symbol);
      const minute = Math.floor(now() / 1000 / MINUTE_SEC);
      const id = (minute - MINUTES_PER_DAY + 1) * MINUTE_SEC;
      if (p.day24) return p.format(id, p.day24);
      const from = lowerBound(p.minutes.idx, id / MINUTE_SEC);
      if (from < p.minutes.idx.length) return p.format(id, aggregateBars(p.minutes, from, p.minutes.idx.length));
      const c = p.price ?? 0;
      return p.format(id, { o: c, h: c, l: c, c, a: 0, v: 0, n: 0 });
    },
    bars(symbol, period, limit, fromSec, toSec) {
      const p = pairOf(symbol);
      if (!(period in PERIOD_SPECS)) throw new Error(`unknown period ${period}`);
      return p.bars(period, limit, fromSec, toSec);
    },
    priceAt(symbol, sec) {
      const p = pairOf(symbol);
      sync(p);
      if (sec > p.finalSec) return undefined;
      const price = p.rec.get(sec);
      return price === undefined ? null : formatTicks(price, p.pd);
    },
    onTick(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    close() {
      if (closed) return;
      closed = true;
      clearInterval(watchdog);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      ws?.terminate();
      ws = undefined;
      listeners.clear();
    },
    connected: () => ws?.readyState === WebSocket.OPEN,
    lastPriceAt: (symbol) => pairs.get(symbol)?.lastAt,
    drain() {
      return [...pairs.values()].map((p) => {
        sync(p);
        const ticks = p.newTicks;
        p.newTicks = [];
        return { symbol: p.def.symbol, minutes: p.minutes.drain(), days: p.days.drain(), ticks };
      });
    },
  };
}

/**
 * The upstream-fed market over the database: stored bars and recorded prices are read back
 * at start (so orders due before a restart settle from them), and what is recorded is written
 * after every update (writes never overlap).
 */
export async function openUpstreamMarket(db: Db, opts: UpstreamMarketOptions): Promise<StoredUpstreamMarket> {
  const nowSec = Math.floor(opts.now() / 1000);
  const minuteFrom = (Math.floor(nowSec / DAY_SEC) - MINUTE_DAYS) * MINUTES_PER_DAY;
  const defs = (opts.markets ?? MARKETS).filter((d) => d.from === 1);
  const restored = await Promise.all(defs.map((d) => readRecords(db, d.symbol, minuteFrom, nowSec - RECORD_SEC)));
  const market = createUpstreamMarket(opts, restored);
  let prunedAt = 0;

  const writeOnce = async () => {
    const sec = Math.floor(opts.now() / 1000);
    const prune = sec - prunedAt >= PRUNE_EVERY_SEC;
    const records = market.drain().filter((r) => r.minutes.length + r.days.length + r.ticks.length > 0);
    if (records.length === 0 && !prune) return;
    await db.transaction().execute((trx) => writeRecords(trx, records, prune ? sec - RECORD_SEC : undefined));
    if (prune) prunedAt = sec;
  };

  return { market, ...persistTicks(market, writeOnce) };
}
