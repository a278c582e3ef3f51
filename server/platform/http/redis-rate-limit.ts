// Rate limits shared by every instance through Redis (REDIS_URL): each bucket/key is a sorted
// set of hit times, and the check and the count of a hit are one Lua script, so two instances
// hit at the last free slot at once cannot both pass. The times are the server's clock
// (ctx.now, which tests inject), not Redis TIME; each hit is its own member (time and random),
// so two hits in the same millisecond both count. A key expires one window after its newest
// hit. When Redis cannot be reached a limited request is refused (503), never let through.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Limit } from '../../core/config.ts';
import { serviceUnavailable } from '../../core/errors.ts';
import { MemoryRateLimiter, type RateLimiter, rateLimited } from './rate-limit.ts';

/**
 * KEYS[1] the window; ARGV: now, windowMs, max, mode (check | hit | record), member.
 * Returns -1 - (the hits now in the window) when counted or allowed, else the wait in ms until
 * the oldest hit that counts leaves the window (the hit is then not counted).
 */
const WINDOW_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
local mode = ARGV[4]
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if mode ~= 'record' then
  local count = redis.call('ZCARD', KEYS[1])
  if count >= max then
    local oldest = redis.call('ZRANGE', KEYS[1], count - max, count - max, 'WITHSCORES')
    return math.max(1, tonumber(oldest[2]) + window - now)
  end
end
if mode ~= 'check' then
  redis.call('ZADD', KEYS[1], now, ARGV[5])
  redis.call('PEXPIRE', KEYS[1], window)
end
return -1 - redis.call('ZCARD', KEYS[1])
`;

type Mode = 'check' | 'hit' | 'record';

interface WindowCommands {
  rateLimitWindow(key: string, now: number, windowMs: number, max: number, mode: Mode, member: string): Promise<number>;
}

export class RedisRateLimiter implements RateLimiter {
  private readonly commands: WindowCommands;

  constructor(
    private readonly redis: Redis,
    private readonly now: () => number,
    private readonly prefix = 'limits:',
  ) {
    redis.defineCommand('rateLimitWindow', { numberOfKeys: 1, lua: WINDOW_SCRIPT });
    this.commands = redis as unknown as WindowCommands;
  }

  hit(bucket: string, key: string, limit: Limit): Promise<number> {
    return this.run('hit', bucket, key, limit);
  }

  async check(bucket: string, key: string, limit: Limit): Promise<void> {
    await this.run('check', bucket, key, limit);
  }

  async record(bucket: string, key: string, limit: Limit): Promise<void> {
    await this.run('record', bucket, key, limit);
  }

  async clear(bucket: string, key: string): Promise<void> {
    await this.reach(() => this.redis.del(this.keyOf(bucket, key)));
  }

  /** The hits in the window after this one. */
  private async run(mode: Mode, bucket: string, key: string, limit: Limit): Promise<number> {
    const now = this.now();
    const member = `${now}:${randomBytes(6).toString('base64url')}`;
    const wait = await this.reach(() => this.commands.rateLimitWindow(this.keyOf(bucket, key), now, limit.windowMs, limit.max, mode, member));
    if (wait >= 0) throw rateLimited(wait);
    return -1 - wait;
  }

  /** The bucket comes first and holds no colon, so no two bucket/key pairs share a key. */
  private keyOf(bucket: string, key: string): string {
    return `${this.prefix}${bucket}:${key}`;
  }

  private async reach<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch {
      // a limit that could not be counted: the request is not run. The client logs the outage
      // once (openRedis); each refused request says so to its caller
      throw serviceUnavailable();
    }
  }
}

/** The limiter of this server: shared through `redis` when there is one, else in memory. */
export function createRateLimiter(now: () => number, redis: Redis | undefined): RateLimiter {
  return redis ? new RedisRateLimiter(redis, now) : new MemoryRateLimiter(now);
}
