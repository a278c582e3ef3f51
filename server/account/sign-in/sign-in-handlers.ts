// Captcha, email and SMS codes, registration, login and password reset (all public).
// Each is rate limited per IP and per target (the email address or phone number, the account
// name of a login); a login never tells an unknown account from a wrong password. Failed logins
// lock an account name for the address they come from only, so nobody can lock its owner out;
// the owner is told of a lock. Sending a code has budgets and a captcha of its own (../code-budget.ts).
import { checkMobile, splitInternational } from '../../../contract/phone.ts';
import { checkCaptcha, createCaptcha } from '../../platform/codes/captcha.ts';
import { admitCodeRequest } from '../../platform/codes/code-budget.ts';
import { type Channel, checkCode, consumeCode, contactOf, deliver, emailTarget, issueCode, smsTarget } from '../../platform/codes/codes.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { UserRow } from '../../core/db/types.ts';
import { assertActive } from '../../platform/http/auth.ts';
import { isRateLimited } from '../../platform/http/rate-limit.ts';
import { ApiError, businessError, validationError } from '../../core/errors.ts';
import type { Handler, HandlerTable, IpLimit, PublicCall } from '../../platform/http/handler.ts';
import type { FastifyRequest } from 'fastify';
import { deviceOf, startSession } from '../../platform/sessions/sessions.ts';
import { secondFactorsOf } from '../../platform/security/second-factors.ts';
import { finishSignIn, issueLoginTicket, recordSignIn, utcMinute } from './sign-in-steps.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../../platform/security/password.ts';
import { assertNewPassword } from '../../platform/security/password-policy.ts';
import { serverSecret } from '../../platform/security/secret-key.ts';
import {
  createUser,
  findUserByEmail,
  findUserByInvitationCode,
  findUserByPhone,
  isEmail,
  isUniqueViolation,
  setPassword,
  toUserEntity,
} from '../../platform/sessions/users.ts';
import { ResultCode } from '../../../contract/result-codes.ts';

interface CaptchaFields {
  captcha: string;
  captchaId: string;
}

function accountExists(): ApiError {
  return new ApiError(ResultCode.error, 'errors.accountExists');
}

/** The national number of a mobile under its country code, or code 7 saying what is allowed. */
function mobileOf(countryCode: string, phone: string): string {
  const check = checkMobile(countryCode, phone);
  if (!check.valid && !check.offered) throw validationError('countryCode', 'checks.countryCodeNotOffered', { code: countryCode });
  if (!check.valid) throw validationError('phone', 'checks.phoneInvalidFor', { code: countryCode, example: check.example });
  return check.national;
}

/** What a login name is counted under for its failures: the email, or the national phone number. */
function accountKey(username: string): string {
  const value = username.trim().toLowerCase();
  if (isEmail(value)) return `email:${value}`;
  return `phone:${splitInternational(value)?.national ?? value}`;
}

/** The message that tells an owner sign-in to their account was paused for an address (the SMS fits 160 characters). */
function lockWarning(channel: Channel, failures: number, ip: string, at: number, minutes: number): string {
  const when = utcMinute(at);
  return channel === 'email'
    ? `${failures} failed sign-in attempts to your CoinApp account from ${ip} at ${when}. Sign-in from that address is paused for ${minutes} minutes. If it was not you, change your password now.`
    : `[CoinApp] ${failures} failed sign-ins from ${ip} at ${when}; that address is paused ${minutes} min. Not you? Change your password.`;
}

/** One attempt of `action` from this IP and at this target (email:… or sms:…); 4024 with the wait past either limit. */
async function limitAttempt(ctx: AppContext, action: 'register' | 'reset', call: PublicCall, target: string): Promise<void> {
  const [perIp, perTarget] =
    action === 'register' ? [ctx.limits.registerPerIp, ctx.limits.registerPerTarget] : [ctx.limits.resetPerIp, ctx.limits.resetPerTarget];
  await ctx.limiter.check(`${action}-target`, target, perTarget);
  await ctx.limiter.hit(`${action}-ip`, call.req.ip, perIp);
  await ctx.limiter.record(`${action}-target`, target, perTarget);
}

async function requireCaptcha(ctx: AppContext, input: CaptchaFields): Promise<void> {
  if (!(await checkCaptcha(ctx.db, input.captchaId, input.captcha, ctx.now()))) throw businessError(ResultCode.badCaptcha);
}

async function requireCode(ctx: AppContext, channel: Channel, target: string, code: string): Promise<number> {
  const id = await checkCode(ctx.db, serverSecret(ctx.dataDir), channel, target, code, ctx.now());
  if (id === null) throw businessError(ResultCode.badCode);
  return id;
}

async function spendCode(ctx: AppContext, id: number): Promise<void> {
  if (!(await consumeCode(ctx.db, id, ctx.now()))) throw businessError(ResultCode.badCode);
}

const codeLimits: IpLimit[] = [{ bucket: 'code-ip', limit: (c) => c.limits.codePerIp }];

/** The captcha, and the email and SMS codes that registration and password reset ask for. */
export function verificationCodeHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
    getCaptcha: {
      run: async () => {
        await ctx.limiter.hit('captcha-total', 'all', ctx.limits.captchaTotal);
        return createCaptcha(db, ctx.now());
      },
      limits: [{ bucket: 'captcha', limit: (c) => c.limits.captcha }],
    },
    sendEmailCode: {
      limits: codeLimits,
      run: async (input, { req }) => {
        const target = emailTarget(input.email);
        await admitCodeRequest(ctx, { channel: 'email', target, ip: req.ip, captcha: input.captcha, captchaId: input.captchaId });
        await issueCode(db, serverSecret(ctx.dataDir), 'email', target, ctx.now());
        return null;
      },
    },
    sendPhoneCode: {
      limits: codeLimits,
      run: async (input, { req }) => {
        const countryCode = input.countryCode.trim();
        const target = smsTarget(countryCode, mobileOf(input.countryCode, input.phone));
        await admitCodeRequest(ctx, { channel: 'sms', target, countryCode, ip: req.ip, captcha: input.captcha, captchaId: input.captchaId });
        await issueCode(db, serverSecret(ctx.dataDir), 'sms', target, ctx.now());
        return null;
      },
    },
  };
}

/** Creates the account once its code is spent, and signs it in. */
async function createAccount(
  ctx: AppContext,
  account: { email: string } | { phone: string; countryCode: string },
  input: CaptchaFields & { passWord: string; invitationCode: string },
  codeId: number,
  req: FastifyRequest,
) {
  const { db } = ctx;
  const inviter = await findUserByInvitationCode(db, input.invitationCode);
  if (!inviter) throw businessError(ResultCode.badInvitation);
  const existing = 'email' in account ? await findUserByEmail(db, account.email) : await findUserByPhone(db, account.phone);
  if (existing) throw accountExists();
  const passwordHash = await hashPassword(input.passWord);
  let user: UserRow;
  try {
    user = await db.transaction().execute(async (trx) => {
      if (!(await consumeCode(trx, codeId, ctx.now()))) throw businessError(ResultCode.badCode);
      return createUser(trx, { ...account, passwordHash, invitedBy: inviter.id }, ctx.now());
    });
  } catch (error) {
    throw isUniqueViolation(error) ? accountExists() : error;
  }
  const token = await startSession(db, user.id, ctx.now(), deviceOf(req), ctx.sessions);
  return { token, user: toUserEntity(user) };
}

export function registrationHandlers(ctx: AppContext): HandlerTable {
  /** E-mail registration, whichever field the e-mailed code came in. */
  async function registerEmail(input: CaptchaFields & { email: string; passWord: string; invitationCode: string }, code: string, call: PublicCall) {
    assertNewPassword(input.passWord, 'passWord');
    await limitAttempt(ctx, 'register', call, `email:${emailTarget(input.email)}`);
    await requireCaptcha(ctx, input);
    const codeId = await requireCode(ctx, 'email', emailTarget(input.email), code);
    return createAccount(ctx, { email: input.email }, input, codeId, call.req);
  }
  return {
    registerByEmail: async (input, call) => registerEmail(input, input.emailCode, call),
    // the spec's payload (register-email-spec.json): the e-mailed code arrives in smsCode
    registerByEmailSpec: async (input, call) => registerEmail(input, input.smsCode, call),
    registerByPhone: async (input, call) => {
      assertNewPassword(input.passWord, 'passWord');
      const phone = mobileOf(input.countryCode, input.phone);
      await limitAttempt(ctx, 'register', call, `sms:${smsTarget(input.countryCode, phone)}`);
      await requireCaptcha(ctx, input);
      const codeId = await requireCode(ctx, 'sms', smsTarget(input.countryCode, phone), input.smsCode);
      return createAccount(ctx, { phone, countryCode: input.countryCode }, input, codeId, call.req);
    },
  };
}

async function findLoginUser(ctx: AppContext, username: string): Promise<UserRow | undefined> {
  if (isEmail(username)) return findUserByEmail(ctx.db, username);
  if (!username.startsWith('+')) return findUserByPhone(ctx.db, username);
  const phone = splitInternational(username);
  return phone && findUserByPhone(ctx.db, phone.national, phone.countryCode);
}

/** A hash made with older parameters or scrypt is replaced with Argon2id once the password is known to be right. */
async function upgradeHash(ctx: AppContext, user: UserRow, password: string): Promise<void> {
  if (!needsRehash(user.password_hash)) return;
  const passwordHash = await hashPassword(password);
  await ctx.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).where('password_hash', '=', user.password_hash).execute();
}

/** Tells the owner that sign-in was paused for an address, at most once per lock period whatever the number of addresses. */
async function warnOwnerOfLock(ctx: AppContext, user: UserRow, ip: string): Promise<void> {
  const contact = contactOf(user);
  if (!contact) return;
  const period = ctx.limits.loginPerAccount;
  try {
    await ctx.limiter.hit('login-lock-warning', String(user.id), { max: 1, windowMs: period.windowMs });
  } catch (error) {
    if (isRateLimited(error)) return; // warned already in this period
    throw error;
  }
  const text = lockWarning(contact.channel, period.max, ip, ctx.now(), Math.round(period.windowMs / 60_000));
  await deliver(ctx.db, contact.channel, contact.target, text, ctx.now());
}

/** Whether the failures counted under `lock` (an account name from an address) have reached the limit. */
async function isLocked(ctx: AppContext, lock: string): Promise<boolean> {
  try {
    await ctx.limiter.check('login-account', lock, ctx.limits.loginPerAccount);
    return false;
  } catch (error) {
    if (isRateLimited(error)) return true;
    throw error;
  }
}

/** A failed login (counted when it was reserved): the failure that filled `lock` tells the owner, if the account exists. */
async function countFailedLogin(ctx: AppContext, lock: string, user: UserRow | undefined, ip: string): Promise<void> {
  if (user && (await isLocked(ctx, lock))) await warnOwnerOfLock(ctx, user, ip);
}

/** The second factors an account has: an authenticator (and its recovery codes), passkeys. */
async function secondStepFactors(ctx: AppContext, userId: number): Promise<('totp' | 'recovery' | 'passkey')[]> {
  const { totp, passkeys } = await secondFactorsOf(ctx.db, userId);
  return [...(totp ? (['totp', 'recovery'] as const) : []), ...(passkeys > 0 ? (['passkey'] as const) : [])];
}

export function signInHandlers(ctx: AppContext): HandlerTable {
  const login: Handler<'login'> = async (input, { req }) => {
    // per account and address: failures from an attacker's address lock only that address out
    const lock = `${accountKey(input.username)} from ${req.ip}`;
    await ctx.limiter.check('login-account', lock, ctx.limits.loginPerAccount);
    await requireCaptcha(ctx, input);
    // the attempt is counted before the password is hashed, so parallel attempts cannot pass the lock; a success forgets it
    await ctx.limiter.hit('login-account', lock, ctx.limits.loginPerAccount);
    const user = await findLoginUser(ctx, input.username);
    // the same hashing work and the same answer whether or not the account exists
    const passwordOk = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash()));
    if (!user || !passwordOk) {
      if (user) await recordSignIn(ctx, user.id, req, 'password', 'badPassword');
      await countFailedLogin(ctx, lock, user, req.ip);
      throw businessError(ResultCode.wrongPassword);
    }
    await ctx.limiter.clear('login-account', lock);
    await upgradeHash(ctx, user, input.password);
    const secondFactor = await secondStepFactors(ctx, user.id);
    if (!secondFactor.length) return finishSignIn(ctx, user, req, 'password');
    // a frozen account is told so before its second step, as without one
    assertActive(user);
    return { secondFactor, ticket: await issueLoginTicket(ctx, user.id, req) };
  };
  return { login: { run: login, limits: [{ bucket: 'login', limit: (c) => c.limits.login }] } };
}

export function passwordResetHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
    resetPassword: async (input, call) => {
      assertNewPassword(input.passWord, 'passWord');
      await limitAttempt(ctx, 'reset', call, `email:${emailTarget(input.email)}`);
      await requireCaptcha(ctx, input);
      const codeId = await requireCode(ctx, 'email', emailTarget(input.email), input.emailCode);
      const user = await findUserByEmail(db, input.email);
      if (!user) throw businessError(ResultCode.noUser);
      await spendCode(ctx, codeId);
      await setPassword(db, user.id, input.passWord, ctx.now());
      return null;
    },
    resetPasswordByPhone: async (input, call) => {
      assertNewPassword(input.passWord, 'passWord');
      const phone = mobileOf(input.countryCode, input.phone);
      await limitAttempt(ctx, 'reset', call, `sms:${smsTarget(input.countryCode, phone)}`);
      await requireCaptcha(ctx, input);
      const codeId = await requireCode(ctx, 'sms', smsTarget(input.countryCode, phone), input.smsCode);
      const user = await findUserByPhone(db, phone, input.countryCode);
      if (!user) throw businessError(ResultCode.noUser);
      await spendCode(ctx, codeId);
      await setPassword(db, user.id, input.passWord, ctx.now());
      return null;
    },
  };
}
