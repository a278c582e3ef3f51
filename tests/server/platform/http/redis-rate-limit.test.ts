// Issue 23 point 5: rate limits hold in total over every instance sharing one Redis (a limit of
// 5 is 5, not 5 per instance), two instances hit at the last free slot at once cannot both
// pass, and an unreachable Redis refuses a limited request with a translated 503, never a 500
// and never unlimited.
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerOptions } from '../../../../server/composition/app.ts';
import { postgresUrl } from '../../../../server/core/db/index.ts';
import { isRateLimited } from '../../../../server/platform/http/rate-limit.ts';
import { RedisRateLimiter } from '../../../../server/platform/http/redis-rate-limit.ts';
import { ResultCode } from '../../../../contract/result-codes.ts';
import { DEMO_EMAIL } from '../../../../server/composition/seed.ts';
import { call, clock, login, msg, startServer, type TestServer } from '../../helpers.ts';
import { startRedis, type TestRedis } from '../../redis-server.ts';

let redis: TestRedis;
const clients: Redis[] = [];
let servers: TestServer[] = [];

beforeAll(async () => {
  redis = await startRedis();
});
afterEach(async () => {
  await Promise.all(servers.map((s) => s.app.close()));
  servers = [];
  await Promise.all(clients.splice(0).map((c) => c.quit()));
  const flush = new Redis(redis.url);
  await flush.flushall();
  await flush.quit();
});
afterAll(async () => {
  await redis.stop();
});

/** A limiter as one instance has it: its own connection to the shared Redis. */
function instanceLimiter(now: () => number): RedisRateLimiter {
  const client = new Redis(redis.url);
  clients.push(client);
  return new RedisRateLimiter(client, now);
}

async function passes(attempt: Promise<unknown>): Promise<boolean> {
  try {
    await attempt;
    return true;
  } catch (error) {
    if (isRateLimited(error)) return false;
    throw error;
  }
}

async function twoInstances(opts: Partial<ServerOptions>): Promise<[TestServer, TestServer]> {
  const shared = clock();
  servers = [await startServer({ ...opts, redisUrl: redis.url }, shared), await startServer({ ...opts, redisUrl: redis.url }, shared)];
  return servers as [TestServer, TestServer];
}

describe('limits over two instances sharing Redis', () => {
  it('5 failed logins per account and address in total: tries spread over both instances lock after the 5th, and the owner is told once', async () => {
    const [a, b] = await twoInstances({ rateLimits: { loginPerAccount: { max: 5, windowMs: 15 * 60_000 } } });
    const answers: number[] = [];
    for (let i = 0; i < 9; i++) answers.push((await login(i % 2 === 0 ? a.app : b.app, DEMO_EMAIL, 'wrong-pass-123', { ip: '10.23.0.1' })).code);
    expect(answers).toEqual([4002, 4002, 4002, 4002, 4002, 4024, 4024, 4024, 4024]);
    // each instance has its own database here, so the warning lands in one of them: once in all
    const told = await Promise.all([a, b].map((s) => s.app.db.selectFrom('outbox').select('id').where('target', '=', DEMO_EMAIL).execute()));
    expect(told[0].length + told[1].length).toBe(1);
  });

  it('the captcha limit per IP: 12 requests at once over both instances, exactly 6 pass', async () => {
    const [a, b] = await twoInstances({ rateLimits: { captcha: { max: 6, windowMs: 60_000 } } });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => call(i % 2 === 0 ? a.app : b.app, 'POST', '/base/captcha', { ip: '10.23.0.2' })));
    expect(answers.filter((r) => r.code === 0)).toHaveLength(6);
    expect(answers.filter((r) => r.code === 4024)).toHaveLength(6);
  });
});

describe('RedisRateLimiter', () => {
  const limit = { max: 3, windowMs: 60_000 };

  it('two instances hit at the last free slot at once: exactly one passes, every time', async () => {
    const c = clock();
    const [one, two] = [instanceLimiter(c.now), instanceLimiter(c.now)];
    for (let round = 0; round < 20; round++) {
      const key = `user-${round}`;
      for (let i = 0; i < limit.max - 1; i++) await one.hit('orders', key, limit);
      const results = await Promise.all([passes(one.hit('orders', key, limit)), passes(two.hit('orders', key, limit))]);
      expect(results.filter(Boolean)).toHaveLength(1);
    }
  });

  it('40 hits at once over two instances: exactly max pass', async () => {
    const c = clock();
    const [one, two] = [instanceLimiter(c.now), instanceLimiter(c.now)];
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => passes((i % 2 ? one : two).hit('orders', 'burst', { max: 10, windowMs: 1000 }))));
    expect(results.filter(Boolean)).toHaveLength(10);
  });

  it('hits in the same millisecond all count; a refused one does not; the wait is until the oldest counting hit leaves the window', async () => {
    const c = clock();
    const limiter = instanceLimiter(c.now);
    expect(await limiter.hit('b', 'k', limit)).toBe(1);
    expect(await limiter.hit('b', 'k', limit)).toBe(2);
    c.advance(10_000);
    expect(await limiter.hit('b', 'k', limit)).toBe(3);
    c.advance(10_000);
    const refused = await limiter.hit('b', 'k', limit).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 4024, data: { retryAfter: 40 } });
    // the refused hit was not counted: once the first two leave the window, two places are free
    c.advance(40_001);
    await limiter.hit('b', 'k', limit);
    await limiter.hit('b', 'k', limit);
    await expect(limiter.check('b', 'k', limit)).rejects.toMatchObject({ code: 4024, data: { retryAfter: 10 } });
  });

  it('check does not count, record counts without checking, clear forgets; the key expires one window after its newest hit', async () => {
    const c = clock();
    const limiter = instanceLimiter(c.now);
    const one = { max: 1, windowMs: 5000 };
    await limiter.check('b', 'k', one);
    await limiter.check('b', 'k', one);
    await limiter.record('b', 'k', one);
    await limiter.record('b', 'k', one);
    await expect(limiter.hit('b', 'k', one)).rejects.toMatchObject({ code: 4024 });
    const ttl = await clients[0].pttl('limits:b:k');
    expect(ttl).toBeGreaterThan(4000);
    expect(ttl).toBeLessThanOrEqual(5000);
    await limiter.clear('b', 'k');
    await limiter.hit('b', 'k', one);
  });
});

// on PostgreSQL, REDIS_URL makes the server one of several, which cannot start without Redis (tests/server/cluster)
describe.skipIf(!!postgresUrl())('Redis unreachable', () => {
  it('a limited request is refused with a translated 503, and the rest of the server still answers', async () => {
    const gone = await startRedis();
    await gone.stop();
    servers = [await startServer({ redisUrl: gone.url })];
    const { app } = servers[0];
    const refused = await call(app, 'POST', '/base/captcha', { lang: 'de', ip: '10.23.0.3' });
    expect(refused).toMatchObject({ status: 503, code: ResultCode.error, msg: msg('de', 'errors.serviceUnavailable'), data: null });
    // an endpoint without limits is not held up
    expect((await call(app, 'GET', '/base/site')).code).toBe(0);
  });
});
