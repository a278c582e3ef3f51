// In-memory sliding-window rate limits, keyed by bucket and key (an IP, an account, an email
// address or phone number). A refused request is not counted. The refusal (4024) says when to
// retry: the time until the oldest hit that counts leaves the window.
import type { Limit } from '../../core/config.ts';
import { ApiError } from '../../core/errors.ts';
import { ResultCode } from '../../../contract/result-codes.ts';

interface Window {
  times: number[];
  windowMs: number;
}

/** 4024 with the wait, in seconds under two minutes and in whole minutes above. data.retryAfter is in seconds. */
export function rateLimited(waitMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const [key, params] = seconds < 120 ? ['checks.retryAfterSeconds', { seconds }] : ['checks.retryAfterMinutes', { minutes: Math.ceil(seconds / 60) }];
  return new ApiError(ResultCode.rateLimited, key, { retryAfter: seconds }, params);
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private calls = 0;

  constructor(private readonly now: () => number) {}

  /** Records one hit for `bucket`/`key`; throws 4024 when `limit` is already reached. */
  hit(bucket: string, key: string, limit: Limit): void {
    this.check(bucket, key, limit);
    this.record(bucket, key, limit);
  }

  /** Throws 4024 when `limit` is reached, without counting (for limits on failures only: count them with record()). */
  check(bucket: string, key: string, limit: Limit): void {
    const now = this.now();
    const times = this.recent(bucket, key, limit, now);
    if (times.length >= limit.max) throw rateLimited(times[times.length - limit.max] + limit.windowMs - now);
  }

  /** Counts one hit without checking. */
  record(bucket: string, key: string, limit: Limit): void {
    const now = this.now();
    const times = this.recent(bucket, key, limit, now);
    times.push(now);
    this.windows.set(this.id(bucket, key), { times, windowMs: limit.windowMs });
    if (++this.calls % 1000 === 0) this.sweep(now);
  }

  /** Forgets the hits of `bucket`/`key` (a successful login clears its failures). */
  clear(bucket: string, key: string): void {
    this.windows.delete(this.id(bucket, key));
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
