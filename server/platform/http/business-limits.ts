// Per-account business limits (OWASP ASVS 5.0 2.4; schemas/config/business-limits.json): orders,
// withdrawals, new withdrawal addresses and sign-in second steps, counted by the rate limiter
// (shared by every instance through Redis). A refusal is 4024 with a message that states the
// limit and when it frees up, and data { retryAfter (seconds), limit, resetsAt (ISO time) }.
import type { RateLimits } from '../../core/config.ts';
import { isoTime } from '../../core/db/index.ts';
import { ApiError, type Params } from '../../core/errors.ts';
import { ResultCode } from '../../../contract/result-codes.ts';
import type { AppContext } from './context.ts';
import { isRateLimited } from './rate-limit.ts';

/** The business limits that count requests (the withdrawal value limit sums amounts: server/funds/withdrawals/withdrawal-value.ts). */
export type CountedLimit = 'ordersPerSecond' | 'ordersPerDay' | 'withdrawalsPerDay' | 'newAddressesPerDay' | 'signInSecondSteps';

type LimitContext = Pick<AppContext, 'limiter' | 'now'> & { limits: Pick<RateLimits, CountedLimit> };

/** A time as the refusals show it: the minute it is reached, rounded up, in UTC. */
function minuteUp(ms: number): string {
  const minute = Math.ceil(ms / 60_000) * 60_000;
  return `${new Date(minute).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The 4024 refusal of business limit `name` (message limits.business.<name>): at most `max`, free again in `waitMs`. */
export function businessLimitReached(name: string, max: string, waitMs: number, now: number, params: Params = {}): ApiError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const resetsAt = now + seconds * 1000;
  return new ApiError(
    ResultCode.rateLimited,
    `limits.business.${name}`,
    { retryAfter: seconds, limit: max, resetsAt: isoTime(resetsAt) },
    { max, seconds, until: minuteUp(resetsAt), ...params },
  );
}

/** Counts one more of `name` for `key` (an account, or an account and a source); refuses, counting nothing, when the limit is reached. */
export async function spendBusinessLimit(ctx: LimitContext, name: CountedLimit, key: string): Promise<void> {
  const limit = ctx.limits[name];
  try {
    await ctx.limiter.hit(`business-${name}`, key, limit);
  } catch (error) {
    if (!isRateLimited(error)) throw error;
    const { retryAfter } = error.data as { retryAfter: number };
    throw businessLimitReached(name, String(limit.max), retryAfter * 1000, ctx.now());
  }
}

/** One more spot or futures order of the account: within both the per-second and the per-day limit. */
export async function spendOrderLimits(ctx: LimitContext, userId: number): Promise<void> {
  await spendBusinessLimit(ctx, 'ordersPerSecond', String(userId));
  await spendBusinessLimit(ctx, 'ordersPerDay', String(userId));
}
