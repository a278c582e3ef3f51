// Several instances quoting an upstream feed (MARKET_SOURCE=upstream) on one PostgreSQL
// database with Redis: only the leader connects to the upstream and records prices; a follower
// quotes the same live price, bars and recorded seconds from the leader's messages, records
// nothing itself, and on taking over connects to the upstream and keeps what was recorded.
// The upstream is a second server's own feed on loopback; all share an injected clock.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../../../server/core/db/index.ts';
import type { Simulator } from '../../../server/platform/market/simulator.ts';
import type { UpstreamMarket } from '../../../server/platform/market/upstream.ts';
import type { MarketView } from '../../../server/platform/market/view.ts';
import { clock, startServer, type TestServer, tempDir } from '../helpers.ts';
import { startRedis, type TestRedis } from '../redis-server.ts';

const SYMBOL = 'btcusdt';
const c = clock(Date.UTC(2025, 0, 15, 12, 0, 0));

async function until(what: string, pred: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The market an instance shows now: its own recorder (leader) or its copy (follower) */
const shown = (s: TestServer) => (s.app.market as MarketView).shown() as Partial<UpstreamMarket>;
const quote = (s: TestServer) => {
  try {
    return JSON.stringify([s.app.market.price(SYMBOL), s.app.market.bars(SYMBOL, '1min', 3)]);
  } catch {
    return 'stale';
  }
};

describe.skipIf(!postgresUrl())('several instances on an upstream feed (PostgreSQL and Redis)', () => {
  let redis: TestRedis;
  let up: TestServer;
  const started: TestServer[] = [];
  const dataDir = tempDir();
  let url = '';
  const start = async (instance: string) => {
    const s = await startServer({ dataDir, instanceId: instance, redisUrl: redis.url, marketSource: 'upstream', upstream: { url, staleMs: 8000 } }, c);
    started.push(s);
    return s;
  };
  /** Moves the clock; the upstream pushes its tick; `instances` show the upstream's price and bars */
  async function step(ms: number, instances: TestServer[]): Promise<string> {
    c.advance(ms);
    const want = JSON.stringify([(up.app.market as Simulator).price(SYMBOL), up.app.market.bars(SYMBOL, '1min', 3)]);
    await until('the tick on every instance', () => instances.every((s) => quote(s) === want));
    return want;
  }

  beforeAll(async () => {
    redis = await startRedis();
    up = await startServer({ scheduler: false, marketSeed: 7, testMode: true, dataDir: tempDir() }, c);
    await up.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(up.app.server.address() as AddressInfo).port}/ws`;
  });
  afterAll(async () => {
    for (const s of started) await s.app.close().catch(() => {});
    await up?.app.close();
    await redis?.stop();
  });

  it('the follower quotes the leader’s recorded prices without its own connection, and takes over keeping them', { timeout: 120_000 }, async () => {
    const a = await start('a');
    const b = await start('b');
    await until('the leader’s upstream connection', () => shown(a).connected?.() === true);
    expect(shown(b).connected).toBeUndefined(); // a copy: no upstream connection of its own
    for (let i = 0; i < 5; i++) await step(1000, [a, b]);

    const sec = Math.floor(c.now() / 1000) - 2;
    const recorded = (s: TestServer) => Array.from({ length: 4 }, (_, i) => s.app.market.priceAt(SYMBOL, sec - i));
    await until('the recorded seconds on the follower', () => JSON.stringify(recorded(b)) === JSON.stringify(recorded(a)));
    expect(recorded(a).every((p) => typeof p === 'string')).toBe(true);
    // a second the leader has not finalized is not final on the follower either
    expect(b.app.market.priceAt(SYMBOL, Math.floor(c.now() / 1000) + 5)).toBeUndefined();

    const before = recorded(b);
    await a.app.close();
    await until('the follower’s take-over and upstream connection', () => shown(b).connected?.() === true, 10_000);
    expect(recorded(b)).toEqual(before); // read back from what the old leader stored
    await step(1000, [b]);

    const again = await start('a2');
    await step(1000, [b, again]);
    expect(shown(again).connected).toBeUndefined();
  });
});
