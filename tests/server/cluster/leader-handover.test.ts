// Several instances on one PostgreSQL database with Redis: exactly one leads the market; a
// follower quotes the leader's prices and bars (its replica, fed through Redis) and takes the
// lead at once when the leader shuts down (the lease is handed over, not left to expire),
// continuing from the stored market without changing a published bar. Without REDIS_URL a
// second instance is refused at start; on SQLite a second server on one data dir is too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../../../server/core/db/index.ts';
import type { Simulator } from '../../../server/platform/market/index.ts';
import { call, startServer, type TestServer, tempDir } from '../helpers.ts';
import { startRedis, type TestRedis } from '../redis-server.ts';

const realTime = { now: Date.now, advance: () => {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function health(s: TestServer): Promise<{ instance: string; leader: boolean; db: string; redis: string }> {
  const res = await s.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  return JSON.parse(res.body).data;
}

/** Resolves at the instance's next market tick, with its second */
function nextTick(s: TestServer): Promise<number> {
  return new Promise((done) => {
    const off = s.app.market.onTick((ts) => {
      off();
      done(Math.floor(ts / 1000));
    });
  });
}

const closedBars = (s: TestServer, untilSec: number, count = 30) => s.app.market.bars('btcusdt', '1min', count).filter((b) => b.id + 60 <= untilSec);

describe.skipIf(!postgresUrl())('several instances (PostgreSQL and Redis)', () => {
  let redis: TestRedis;
  const dataDir = tempDir();
  const started: TestServer[] = [];
  const start = async (instance: string, redisUrl?: string) => {
    const s = await startServer({ dataDir, instanceId: instance, redisUrl, testMode: true, marketSeed: 23 }, realTime);
    started.push(s);
    return s;
  };

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const s of started) await s.app.close().catch(() => {});
    await redis.stop();
  });

  it('one leads; the follower quotes its prices and bars, and takes over at once when it shuts down', { timeout: 120_000 }, async () => {
    const a = await start('a', redis.url);
    const b = await start('b', redis.url);
    expect(await health(a)).toEqual({ instance: 'a', leader: true, db: 'ok', redis: 'ok' });
    expect(await health(b)).toEqual({ instance: 'b', leader: false, db: 'ok', redis: 'ok' });

    const sec = await nextTick(b);
    for (const symbol of ['btcusdt', 'ethusdt', 'eurusd']) expect(b.app.market.price(symbol)).toBe(a.app.market.priceAt(symbol, sec));
    expect(b.app.market.bars('btcusdt', '1min', 20).slice(0, -1)).toEqual(a.app.market.bars('btcusdt', '1min', 20, undefined, sec).slice(0, -1));
    const spot = await call(b.app, 'GET', '/base/getkdata', { query: { id: 'btcusdt', interval: '1min', num: '5' } });
    expect(spot.code).toBe(0);

    const before = closedBars(b, sec);
    const closing = Date.now();
    await a.app.close();
    while (!(await health(b)).leader) await sleep(50);
    expect(Date.now() - closing).toBeLessThan(2500); // handed over, not left to expire (5 s)
    const after = await nextTick(b);
    expect(after).toBeGreaterThan(sec);
    // a minute may begin meanwhile and push the oldest bar out of a 30-bar window: read past it
    expect(closedBars(b, sec, 40).filter((bar) => bar.id >= before[0].id)).toEqual(before);
    expect(typeof (b.app.market as unknown as Simulator).advanceTo).toBe('undefined'); // b shows its own market through the view

    const again = await start('a2', redis.url);
    expect((await health(again)).leader).toBe(false);
    const s2 = await nextTick(again);
    expect(again.app.market.price('btcusdt')).toBe(b.app.market.priceAt('btcusdt', s2));
  });

  it('refuses to start when its Redis does not answer, saying so', async () => {
    const gone = await startRedis();
    await gone.stop();
    await expect(start('d', gone.url)).rejects.toThrow(/Redis \(REDIS_URL\) does not answer/);
  });

  it('refuses a second instance without REDIS_URL, saying what is missing', async () => {
    await expect(start('c')).rejects.toThrow(/REDIS_URL/);
  });
});

describe.skipIf(!!postgresUrl())('one instance on SQLite', () => {
  it('refuses a second server on the same data dir, saying what several instances need', async () => {
    const dataDir = tempDir();
    const first = await startServer({ dataDir, scheduler: false });
    try {
      await expect(startServer({ dataDir, scheduler: false })).rejects.toThrow(
        /SQLite serves one instance; several instances need PostgreSQL \(DATABASE_URL\) and Redis \(REDIS_URL\)/,
      );
    } finally {
      await first.app.close();
    }
    const again = await startServer({ dataDir, scheduler: false }); // closed: the data dir is free
    await again.app.close();
  });
});
