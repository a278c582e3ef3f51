// The console's count of failed operator sign-ins: per operator and source address, in the shared
// limiter (so every instance counts together), the customers' rule (server/account/handlers/account.ts):
// - past CAPTCHA_AFTER failures from one address, each further attempt from it must first solve an
//   image captcha (POST /base/captcha), before its password is hashed: the answer without one is
//   code 7 on `captcha` with data.captchaRequired, a wrong one 4005;
// - past limits.adminLoginPerName failures that address is locked for that operator (4102);
// - each attempt is reserved before the password is hashed, so parallel attempts cannot pass the
//   lock; a success forgets the address's count;
// - the operator is told: every failure is written to the audit trail (at most FAILURES_AUDITED
//   per operator and lock period, so a flood from many addresses cannot grow the trail without
//   bound) and their next sign-in answers the failures since their last one (failedSignIns); the
//   failure that locks an address is written once per lock period per operator.
import type { AppContext } from '../platform/http/context.ts';
import { isRateLimited } from '../platform/http/rate-limit.ts';
import { appendAudit } from '../platform/audit/audit.ts';
import { operatorAt } from '../platform/audit/actor.ts';
import { checkCaptcha } from '../platform/codes/captcha.ts';
import { type FailureCounter, lockedError } from '../platform/operators/operators.ts';
import { ApiError, businessError } from '../core/errors.ts';
import { isoTime } from '../core/db/index.ts';
import type { Limit } from '../core/config.ts';
import type { OperatorRow } from '../core/db/types.ts';
import { OperatorCode, ResultCode } from '../../contract/result-codes.ts';

const BUCKET = 'adminLoginPerName';
/** Failures from one address (within the lock's window) after which a captcha is asked for. */
export const CAPTCHA_AFTER = 3;
/** Failures written to the audit trail per operator and lock period (the rest are only counted). */
export const FAILURES_AUDITED = 20;
/** Failures a sign-in answer lists (newest first). */
export const FAILURES_LISTED = 20;

export interface SignInCaptcha {
  captcha?: string;
  captchaId?: string;
}

/** Rejects with 4024 (its retryAfter) when `limit` is reached for `key`: the end of that, else null. */
async function fullUntil(ctx: AppContext, key: string, limit: Limit): Promise<number | null> {
  try {
    await ctx.limiter.check(BUCKET, key, limit);
    return null;
  } catch (error) {
    if (!isRateLimited(error)) throw error;
    return ctx.now() + Number((error.data as { retryAfter: number }).retryAfter) * 1000;
  }
}

/** Whether this is the first time in the window for `bucket`/`key` (a hit in a window of one). */
async function firstIn(ctx: AppContext, bucket: string, key: string, max: number): Promise<boolean> {
  try {
    await ctx.limiter.hit(bucket, key, { max, windowMs: ctx.limits.adminLoginPerName.windowMs });
    return true;
  } catch (error) {
    if (isRateLimited(error)) return false;
    throw error;
  }
}

function captchaRequired(): ApiError {
  return new ApiError(ResultCode.error, 'admin.signInNeedsCaptcha', { field: 'captcha', captchaRequired: true });
}

async function requireCaptcha(ctx: AppContext, answer: SignInCaptcha): Promise<void> {
  if (!answer.captcha || !answer.captchaId) throw captchaRequired();
  if (!(await checkCaptcha(ctx.db, answer.captchaId, answer.captcha, ctx.now()))) throw businessError(ResultCode.badCaptcha, { captchaRequired: true });
}

async function auditFailure(ctx: AppContext, operator: OperatorRow, ip: string, action: string, after: object): Promise<void> {
  await appendAudit(ctx.db, { ...operatorAt(operator, ip), action, targetKind: 'operator', targetId: operator.name, after }, ctx.now());
}

export function consoleFailureCounter(ctx: AppContext, ip: string, answer: SignInCaptcha = {}): FailureCounter {
  const keyOf = (operatorId: number) => `${operatorId} from ${ip}`;
  const lock = () => ctx.limits.adminLoginPerName;
  return {
    async reserve(operator) {
      const key = keyOf(operator.id);
      const locked = await fullUntil(ctx, key, lock());
      if (locked !== null) throw lockedError(locked, ctx.now());
      if ((await fullUntil(ctx, key, { max: CAPTCHA_AFTER, windowMs: lock().windowMs })) !== null) await requireCaptcha(ctx, answer);
      try {
        await ctx.limiter.hit(BUCKET, key, lock());
      } catch (error) {
        if (!isRateLimited(error)) throw error;
        throw lockedError((await fullUntil(ctx, key, lock())) ?? ctx.now() + 60_000, ctx.now());
      }
    },
    async failed(operator) {
      if (await firstIn(ctx, 'adminLoginFailureAudited', String(operator.id), FAILURES_AUDITED))
        await auditFailure(ctx, operator, ip, 'operator.signInFailed', { from: ip });
      const until = await fullUntil(ctx, keyOf(operator.id), lock());
      if (until === null) return businessError(OperatorCode.signInFailed);
      if (await firstIn(ctx, 'adminLoginLockTold', String(operator.id), 1)) {
        const { max, windowMs } = lock();
        await auditFailure(ctx, operator, ip, 'operator.signInLocked', { from: ip, failures: max, minutes: Math.round(windowMs / 60_000) });
      }
      return lockedError(until, ctx.now());
    },
    async succeeded(operator) {
      await ctx.limiter.clear(BUCKET, keyOf(operator.id));
    },
  };
}

export interface FailedSignIn {
  ip: string;
  at: string;
}

/**
 * The failed sign-ins of `operator` since their last sign-in (the newest FAILURES_LISTED, newest
 * first, and how many there were in all); call before this sign-in is written.
 */
export async function failedSignInsSinceLast(ctx: AppContext, operator: OperatorRow): Promise<{ failedSignIns: FailedSignIn[]; failedSignInCount: number }> {
  const mine = ctx.db.selectFrom('audit_log').where('target_kind', '=', 'operator').where('target_id', '=', operator.name);
  const last = await mine
    .select((eb) => eb.fn.max('at').as('at'))
    .where('action', 'in', ['operator.signIn', 'operator.enrol'])
    .executeTakeFirst();
  const since = last?.at === null || last?.at === undefined ? -1 : Number(last.at);
  const failures = mine.where('action', '=', 'operator.signInFailed').where('at', '>', since);
  const { n } = await failures.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await failures.select(['ip', 'at']).orderBy('at', 'desc').orderBy('id', 'desc').limit(FAILURES_LISTED).execute();
  return { failedSignIns: rows.map((r) => ({ ip: r.ip, at: isoTime(Number(r.at)) })), failedSignInCount: Number(n) };
}
