// One websocket client must not stall the API (issue 10, item 6). A real listening server on
// loopback: one client floods 3,000 `req`s, another 10,000 `sub`s (each its own process), while
// GET /api/base/site is timed over HTTP (tests/bench/feed-flood.ts is the same measure); then
// the limits one at a time with small caps: message rate, subscriptions, connections per IP,
// and kline history replies stitched from cached encoded bars.
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pako from 'pako';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildServer, type ServerOptions } from '../../server/composition/app.ts';
import { CLOSE_FLOOD, FEED_DEFAULTS } from '../../server/platform/feed/index.ts';
import { klineHistory } from '../../server/platform/feed/topics.ts';
import { describeFlood, measureFlood } from '../bench/feed-flood.ts';
import { type Loose, tempDir } from './helpers.ts';

async function listen(opts: Partial<ServerOptions> = {}): Promise<{ app: FastifyInstance; port: number }> {
  const app = await buildServer({ dataDir: tempDir('coinapp-flood-'), marketSeed: 7, scheduler: false, ...opts });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port };
}

interface Raw {
  ws: WebSocket;
  frames: Loose[];
  closed: Promise<{ code: number; reason: string }>;
  /** Waits until `n` frames (pings left out) arrived */
  frames_(n: number, timeoutMs?: number): Promise<Loose[]>;
}

function open(port: number): Promise<Raw> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const frames: Loose[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  ws.on('message', (data: Buffer) => {
    const f = JSON.parse(gunzipSync(data).toString('utf8'));
    if (typeof f.ping === 'number') ws.send(JSON.stringify({ pong: f.ping }));
    else frames.push(f);
  });
  const raw: Raw = {
    ws,
    frames,
    closed,
    frames_: async (n, timeoutMs = 4000) => {
      const until = Date.now() + timeoutMs;
      while (frames.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      return frames;
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(raw));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`http ${res.statusCode}`)));
  });
}

describe('a websocket flood does not stall the API', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => ({ app, port } = await listen()));
  afterAll(() => app.close());

  it('GET /api/base/site p99 < 50 ms while one client sends 3,000 req and another 10,000 sub', { timeout: 60_000 }, async () => {
    // a 2-core CI box running other test files at once can steal the server's core for tens of
    // ms: one more try when the first measure misses (without the fix it is seconds every time)
    let r = await measureFlood(port, { idleMs: 500, windowMs: 3000 });
    console.log(describeFlood(r));
    if (r.flood.p99 >= 50) {
      r = await measureFlood(port, { idleMs: 500, windowMs: 3000 });
      console.log(`again:\n${describeFlood(r)}`);
    }
    expect(r.flood.samples).toBeGreaterThanOrEqual(250);
    expect(r.flood.p99).toBeLessThan(50);
    // the req flooder got answers, then too-many-requests, then was closed
    expect(r.req.sent).toBe(3000);
    expect(r.req.reps).toBeGreaterThan(0);
    // the burst, and what the rate refills while the flood lasts (well under the 3,000)
    const allowed = FEED_DEFAULTS.messageBurst + FEED_DEFAULTS.messagesPerSecond * 5;
    expect(r.req.reps).toBeLessThanOrEqual(allowed);
    expect(r.req.errors['too-many-requests']).toBeGreaterThan(0);
    expect(r.req.closeCode).toBe(CLOSE_FLOOD);
    // the sub flooder hit the subscription cap and the rate
    expect(r.sub.sent).toBe(10_000);
    expect(r.sub.errors['too-many-subscriptions']).toBeGreaterThan(0);
    expect(r.sub.errors['too-many-requests']).toBeGreaterThan(0);
    expect(r.sub.acks).toBeLessThanOrEqual(allowed);
    expect(r.sub.closeCode).toBe(CLOSE_FLOOD);
    // a normal client on another socket kept its once-a-second pushes
    expect(r.tickerPushes).toBeGreaterThanOrEqual(2);
    expect(app.feed.clients.size).toBeLessThanOrEqual(1);
  });
});

describe('feed limits', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => ({ app, port } = await listen({ feed: { messageBurst: 5, messagesPerSecond: 1, maxExcessMessages: 3, maxSubscriptions: 2, maxConnectionsPerIp: 3, klineCacheEntries: 10 } })));
  afterAll(() => app.close());

  it('over the message rate: too-many-requests error frames (with the id), then close 4002', async () => {
    const c = await open(port);
    for (let i = 0; i < 12; i++) c.ws.send(JSON.stringify({ ping: 1000 + i, id: `p${i}` }));
    const closed = await c.closed;
    expect(closed).toEqual({ code: CLOSE_FLOOD, reason: 'too many requests' });
    expect(c.frames.slice(0, 5)).toEqual([0, 1, 2, 3, 4].map((i) => ({ pong: 1000 + i })));
    const errors = c.frames.slice(5);
    expect(errors).toHaveLength(3);
    errors.forEach((e, i) => {
      expect(Object.keys(e).sort()).toEqual(['err-code', 'err-msg', 'id', 'status', 'ts']);
      expect(e).toMatchObject({ id: `p${5 + i}`, status: 'error', 'err-code': 'too-many-requests', 'err-msg': expect.stringContaining('1 messages per second') });
    });
  });

  it('the rate refills: a client within it is never limited', async () => {
    const c = await open(port);
    for (let i = 0; i < 4; i++) c.ws.send(JSON.stringify({ ping: i }));
    expect(await c.frames_(4)).toHaveLength(4);
    await new Promise((r) => setTimeout(r, 1100));
    for (let i = 0; i < 2; i++) c.ws.send(JSON.stringify({ ping: 10 + i }));
    const frames = await c.frames_(6);
    expect(frames.every((f) => 'pong' in f)).toBe(true);
    c.ws.close();
  });

  it('more subscriptions than the cap: too-many-subscriptions, the connection stays', async () => {
    const c = await open(port);
    c.ws.send(JSON.stringify({ sub: 'market.btcusdt.detail', id: 1 }));
    c.ws.send(JSON.stringify({ sub: 'market.ethusdt.detail', id: 2 }));
    c.ws.send(JSON.stringify({ sub: 'market.solusdt.detail', id: 3 }));
    c.ws.send(JSON.stringify({ sub: 'market.btcusdt.detail', id: 4 }));
    await c.frames_(8);
    const byId = (id: number) => c.frames.find((f) => f.id === id);
    expect(byId(1)).toMatchObject({ status: 'ok', subbed: 'market.btcusdt.detail' });
    expect(byId(2)).toMatchObject({ status: 'ok' });
    expect(byId(3)).toMatchObject({ status: 'error', 'err-code': 'too-many-subscriptions', 'err-msg': expect.stringContaining('at most 2') });
    expect(byId(4)).toMatchObject({ status: 'ok', subbed: 'market.btcusdt.detail' });
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    c.ws.close();
  });

  it('connections per IP: over the cap the upgrade is refused with 429', async () => {
    await new Promise((r) => setTimeout(r, 100));
    const held = await Promise.all([open(port), open(port), open(port)]);
    await expect(open(port)).rejects.toThrow(/429/);
    held[0].ws.close();
    await held[0].closed;
    await new Promise((r) => setTimeout(r, 50));
    const again = await open(port);
    for (const c of [...held, again]) c.ws.close();
  });

  it('kline req replies come from the cache, byte for byte the history, with each id and ts', async () => {
    await new Promise((r) => setTimeout(r, 100));
    const c = await open(port);
    // halfway through a 5-minute bar: a range whose ends fall on bar starts holds 289 bars, not 288
    const to = Math.floor(Date.now() / 300_000) * 300 - 3600 + 150;
    const sizeBefore = app.feed.klineCache.size;
    c.ws.send(JSON.stringify({ req: 'market.btcusdt.kline.5min', id: 'a', from: to - 86_400, to }));
    c.ws.send(JSON.stringify({ req: 'market.btcusdt.kline.5min', id: 'b', from: to - 86_400, to }));
    c.ws.send(JSON.stringify({ req: 'market.ethusdt.kline.1min' }));
    const [a, b, live] = await c.frames_(3);
    expect(app.feed.klineCache.size - sizeBefore).toBe(2);
    const def = app.market.market('btcusdt')!;
    expect(a).toMatchObject({ rep: 'market.btcusdt.kline.5min', status: 'ok', id: 'a' });
    expect(Object.keys(a).sort()).toEqual(['data', 'id', 'rep', 'status', 'ts']);
    expect(b.id).toBe('b');
    expect(a.data).toEqual(klineHistory(app.market, def, '5min', to - 86_400, to));
    expect(b.data).toEqual(a.data);
    expect(a.data).toHaveLength(288);
    // no id: none in the reply; the live bar is the market's current one
    expect(Object.keys(live).sort()).toEqual(['data', 'rep', 'status', 'ts']);
    expect(live.data).toHaveLength(300);
    expect(live.data.at(-1)).toEqual(klineHistory(app.market, app.market.market('ethusdt')!, '1min').at(-1));
    c.ws.close();
  });

  it('the stitched gzip frame decodes with pako (the app) as with zlib', () => {
    const def = app.market.market('btcusdt')!;
    const frame = app.feed.klineCache.frame(app.market, { kind: 'kline', name: 'market.btcusdt.kline.1min', def, period: '1min' }, undefined, undefined, 'x"y', 42);
    const text = pako.ungzip(frame, { to: 'string' });
    expect(text).toBe(gunzipSync(frame).toString('utf8'));
    const json = JSON.parse(text);
    expect(json).toMatchObject({ rep: 'market.btcusdt.kline.1min', status: 'ok', id: 'x"y', ts: 42 });
    expect(json.data).toHaveLength(300);
  });
});
