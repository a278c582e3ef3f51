// Sliding-window rate limits, keyed by bucket and key (an IP, an account, an email address or
// phone number). A refused request is not counted. The refusal (4024) says when to retry: the
// time until the oldest hit that counts leaves the window. One process keeps the windows in
// memory (MemoryRateLimiter); several instances share them in Redis (redis-rate-limit.ts), so a
// limit of 5 is 5 over all of them.
import type { Limit, RateLimits } from '../../core/config.ts';
import { ApiError } from '../../core/errors.ts';
import { ResultCode } from '../../../contract/result-codes.ts';

/** 4024 with the wait, in seconds under two minutes and in whole minutes above. data.retryAfter is in seconds. */
export function rateLimited(waitMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const [key, params] = seconds < 120 ? ['checks.retryAfterSeconds', { seconds }] : ['checks.retryAfterMinutes', { minutes: Math.ceil(seconds / 60) }];
  return new ApiError(ResultCode.rateLimited, key, { retryAfter: seconds }, params);
}

/** Whether `error` is the 4024 refusal of a full limit (anything else, such as an unreachable store, is not). */
export function isRateLimited(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === ResultCode.rateLimited;
}

export interface RateLimiter {
  /** Records one hit for `bucket`/`key` and answers the hits now in the window; rejects with 4024 (nothing counted) when `limit` is already reached. */
  hit(bucket: string, key: string, limit: Limit): Promise<number>;
  /** Rejects with 4024 when `limit` is reached, without counting (for limits on failures only: count them with record()). */
  check(bucket: string, key: string, limit: Limit): Promise<void>;
  /** Counts one hit without checking. */
  record(bucket: string, key: string, limit: Limit): Promise<void>;
  /** Forgets the hits of `bucket`/`key` (a successful login clears its failures). */
  clear(bucket: string, key: string): Promise<void>;
}

interface Window {
  times: number[];
  windowMs: number;
}

/** The windows of one process, in memory. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private calls = 0;

  constructor(private readonly now: () => number) {}

  async hit(bucket: string, key: string, limit: Limit): Promise<number> {
    this.assertRoom(bucket, key, limit);
    return this.add(bucket, key, limit);
  }

  async check(bucket: string, key: string, limit: Limit): Promise<void> {
    this.assertRoom(bucket, key, limit);
  }

  async record(bucket: string, key: string, limit: Limit): Promise<void> {
    this.add(bucket, key, limit);
  }

  async clear(bucket: string, key: string): Promise<void> {
    this.windows.delete(this.id(bucket, key));
  }

  private assertRoom(bucket: string, key: string, limit: Limit): void {
    const now = this.now();
    const times = this.recent(bucket, key, limit, now);
    if (times.length >= limit.max) throw rateLimited(times[times.length - limit.max] + limit.windowMs - now);
  }

  private add(bucket: string, key: string, limit: Limit): number {
    const now = this.now();
    const times = this.recent(bucket, key, limit, now);
    times.push(now);
    this.windows.set(this.id(bucket, key), { times, windowMs: limit.windowMs });
    if (++this.calls % 1000 === 0) this.sweep(now);
    return times.length;
  }

  private id(bucket: string, key: string): string {
    return `${bucket}\u0000${key}`;
  }

  private recent(bucket: string, key: string, limit: Limit, now: number): number[] {
    return (this.windows.get(this.id(bucket, key))?.times ?? []).filter((t) => t > now - limit.windowMs);
  }

  /** Forgets keys with no hit inside their window. */
  private sweep(now: number): void {
    for (const [id, w] of this.windows) {
      if (w.times.every((t) => t <= now - w.windowMs)) this.windows.delete(id);
    }
  }
}

/** One more check of an authenticator or recovery code from this address and of this account (4024 past either limit). */
export async function limitCodeCheck(ctx: { limiter: RateLimiter; limits: RateLimits }, ip: string, userId: number): Promise<void> {
  await ctx.limiter.hit('code-check-ip', ip, ctx.limits.codeCheckPerIp);
  await ctx.limiter.hit('code-check-account', String(userId), ctx.limits.codeCheckPerAccount);
}
