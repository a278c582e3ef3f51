// In-memory sliding-window rate limits. A refused request is not counted.
import type { Limit } from '../config.ts';
import { businessError, Codes } from './errors.ts';

interface Window {
  times: number[];
  windowMs: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private calls = 0;

  constructor(private readonly now: () => number) {}

  /** Records one hit for `bucket`/`key`; throws 4024 when `limit` is already reached. */
  hit(bucket: string, key: string, limit: Limit): void {
    const now = this.now();
    const id = `${bucket}\u0000${key}`;
    const times = (this.windows.get(id)?.times ?? []).filter((t) => t > now - limit.windowMs);
    const allowed = times.length < limit.max;
    if (allowed) times.push(now);
    this.windows.set(id, { times, windowMs: limit.windowMs });
    if (++this.calls % 1000 === 0) this.sweep(now);
    if (!allowed) throw businessError(Codes.rateLimited);
  }

  /** Forgets keys with no hit inside their window. */
  private sweep(now: number): void {
    for (const [id, w] of this.windows) {
      if (w.times.every((t) => t <= now - w.windowMs)) this.windows.delete(id);
    }
  }
}
