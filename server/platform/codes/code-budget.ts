// What a request for an email or SMS code must pass before one is sent, against SMS pumping and
// email bombing: one code per target a minute (server/core/config.ts codePerTarget), hourly budgets
// per calling code and in total, and, once a source address has asked for more than a few codes
// in an hour, a solved image captcha for each further one. The per-IP request limit
// (codePerIp) runs before validation, in server/platform/http/endpoints.ts. A refused request counts
// nowhere and sends nothing.
import { checkCaptcha } from './captcha.ts';
import type { Channel } from './codes.ts';
import type { Limit } from '../../core/config.ts';
import type { AppContext } from '../http/context.ts';
import { isRateLimited } from '../http/rate-limit.ts';
import { ApiError, businessError } from '../../core/errors.ts';
import { ResultCode } from '../../../contract/result-codes.ts';

export type CodeRequest = (
  | { channel: Extract<Channel, 'email'>; /** the address */ target: string }
  | { channel: Extract<Channel, 'sms'>; /** `+cc national` */ target: string; countryCode: string }
) & {
  /** The source address (req.ip) */
  ip: string;
  captcha?: string;
  captchaId?: string;
};

/** One sliding window a code is counted in, and the refusal when it is full. */
interface Counter {
  bucket: string;
  key: string;
  limit: Limit;
  refusal?: (retryAfterSeconds: number) => ApiError;
}

/** 4024 with the wait in whole minutes (the budgets are hourly) and a message saying why. */
function budgetRefusal(msgKey: string, params: Record<string, string> = {}) {
  return (retryAfter: number) => new ApiError(ResultCode.rateLimited, msgKey, { retryAfter }, { ...params, minutes: Math.ceil(retryAfter / 60) });
}

function countersOf(ctx: AppContext, request: CodeRequest): Counter[] {
  const budgets = ctx.limits;
  const perTarget: Counter = { bucket: 'code-target', key: `${request.channel}:${request.target}`, limit: ctx.limits.codePerTarget };
  if (request.channel === 'email')
    return [perTarget, { bucket: 'code-email-total', key: '*', limit: budgets.codeEmailTotal, refusal: budgetRefusal('checks.codeBudgetSpent') }];
  const { countryCode } = request;
  return [
    perTarget,
    { bucket: 'code-sms-country', key: countryCode, limit: budgets.codeSmsPerCountry, refusal: budgetRefusal('checks.smsCountryBudgetSpent', { countryCode }) },
    { bucket: 'code-sms-total', key: '*', limit: budgets.codeSmsTotal, refusal: budgetRefusal('checks.codeBudgetSpent') },
  ];
}

/** Throws the counter's refusal (or the plain 4024) when it is full. */
async function assertRoom(ctx: AppContext, counter: Counter): Promise<void> {
  try {
    await ctx.limiter.check(counter.bucket, counter.key, counter.limit);
  } catch (error) {
    if (!isRateLimited(error) || !counter.refusal) throw error;
    throw counter.refusal((error.data as { retryAfter: number }).retryAfter);
  }
}

async function isFull(ctx: AppContext, counter: Counter): Promise<boolean> {
  try {
    await ctx.limiter.check(counter.bucket, counter.key, counter.limit);
    return false;
  } catch (error) {
    if (isRateLimited(error)) return true;
    throw error;
  }
}

/** Code 7 under `captcha`, with data.captchaRequired: the client shows a captcha and asks again with its answer. */
function captchaRequired(): ApiError {
  return new ApiError(ResultCode.error, 'checks.codeNeedsCaptcha', { field: 'captcha', captchaRequired: true });
}

async function requireSolvedCaptcha(ctx: AppContext, request: CodeRequest): Promise<void> {
  if (!request.captcha || !request.captchaId) throw captchaRequired();
  if (!(await checkCaptcha(ctx.db, request.captchaId, request.captcha, ctx.now()))) throw businessError(ResultCode.badCaptcha, { captchaRequired: true });
}

/**
 * Lets a code request through every limit and counts it in each, or throws the first refusal:
 * 4024 (target, calling code, total), code 7 asking for a captcha, or 4005 for a wrong one.
 */
export async function admitCodeRequest(ctx: AppContext, request: CodeRequest): Promise<void> {
  const counters = countersOf(ctx, request);
  // before the captcha, so a solved one is not spent on a refusal
  for (const counter of counters) await assertRoom(ctx, counter);
  const fromSource: Counter = { bucket: 'code-free-ip', key: request.ip, limit: ctx.limits.codeFreePerIp };
  if (await isFull(ctx, fromSource)) {
    await requireSolvedCaptcha(ctx, request);
    // again: requests that came in during the captcha check may have used the room
    for (const counter of counters) await assertRoom(ctx, counter);
  }
  for (const counter of [...counters, fromSource]) await ctx.limiter.record(counter.bucket, counter.key, counter.limit);
}
