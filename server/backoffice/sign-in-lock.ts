// The console's count of failed operator sign-ins: per operator and source address, in the shared
// limiter (so every instance counts together). Each attempt is reserved before the password is
// hashed, so parallel attempts cannot pass the lock; a success forgets the address's count. The
// failure that locks an address is written to the audit trail, once per lock period per operator,
// so the operator and the admins see that someone tried.
import type { AppContext } from '../platform/http/context.ts';
import { isRateLimited } from '../platform/http/rate-limit.ts';
import { appendAudit } from '../platform/audit/audit.ts';
import { operatorAt } from '../platform/audit/actor.ts';
import { type FailureCounter, lockedError } from '../platform/operators/operators.ts';
import { businessError } from '../core/errors.ts';
import { OperatorCode } from '../../contract/result-codes.ts';

const BUCKET = 'adminLoginPerName';

/** Whether the address is locked for the operator: the lock's end, else null. */
async function lockedUntil(ctx: AppContext, key: string): Promise<number | null> {
  try {
    await ctx.limiter.check(BUCKET, key, ctx.limits.adminLoginPerName);
    return null;
  } catch (error) {
    if (!isRateLimited(error)) throw error;
    return ctx.now() + Number((error.data as { retryAfter: number }).retryAfter) * 1000;
  }
}

async function toldOnce(ctx: AppContext, operatorId: number): Promise<boolean> {
  try {
    await ctx.limiter.hit('adminLoginLockTold', String(operatorId), { max: 1, windowMs: ctx.limits.adminLoginPerName.windowMs });
    return false;
  } catch (error) {
    if (isRateLimited(error)) return true;
    throw error;
  }
}

export function consoleFailureCounter(ctx: AppContext, ip: string): FailureCounter {
  const keyOf = (operatorId: number) => `${operatorId} from ${ip}`;
  return {
    async reserve(operator) {
      try {
        await ctx.limiter.hit(BUCKET, keyOf(operator.id), ctx.limits.adminLoginPerName);
      } catch (error) {
        if (!isRateLimited(error)) throw error;
        throw lockedError((await lockedUntil(ctx, keyOf(operator.id))) ?? ctx.now() + 60_000, ctx.now());
      }
    },
    async failed(operator) {
      const until = await lockedUntil(ctx, keyOf(operator.id));
      if (until === null) return businessError(OperatorCode.signInFailed);
      if (!(await toldOnce(ctx, operator.id))) {
        const { max, windowMs } = ctx.limits.adminLoginPerName;
        await appendAudit(
          ctx.db,
          {
            ...operatorAt(operator, ip),
            action: 'operator.signInLocked',
            targetKind: 'operator',
            targetId: operator.name,
            after: { from: ip, failures: max, minutes: Math.round(windowMs / 60_000) },
          },
          ctx.now(),
        );
      }
      return lockedError(until, ctx.now());
    },
    async succeeded(operator) {
      await ctx.limiter.clear(BUCKET, keyOf(operator.id));
    },
  };
}
