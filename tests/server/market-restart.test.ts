// A restart never rewrites the market: every published bar (REST and feed, all periods) is
// the same byte for byte after it, and the price continues from the last stored price; the
// seconds the server was down carry no trade (flat bars, no recorded price).
import { gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Simulator } from '../../server/platform/market/index.ts';
import { PERIODS } from '../../server/platform/market/types.ts';
import { call, clock, startServer, type TestServer, tempDir } from './helpers.ts';

const SYMBOLS = ['btcusdt', 'ethusdt', 'eurusd'];
const open: TestServer[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.app.close();
});

async function restStart(dataDir: string, c: ReturnType<typeof clock>): Promise<TestServer> {
  const s = await startServer({ dataDir, scheduler: false }, c);
  open.push(s);
  return s;
}

/** GET /base/getkdata of every period, as the raw response bodies */
async function published(s: TestServer): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const id of SYMBOLS) {
    for (const interval of PERIODS) {
      const res = await s.app.inject({ method: 'GET', url: '/api/base/getkdata', query: { id, interval, num: '300' } });
      expect(res.statusCode).toBe(200);
      out[`${id} ${interval}`] = res.body;
    }
  }
  return out;
}

/** A feed `req` of kline history, as the decoded frame's data */
async function feedHistory(s: TestServer, topic: string): Promise<string> {
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = s.app.server.address() as AddressInfo;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  try {
    return await new Promise<string>((resolve, reject) => {
      ws.on('error', reject);
      ws.on('open', () => ws.send(JSON.stringify({ req: topic, id: 'h' })));
      ws.on('message', (raw: Buffer) => {
        const msg = JSON.parse(gunzipSync(raw).toString('utf8')) as { rep?: string; data?: unknown };
        if (msg.rep === topic) resolve(JSON.stringify(msg.data));
      });
    });
  } finally {
    ws.terminate();
  }
}

const price = async (s: TestServer, id: string) => (await call(s.app, 'GET', '/base/getkdata', { query: { id, interval: '1min', num: 1 } })).data[0].close as string;

describe('restart', () => {
  it('serves the same bars of every period after a restart, and the price goes on from the last stored one', async () => {
    const dataDir = tempDir('coinapp-restart-');
    const c = clock(Date.UTC(2025, 0, 15, 12, 0, 17));
    const first = await restStart(dataDir, c);
    for (let i = 0; i < 6; i++) {
      c.advance(47_000);
      (first.app.market as Simulator).advanceTo(c.now());
    }
    const before = await published(first);
    const feedBefore = await feedHistory(first, 'market.btcusdt.kline.5min');
    const last = Object.fromEntries(await Promise.all(SYMBOLS.map(async (id) => [id, await price(first, id)])));
    expect(last.btcusdt).not.toBe('97000.00'); // it moved off the start price
    await first.app.close();
    open.length = 0;

    // Same clock: nothing may differ, not a byte.
    const second = await restStart(dataDir, c);
    expect(await published(second)).toEqual(before);
    expect(await feedHistory(second, 'market.btcusdt.kline.5min')).toBe(feedBefore);
    for (const id of SYMBOLS) expect(await price(second, id)).toBe(last[id]);
    await second.app.close();
    open.length = 0;

    // Down for 3 minutes: the bars published before are unchanged, the outage is flat at the
    // last stored price with no trades, and the walk goes on from there.
    c.advance(3 * 60_000);
    const third = await restStart(dataDir, c);
    const after = await published(third);
    for (const key of Object.keys(before)) {
      const old = JSON.parse(before[key]).data as { id: number }[];
      const now = JSON.parse(after[key]).data as { id: number }[];
      const closed = old.slice(0, -1); // the live bar of then goes on
      const same = now.filter((b) => closed.some((o) => o.id === b.id));
      expect(same, key).toEqual(closed.slice(closed.length - same.length));
      expect(same.length, key).toBeGreaterThanOrEqual(Math.min(closed.length, 290));
    }
    const minutes = JSON.parse(after['btcusdt 1min']).data as { id: number; open: string; close: string; high: string; low: string; amount: string; count: number }[];
    const gap = minutes.slice(-3, -1);
    for (const bar of gap) expect(bar).toMatchObject({ open: last.btcusdt, close: last.btcusdt, high: last.btcusdt, low: last.btcusdt, amount: '0.000000', count: 0 });
    expect(await price(third, 'btcusdt')).toBe(last.btcusdt);
    c.advance(1000);
    (third.app.market as Simulator).advanceTo(c.now());
    const next = await price(third, 'btcusdt');
    expect(Math.abs(Number(next) / Number(last.btcusdt) - 1)).toBeLessThan(0.01);
    expect(third.app.market.priceAt('btcusdt', Math.floor(c.now() / 1000) - 60)).toBeNull(); // down then: nothing recorded
    expect(third.app.market.priceAt('btcusdt', Math.floor(c.now() / 1000))).toBe(next);
  });

  it('stores state, bars and recorded prices in batches, not a row per read', async () => {
    const dataDir = tempDir('coinapp-restart-rows-');
    const c = clock();
    const s = await restStart(dataDir, c);
    const count = async (table: 'market_state' | 'market_bars' | 'market_ticks') => Number((await s.app.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count('market_state')).toBe(16);
    const bars0 = await count('market_bars');
    for (let i = 0; i < 120; i++) {
      c.advance(1000);
      (s.app.market as Simulator).advanceTo(c.now());
    }
    await new Promise((r) => setTimeout(r, 50));
    await s.app.close();
    open.length = 0;
    const again = await restStart(dataDir, c);
    const n = async (table: 'market_bars' | 'market_ticks') => Number((await again.app.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    // 2 more minutes (3 minute bars touched) per market; the day bar was stored already
    expect((await n('market_bars')) - bars0).toBe(16 * 2);
    expect(await n('market_ticks')).toBe(16 * 120);
  });
});
