// The market websocket at /ws against a running server, with a raw `ws` client: HTX
// framing (every server frame gzip JSON in a binary frame), heartbeat, sub/unsub/req,
// the pushed payloads, errors that keep the connection, and the cost of a tick.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildServer } from '../../server/composition/app.ts';
import { CLOSE_PING_TIMEOUT, configureFeed, FEED_DEFAULTS } from '../../server/platform/feed/index.ts';
import { MARKETS } from '../../server/platform/market/index.ts';
import { type Loose, tempDir } from './helpers.ts';

const PING_MS = 400;
const CRYPTO = MARKETS.filter((d) => d.from === 1).map((d) => d.symbol);

interface Frame {
  json: Loose;
  at: number;
}

class FeedClient {
  readonly frames: Frame[] = [];
  readonly violations: string[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: { since: number; pred: (f: Loose) => boolean; resolve: (f: Loose) => void }[] = [];

  private constructor(
    readonly ws: WebSocket,
    public autoPong: boolean,
  ) {
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    ws.on('message', (data, isBinary) => this.receive(data as Buffer, isBinary));
  }

  static open(port: number, autoPong = true): Promise<FeedClient> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const client = new FeedClient(ws, autoPong);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
    });
  }

  private receive(data: Buffer, isBinary: boolean): void {
    if (!isBinary) this.violations.push(`text frame: ${data.toString().slice(0, 80)}`);
    let json: Loose;
    try {
      json = JSON.parse(gunzipSync(data).toString('utf8'));
    } catch (error) {
      this.violations.push(`not gzip JSON: ${String(error)}`);
      return;
    }
    if (this.autoPong && typeof json.ping === 'number') this.send({ pong: json.ping });
    this.frames.push({ json, at: Date.now() });
    const index = this.frames.length - 1;
    for (const w of [...this.waiters]) {
      if (index >= w.since && w.pred(json)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(json);
      }
    }
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Index of the next frame to arrive */
  mark(): number {
    return this.frames.length;
  }

  /** The first frame from index `since` on that matches. */
  waitFor(pred: (f: Loose) => boolean, since = 0, timeoutMs = 4000): Promise<Loose> {
    const found = this.frames.slice(since).find((f) => pred(f.json));
    if (found) return Promise.resolve(found.json);
    return new Promise((resolve, reject) => {
      const waiter = { since, pred, resolve };
      this.waiters.push(waiter);
      setTimeout(() => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) {
          this.waiters.splice(i, 1);
          reject(new Error(`no matching frame within ${timeoutMs} ms; last: ${JSON.stringify(this.frames.slice(-3).map((f) => f.json)).slice(0, 500)}`));
        }
      }, timeoutMs);
    });
  }

  /** Sends a message and waits for the reply frame that matches. */
  async ask(message: unknown, pred: (f: Loose) => boolean): Promise<Loose> {
    const since = this.mark();
    this.send(message);
    return this.waitFor(pred, since);
  }

  since(index: number): Loose[] {
    return this.frames.slice(index).map((f) => f.json);
  }

  close(): void {
    this.ws.close();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isError = (f: Loose) => f.status === 'error';
const isPush = (ch: string) => (f: Loose) => f.ch === ch;

let app: FastifyInstance;
let port: number;
const clients: FeedClient[] = [];

async function client(autoPong = true): Promise<FeedClient> {
  const c = await FeedClient.open(port, autoPong);
  clients.push(c);
  return c;
}

beforeAll(async () => {
  const restore = configureFeed({ pingIntervalMs: PING_MS });
  try {
    app = await buildServer({ dataDir: tempDir('coinapp-feed-'), marketSeed: 7 });
  } finally {
    restore();
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterEach(() => {
  for (const c of clients.splice(0)) {
    expect(c.violations).toEqual([]);
    c.close();
  }
});

afterAll(() => app.close());

describe('feed framing and heartbeat', () => {
  it('the default ping interval is 5 s, and tests shorten it with configureFeed', () => {
    expect(FEED_DEFAULTS.pingIntervalMs).toBe(5000);
    expect(app.feed.options.pingIntervalMs).toBe(PING_MS);
  });

  it('the server pings {"ping": ts} within the interval; answering keeps the connection', async () => {
    const c = await client();
    const start = Date.now();
    const ping = await c.waitFor((f) => 'ping' in f, 0, PING_MS * 3);
    expect(Object.keys(ping)).toEqual(['ping']);
    expect(typeof ping.ping).toBe('number');
    expect(Date.now() - start).toBeLessThanOrEqual(PING_MS + 200);
    await sleep(PING_MS * 5);
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    expect(c.since(0).filter((f) => 'ping' in f).length).toBeGreaterThanOrEqual(4);
  });

  it('a client that leaves two pings unanswered is closed', async () => {
    const c = await client(false);
    const start = Date.now();
    const closed = await c.closed;
    const pings = c.since(0).filter((f) => 'ping' in f);
    expect(pings).toHaveLength(2);
    expect(closed.code).toBe(CLOSE_PING_TIMEOUT);
    expect(Date.now() - start).toBeGreaterThanOrEqual(PING_MS);
    expect(Date.now() - start).toBeLessThan(PING_MS * 4 + 500);
  });

  it('a client that never answers but sends its own ping (the spec’s client, every 5 s) stays connected', async () => {
    const c = await client(false);
    const timer = setInterval(() => c.send({ ping: Date.now() }), PING_MS);
    await sleep(PING_MS * 6);
    clearInterval(timer);
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    expect(c.since(0).filter((f) => 'ping' in f).length).toBeGreaterThanOrEqual(4);
    // once it falls silent, it is closed as any other
    expect((await c.closed).code).toBe(CLOSE_PING_TIMEOUT);
  });

  it('answering only the latest ping is enough', async () => {
    const c = await client(false);
    c.ws.on('message', (data) => {
      const f = JSON.parse(gunzipSync(data as Buffer).toString());
      // Answer every other ping: never two unanswered in a row.
      if (typeof f.ping === 'number' && c.since(0).filter((x) => 'ping' in x).length % 2 === 0) c.send({ pong: f.ping });
    });
    await sleep(PING_MS * 6);
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('a client ping gets {"pong": ts} with the same ts', async () => {
    const c = await client();
    const pong = await c.ask({ ping: 1712345678901 }, (f) => 'pong' in f);
    expect(pong).toEqual({ pong: 1712345678901 });
  });

  it('plain HTTP keeps working on the same port; GET /ws without upgrade is 426', async () => {
    const site = await fetch(`http://127.0.0.1:${port}/api/base/site`);
    expect((await site.json()).code).toBe(0);
    const list = await fetch(`http://127.0.0.1:${port}/api/base/tradelist`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"from":1}' });
    expect((await list.json()).data.total).toBe(10);
    const ws = await fetch(`http://127.0.0.1:${port}/ws`);
    expect(ws.status).toBe(426);
    expect((await ws.json()).code).toBe(7);
    const missing = await fetch(`http://127.0.0.1:${port}/api/nope`);
    expect(missing.status).toBe(404);
  });

  it('a websocket to another path is refused', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/nope`);
    const outcome = await new Promise<string>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(`http ${res.statusCode}`));
      ws.on('open', () => resolve('open'));
      ws.on('error', (e) => resolve(`error ${e.message}`));
    });
    expect(outcome).toMatch(/404/);
    ws.terminate();
  });
});

describe('feed subscriptions', () => {
  it('sub acks {id, status, subbed, ts}; market.tickers pushes all 10 crypto pairs every second', async () => {
    const c = await client();
    const ack = await c.ask({ sub: 'market.tickers', id: 't1' }, (f) => f.subbed || isError(f));
    expect(Object.keys(ack).sort()).toEqual(['id', 'status', 'subbed', 'ts']);
    expect(ack).toMatchObject({ id: 't1', status: 'ok', subbed: 'market.tickers' });
    expect(Math.abs(ack.ts - Date.now())).toBeLessThan(5000);
    // The current value right after the ack, then one push per second.
    const first = await c.waitFor(isPush('market.tickers'));
    const second = await c.waitFor((f) => f.ch === 'market.tickers' && f.ts > first.ts);
    const third = await c.waitFor((f) => f.ch === 'market.tickers' && f.ts > second.ts);
    expect(third.ts - second.ts).toBeGreaterThanOrEqual(600);
    expect(third.ts - second.ts).toBeLessThanOrEqual(1500);
    for (const push of [first, second, third]) {
      expect(Object.keys(push).sort()).toEqual(['ch', 'data', 'ts']);
      expect(push.data.map((t: Loose) => t.symbol)).toEqual(CRYPTO);
      for (const t of push.data) {
        expect(Object.keys(t).sort()).toEqual(['amount', 'ask', 'askSize', 'bid', 'bidSize', 'close', 'count', 'high', 'low', 'open', 'symbol', 'vol'].sort());
        for (const k of ['amount', 'ask', 'askSize', 'bid', 'bidSize', 'close', 'count', 'high', 'low', 'open', 'vol']) expect(typeof t[k], k).toBe('number');
        expect(t.bid).toBeLessThan(t.ask);
        expect(t.low).toBeLessThanOrEqual(t.close);
        expect(t.high).toBeGreaterThanOrEqual(t.close);
        expect(t.close).toBeGreaterThan(0);
      }
    }
  });

  it('market.$symbol.detail pushes the 24 h values', async () => {
    const c = await client();
    await c.ask({ sub: 'market.ethusdt.detail', id: 2 }, (f) => f.subbed);
    const push = await c.waitFor(isPush('market.ethusdt.detail'));
    expect(Object.keys(push).sort()).toEqual(['ch', 'tick', 'ts']);
    expect(Object.keys(push.tick).sort()).toEqual(['amount', 'close', 'count', 'high', 'id', 'low', 'open', 'version', 'vol'].sort());
    for (const v of Object.values(push.tick)) expect(typeof v).toBe('number');
    expect(push.tick.low).toBeLessThanOrEqual(push.tick.close);
    expect(push.tick.high).toBeGreaterThanOrEqual(push.tick.close);
    const day = app.market.day('ethusdt');
    expect(push.tick.open).toBe(Number(day.open));
  });

  it('market.$symbol.kline.$period pushes the live bar when it changes, at most once per second', async () => {
    const c = await client();
    const topic = 'market.btcusdt.kline.5min';
    await c.ask({ sub: topic, id: 'k' }, (f) => f.subbed);
    await c.waitFor(isPush(topic)); // the current bar, right after the ack
    const start = c.mark();
    await sleep(3200);
    const pushes = c.since(0).filter(isPush(topic));
    expect(pushes.length).toBeGreaterThanOrEqual(3);
    // 3.2 s hold at most 4 second boundaries.
    expect(c.since(start).filter(isPush(topic)).length).toBeLessThanOrEqual(4);
    for (const p of pushes) {
      expect(Object.keys(p.tick).sort()).toEqual(['amount', 'close', 'count', 'high', 'id', 'low', 'open', 'vol']);
      expect(p.tick.id % 300).toBe(0);
      expect(p.tick.low).toBeLessThanOrEqual(p.tick.high);
    }
    for (let i = 1; i < pushes.length; i++) expect(JSON.stringify(pushes[i].tick)).not.toBe(JSON.stringify(pushes[i - 1].tick));
    for (const period of ['1min', '15min', '30min', '60min', '1day', '1week', '1mon']) {
      const ack = await c.ask({ sub: `market.solusdt.kline.${period}`, id: period }, (f) => f.id === period);
      expect(ack.status).toBe('ok');
      const push = await c.waitFor(isPush(`market.solusdt.kline.${period}`));
      expect(push.tick.close).toBeGreaterThan(0);
    }
  });

  it('market.$symbol.depth.step0: 20 levels a side, bids descending, asks ascending, best bid < best ask', async () => {
    const c = await client();
    await c.ask({ sub: 'market.btcusdt.depth.step0', id: 'd' }, (f) => f.subbed);
    await c.ask({ sub: 'market.dogeusdt.depth.step0', id: 'd2' }, (f) => f.subbed);
    for (const symbol of ['btcusdt', 'dogeusdt']) {
      const push = await c.waitFor(isPush(`market.${symbol}.depth.step0`));
      const { bids, asks, ts, version } = push.tick;
      expect(typeof ts).toBe('number');
      expect(typeof version).toBe('number');
      expect(bids).toHaveLength(20);
      expect(asks).toHaveLength(20);
      for (let i = 1; i < 20; i++) {
        expect(bids[i][0]).toBeLessThan(bids[i - 1][0]);
        expect(asks[i][0]).toBeGreaterThan(asks[i - 1][0]);
      }
      expect(bids[0][0]).toBeLessThan(asks[0][0]);
      for (const [price, size] of [...bids, ...asks]) {
        expect(price).toBeGreaterThan(0);
        expect(size).toBeGreaterThan(0);
      }
    }
  });

  it('unsub acks and stops the pushes', async () => {
    const c = await client();
    const topic = 'market.bnbusdt.detail';
    await c.ask({ sub: topic, id: 'a' }, (f) => f.subbed);
    await c.waitFor(isPush(topic));
    const ack = await c.ask({ unsub: topic, id: 'u' }, (f) => f.unsubbed || isError(f));
    expect(Object.keys(ack).sort()).toEqual(['id', 'status', 'ts', 'unsubbed']);
    expect(ack).toMatchObject({ id: 'u', status: 'ok', unsubbed: topic });
    const after = c.mark();
    await sleep(1800);
    expect(c.since(after).filter(isPush(topic))).toEqual([]);
  });

  it('req returns at most 300 bars, oldest first, within from/to', async () => {
    const c = await client();
    const all = await c.ask({ req: 'market.btcusdt.kline.1min', id: 'r0' }, (f) => f.id === 'r0');
    expect(Object.keys(all).sort()).toEqual(['data', 'id', 'rep', 'status', 'ts']);
    expect(all).toMatchObject({ rep: 'market.btcusdt.kline.1min', status: 'ok' });
    expect(all.data).toHaveLength(300);
    expect(all.data[299].id).toBe(Math.floor(Date.now() / 60_000) * 60);

    const to = Math.floor(Date.now() / 1000) - 600;
    const from = to - 1000 * 60;
    const wide = await c.ask({ req: 'market.btcusdt.kline.1min', id: 'r1', from, to }, (f) => f.id === 'r1');
    expect(wide.data).toHaveLength(300);
    for (let i = 0; i < wide.data.length; i++) {
      expect(wide.data[i].id).toBeGreaterThanOrEqual(from);
      expect(wide.data[i].id).toBeLessThanOrEqual(to);
      if (i > 0) expect(wide.data[i].id - wide.data[i - 1].id).toBe(60);
      for (const v of Object.values(wide.data[i])) expect(typeof v).toBe('number');
    }
    expect(wide.data[299].id).toBe(Math.floor(to / 60) * 60);
    const expected = app.market.bars('btcusdt', '1min', 300, from, to);
    expect(wide.data.map((b: Loose) => b.close)).toEqual(expected.map((b) => Number(b.close)));

    const narrow = await c.ask({ req: 'market.eurusd.kline.60min', id: 'r2', from: to - 10 * 3600, to }, (f) => f.id === 'r2');
    expect(narrow.data.length).toBeGreaterThanOrEqual(10);
    expect(narrow.data.length).toBeLessThanOrEqual(11);
    const months = await c.ask({ req: 'market.xauusd.kline.1mon', id: 'r3' }, (f) => f.id === 'r3');
    expect(months.data).toHaveLength(300);
    expect(months.data.every((b: Loose) => new Date(b.id * 1000).getUTCDate() === 1)).toBe(true);
    const empty = await c.ask({ req: 'market.btcusdt.kline.1min', id: 'r4', from: to, to: from }, (f) => f.id === 'r4');
    expect(empty).toMatchObject({ status: 'ok', data: [] });
  });
});

describe('feed errors keep the connection', () => {
  it('bad JSON, unknown topics, symbols, periods and bad ping/pong answer bad-request', async () => {
    const c = await client();
    const cases: [unknown, unknown][] = [
      ['{"sub": ', undefined],
      ['hello', undefined],
      ['[1,2]', undefined],
      [{ sub: 'market.btcusdt.trade', id: 'e1' }, 'e1'],
      [{ sub: 'nonsense', id: 'e2' }, 'e2'],
      [{ sub: 'market.zzzusdt.detail', id: 'e3' }, 'e3'],
      [{ sub: 'market.btcusdt.kline.2min', id: 'e4' }, 'e4'],
      [{ sub: 42, id: 'e5' }, 'e5'],
      [{ unsub: 'market.nope', id: 'e6' }, 'e6'],
      [{ req: 'market.btcusdt.kline.1min', id: 'e7', from: 'yesterday' }, 'e7'],
      [{ req: 'market.btcusdt.kline.1day', id: 'e8', to: -5 }, 'e8'],
      [{ ping: 'abc' }, undefined],
      [{ ping: null }, undefined],
      [{ pong: 'abc' }, undefined],
      [{ hello: 1, id: 'e9' }, 'e9'],
    ];
    for (const [message, id] of cases) {
      const err = await c.ask(message, isError);
      expect(err, JSON.stringify(message)).toMatchObject({ status: 'error', 'err-code': 'bad-request', 'err-msg': expect.any(String), ts: expect.any(Number) });
      if (id === undefined) expect(err).not.toHaveProperty('id');
      else expect(err.id).toBe(id);
      expect(err['err-msg'].length).toBeGreaterThan(0);
    }
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    expect(await c.ask({ ping: 7 }, (f) => 'pong' in f)).toEqual({ pong: 7 });
    const ack = await c.ask({ sub: 'market.btcusdt.detail', id: 'ok' }, (f) => f.id === 'ok');
    expect(ack.status).toBe('ok');
  });
});

describe('feed with many clients', () => {
  it('100 subscribers: each topic is built once per tick and the tick stays cheap', async () => {
    const many = await Promise.all(Array.from({ length: 100 }, () => client()));
    const topics = ['market.tickers', 'market.btcusdt.detail', 'market.btcusdt.kline.1min', 'market.btcusdt.depth.step0'];
    await Promise.all(many.map((c, i) => Promise.all(topics.map((sub) => c.ask({ sub, id: `${i}-${sub}` }, (f) => f.id === `${i}-${sub}`)))));
    const samples: { ms: number; frames: number; topics: number }[] = [];
    const marks = many.map((c) => c.mark());
    const off = app.market.onTick(() => setImmediate(() => samples.push({ ...app.feed.lastTick })));
    await sleep(3500);
    off();
    expect(samples.length).toBeGreaterThanOrEqual(2);
    for (const s of samples) {
      expect(s.topics).toBeGreaterThanOrEqual(3);
      expect(s.frames).toBeGreaterThanOrEqual(300);
    }
    const worst = Math.max(...samples.map((s) => s.ms));
    const mean = samples.reduce((a, s) => a + s.ms, 0) / samples.length;
    console.log(`tick with 100 clients × 4 topics: mean ${mean.toFixed(2)} ms, worst ${worst.toFixed(2)} ms, ${samples[0].frames} frames`);
    expect(worst).toBeLessThan(100);
    // Everyone got the pushes.
    for (let i = 0; i < many.length; i++) expect(many[i].since(marks[i]).filter(isPush('market.tickers')).length).toBeGreaterThanOrEqual(2);
  });
});

describe('feed next to the built app', () => {
  it('the SPA fallback still serves index.html while /ws speaks websocket', async () => {
    const dir = tempDir('coinapp-feed-spa-');
    const staticDir = join(dir, 'dist');
    mkdirSync(staticDir);
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
    const spa = await buildServer({ dataDir: dir, staticDir, marketSeed: 3 });
    try {
      await spa.listen({ port: 0, host: '127.0.0.1' });
      const p = (spa.server.address() as AddressInfo).port;
      const page = await fetch(`http://127.0.0.1:${p}/market/detail`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>app</title>');
      const c = await FeedClient.open(p);
      const ack = await c.ask({ sub: 'market.tickers', id: 1 }, (f) => f.id === 1);
      expect(ack.status).toBe('ok');
      expect(c.violations).toEqual([]);
      c.close();
    } finally {
      await spa.close();
    }
  });

  it('with the default options the first ping arrives within 5 s', async () => {
    const plain = await buildServer({ dataDir: tempDir('coinapp-feed-ping-'), marketSeed: 5 });
    try {
      await plain.listen({ port: 0, host: '127.0.0.1' });
      const c = await FeedClient.open((plain.server.address() as AddressInfo).port);
      const start = Date.now();
      const ping = await c.waitFor((f) => 'ping' in f, 0, 6000);
      expect(typeof ping.ping).toBe('number');
      expect(Date.now() - start).toBeLessThanOrEqual(5300);
      c.close();
    } finally {
      await plain.close();
    }
  });
});
