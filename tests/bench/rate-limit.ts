// Hits per second of the rate limiter: in memory (one process) against Redis (several
// instances), one hit in flight and many. Starts a throwaway redis-server.
//
//   npx tsx tests/bench/rate-limit.ts [seconds per case, default 3]
import { Redis } from 'ioredis';
import type { Limit } from '../../server/core/config.ts';
import { MemoryRateLimiter, type RateLimiter } from '../../server/platform/http/rate-limit.ts';
import { RedisRateLimiter } from '../../server/platform/http/redis-rate-limit.ts';
import { startRedis } from '../server/redis-server.ts';
import { percentile } from './bench-process.ts';

const SECONDS = Number(process.argv[2] ?? 3);
/** The order limit's shape, with room so no hit is refused: each hit does the whole script */
const LIMIT: Limit = { max: 1_000_000, windowMs: 1000 };
const KEYS = 1000;

interface Result {
  name: string;
  hitsPerSecond: number;
  p50Us: number;
  p99Us: number;
}

/** `inFlight` loops hitting `limiters` in turn for SECONDS; latency of each hit in µs. */
async function measure(name: string, limiters: RateLimiter[], inFlight: number): Promise<Result> {
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  let n = 0;
  const loop = async (worker: number) => {
    while (performance.now() < end) {
      const limiter = limiters[(n + worker) % limiters.length];
      const started = performance.now();
      await limiter.hit('orders', `user-${n++ % KEYS}`, LIMIT);
      latencies.push((performance.now() - started) * 1000);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, (_, i) => loop(i)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    hitsPerSecond: Math.round(latencies.length / seconds),
    p50Us: Math.round(percentile(latencies, 50)),
    p99Us: Math.round(percentile(latencies, 99)),
  };
}

async function main(): Promise<void> {
  const redis = await startRedis();
  const clients = [new Redis(redis.url), new Redis(redis.url)];
  const results: Result[] = [];
  try {
    const memory = new MemoryRateLimiter(Date.now);
    const [one, two] = clients.map((c) => new RedisRateLimiter(c, Date.now));
    results.push(await measure('memory, 1 in flight', [memory], 1));
    results.push(await measure('memory, 32 in flight', [memory], 32));
    results.push(await measure('redis, 1 in flight', [one], 1));
    results.push(await measure('redis, 32 in flight', [one], 32));
    results.push(await measure('redis, 256 in flight', [one], 256));
    results.push(await measure('redis, 2 clients, 64 in flight', [one, two], 64));
  } finally {
    await Promise.all(clients.map((c) => c.quit()));
    await redis.stop();
  }
  console.log(`rate limiter, ${SECONDS} s per case, ${KEYS} keys, limit ${LIMIT.max}/${LIMIT.windowMs} ms`);
  console.table(results);
}

await main();
