// Feed throughput: raw inflate vs the full client path (inflate + TextDecoder + JSON.parse +
// fan-out + coalesced store write) on a 100-pair `market.tickers` stream.
//
//   npx tsx tests/bench/feed-throughput.ts [frames=2000] [rounds=7]
//
// Runs with NODE_ENV=production unless set, so Redux Toolkit's dev-only invariant checks
// (which walk the whole state on every dispatch) do not count. Not part of the test suite.
import { gzip, inflate } from 'pako';
import markets from '../../schemas/config/markets.json';
import type { WebSocketLike } from '../../src/feed/types';

process.env.NODE_ENV ??= 'production';

const N = Number(process.argv[2] ?? 2000);
const ROUNDS = Number(process.argv[3] ?? 7);
const PAIRS = 100;

// ---- a deterministic, realistic 100-pair stream --------------------------------------
let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const fix = (x: number, d: number) => Number(x.toFixed(d));

const crypto = markets.markets.filter((m) => m.from === 1);
const pairs = Array.from({ length: PAIRS }, (_, i) => {
  const base = crypto[i % crypto.length];
  const decimals = base.priceDecimals;
  return {
    symbol: i < crypto.length ? base.symbol : `${base.base.toLowerCase()}${i}usdt`,
    decimals,
    amountDecimals: base.amountDecimals,
    price: Number(base.startPrice) * (0.5 + rand()),
    open: 0,
    high: 0,
    low: Infinity,
    amount: rand() * 1e6,
    count: Math.floor(rand() * 1e5),
  };
});
for (const p of pairs) p.open = p.high = p.low = p.price;

function nextMessage(ts: number) {
  const data = pairs.map((p) => {
    p.price *= Math.exp((rand() - 0.5) * 0.002);
    p.high = Math.max(p.high, p.price);
    p.low = Math.min(p.low, p.price);
    p.amount += rand() * 10;
    p.count += 1 + Math.floor(rand() * 5);
    const tick = 10 ** -p.decimals;
    const close = fix(p.price, p.decimals);
    return {
      symbol: p.symbol,
      open: fix(p.open, p.decimals),
      high: fix(p.high, p.decimals),
      low: fix(p.low, p.decimals),
      close,
      amount: fix(p.amount, p.amountDecimals),
      vol: fix(p.amount * p.price, 4),
      count: p.count,
      bid: fix(close - tick, p.decimals),
      bidSize: fix(rand() * 50, p.amountDecimals),
      ask: fix(close + tick, p.decimals),
      askSize: fix(rand() * 50, p.amountDecimals),
    };
  });
  return { ch: 'market.tickers', ts, data };
}

const t0 = 1_700_000_000_000;
let rawBytes = 0;
const frames: ArrayBuffer[] = [];
for (let i = 0; i < N; i++) {
  const json = JSON.stringify(nextMessage(t0 + i * 1000));
  rawBytes += json.length;
  const z = gzip(json);
  frames.push(z.buffer.slice(z.byteOffset, z.byteOffset + z.byteLength) as ArrayBuffer);
}
const zBytes = frames.reduce((s, f) => s + f.byteLength, 0);

// ---- the client under test -------------------------------------------------------------
const { createFeed } = await import('../../src/feed/feed');
const { connectFeedToStore } = await import('../../src/store/feedBridge');
const { createStore } = await import('../../src/store');
const { decodeFrame } = await import('../../src/feed/frame');

class BenchSocket implements WebSocketLike {
  static last: BenchSocket;
  binaryType = 'arraybuffer';
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  constructor(_url: string) {
    BenchSocket.last = this;
  }
  send(): void {}
  close(): void {}
}

interface Setup {
  deliver: (f: ArrayBuffer) => void;
  flush: () => void;
  dispatches: () => number;
  done: () => void;
}

function setup(): Setup {
  const store = createStore({ token: null, user: null });
  let writes = 0;
  const target = {
    dispatch: (a: Parameters<typeof store.dispatch>[0]) => {
      writes++;
      return store.dispatch(a);
    },
  };
  const queue: Array<() => void> = [];
  const noTimers = { setTimeout: () => 0, clearTimeout: () => {}, setInterval: () => 0, clearInterval: () => {} };
  const feed = createFeed({ url: 'ws://bench/ws', WebSocket: BenchSocket, timers: noTimers, requestFrame: (fn) => void queue.push(fn) });
  const bridge = connectFeedToStore(feed, target);
  bridge.retainTickers();
  const ws = BenchSocket.last;
  ws.onopen?.({} as Event);
  writes = 0;
  return {
    deliver: (f) => ws.onmessage?.({ data: f } as MessageEvent),
    flush: () => {
      for (const fn of queue.splice(0)) fn();
    },
    dispatches: () => writes,
    done: () => feed.close(),
  };
}

function best(run: () => void): number {
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[0];
}

function rawInflate(): void {
  for (const f of frames) inflate(new Uint8Array(f));
}

function decodeOnly(): void {
  for (const f of frames) decodeFrame(f);
}

function fullPath(messagesPerFrame: number): { ms: number; dispatches: number } {
  let dispatches = 0;
  const ms = best(() => {
    const s = setup();
    for (let i = 0; i < frames.length; i++) {
      s.deliver(frames[i]);
      if ((i + 1) % messagesPerFrame === 0) s.flush();
    }
    s.flush();
    dispatches = s.dispatches();
    s.done();
  });
  return { ms, dispatches };
}

// warm-up
rawInflate();
decodeOnly();
fullPath(1);

const rawMs = best(rawInflate);
const decodeMs = best(decodeOnly);
const each = fullPath(1);
const burst = fullPath(8);

const rate = (ms: number) => Math.round((N / ms) * 1000);
const rows: Array<[string, number, number | string, string]> = [
  ['(a) raw pako.inflate', rawMs, '-', '100 %'],
  ['decode only (inflate+TextDecoder+JSON.parse)', decodeMs, '-', `${Math.round((rawMs / decodeMs) * 100)} %`],
  ['(b) full path, flush every message', each.ms, each.dispatches, `${Math.round((rawMs / each.ms) * 100)} %`],
  ['(b) full path, flush every 8 messages', burst.ms, burst.dispatches, `${Math.round((rawMs / burst.ms) * 100)} %`],
];

console.log(`feed throughput: ${N} frames × ${PAIRS} pairs, ${(rawBytes / N / 1024).toFixed(1)} KiB JSON → ${(zBytes / N / 1024).toFixed(1)} KiB gzip per frame, best of ${ROUNDS}, NODE_ENV=${process.env.NODE_ENV}, node ${process.version}`);
console.log('');
console.log(`${'path'.padEnd(46)} ${'ms'.padStart(8)} ${'msg/s'.padStart(9)} ${'writes'.padStart(7)} ${'vs raw'.padStart(7)}`);
for (const [name, ms, writes, ratio] of rows) {
  console.log(`${name.padEnd(46)} ${ms.toFixed(1).padStart(8)} ${String(rate(ms)).padStart(9)} ${String(writes).padStart(7)} ${ratio.padStart(7)}`);
}
const ratio = rawMs / each.ms;
console.log('');
console.log(`full path (worst case, one write per message) runs at ${Math.round(ratio * 100)} % of raw inflate: target ≥ 50 % ${ratio >= 0.5 ? 'met' : 'NOT met'}`);
