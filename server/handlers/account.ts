// Captcha, email and SMS codes, registration, login and password reset (all public).
// Each is rate limited per IP and per target (the email address or phone number, the account
// name of a login); a login never tells an unknown account from a wrong password.
import { checkMobile, splitInternational } from '../../contract/phone.ts';
import { checkCaptcha, createCaptcha } from '../captcha.ts';
import { type Channel, checkCode, consumeCode, emailTarget, issueCode, smsTarget } from '../codes.ts';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/types.ts';
import { assertActive } from '../http/auth.ts';
import { ApiError, businessError, Codes, validationError } from '../http/errors.ts';
import type { Handler, HandlerTable, IpLimit, PublicCall } from '../http/handler.ts';
import type { FastifyRequest } from 'fastify';
import { deviceOf, startSession } from '../sessions.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../security/password.ts';
import { assertNewPassword } from '../security/password-policy.ts';
import { createUser, findUserByEmail, findUserByInvitationCode, findUserByPhone, isEmail, isUniqueViolation, setPassword, toUserEntity } from '../users.ts';

interface CaptchaFields {
  captcha: string;
  captchaId: string;
}

function accountExists(): ApiError {
  return new ApiError(Codes.error, 'errors.accountExists');
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

export function accountHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;

  /** One attempt of `action` from this IP and at this target (email:… or sms:…); 4024 with the wait past either limit. */
  function limitAttempt(action: 'register' | 'reset', call: PublicCall, target: string): void {
    const [perIp, perTarget] = action === 'register' ? [ctx.limits.registerPerIp, ctx.limits.registerPerTarget] : [ctx.limits.resetPerIp, ctx.limits.resetPerTarget];
    ctx.limiter.check(`${action}-target`, target, perTarget);
    ctx.limiter.hit(`${action}-ip`, call.req.ip, perIp);
    ctx.limiter.record(`${action}-target`, target, perTarget);
  }

  async function findLoginUser(username: string): Promise<UserRow | undefined> {
    if (isEmail(username)) return findUserByEmail(db, username);
    if (!username.startsWith('+')) return findUserByPhone(db, username);
    const phone = splitInternational(username);
    return phone && findUserByPhone(db, phone.national, phone.countryCode);
  }

  /** A hash made with older scrypt parameters is replaced once the password is known to be right. */
  async function upgradeHash(user: UserRow, password: string): Promise<void> {
    if (!needsRehash(user.password_hash)) return;
    const passwordHash = await hashPassword(password);
    await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).where('password_hash', '=', user.password_hash).execute();
  }

  async function requireCaptcha(input: CaptchaFields): Promise<void> {
    if (!(await checkCaptcha(db, input.captchaId, input.captcha, ctx.now()))) throw businessError(Codes.badCaptcha);
  }

  async function requireCode(channel: Channel, target: string, code: string): Promise<number> {
    const id = await checkCode(db, channel, target, code, ctx.now());
    if (id === null) throw businessError(Codes.badCode);
    return id;
  }

  async function spendCode(id: number): Promise<void> {
    if (!(await consumeCode(db, id, ctx.now()))) throw businessError(Codes.badCode);
  }

  async function register(
    account: { email: string } | { phone: string; countryCode: string },
    input: CaptchaFields & { passWord: string; invitationCode: string },
    codeId: number,
    req: FastifyRequest,
  ) {
    const inviter = await findUserByInvitationCode(db, input.invitationCode);
    if (!inviter) throw businessError(Codes.badInvitation);
    const existing = 'email' in account ? await findUserByEmail(db, account.email) : await findUserByPhone(db, account.phone);
    if (existing) throw accountExists();
    const passwordHash = await hashPassword(input.passWord);
    let user: UserRow;
    try {
      user = await db.transaction().execute(async (trx) => {
        if (!(await consumeCode(trx, codeId, ctx.now()))) throw businessError(Codes.badCode);
        return createUser(trx, { ...account, passwordHash, invitedBy: inviter.id }, ctx.now());
      });
    } catch (error) {
      throw isUniqueViolation(error) ? accountExists() : error;
    }
    const token = await startSession(db, user.id, ctx.now(), deviceOf(req), ctx.sessions);
    return { token, user: toUserEntity(user) };
  }

  const codeLimits: IpLimit[] = [{ bucket: 'code-ip', limit: (c) => c.limits.codePerIp }];

  const login: Handler<'login'> = async (input, { req }) => {
    const account = accountKey(input.username);
    ctx.limiter.check('login-account', account, ctx.limits.loginPerAccount);
    await requireCaptcha(input);
    const user = await findLoginUser(input.username);
    // the same scrypt work and the same answer whether or not the account exists
    const passwordOk = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash()));
    if (!user || !passwordOk) {
      ctx.limiter.record('login-account', account, ctx.limits.loginPerAccount);
      throw businessError(Codes.wrongPassword);
    }
    ctx.limiter.clear('login-account', account);
    assertActive(user);
    await upgradeHash(user, input.password);
    const token = await startSession(db, user.id, ctx.now(), deviceOf(req), ctx.sessions);
    return { token, user: toUserEntity(user) };
  };

  return {
    getCaptcha: { run: async () => createCaptcha(db, ctx.now()), limits: [{ bucket: 'captcha', limit: (c) => c.limits.captcha }] },
    sendEmailCode: {
      limits: codeLimits,
      run: async (input) => {
        const target = emailTarget(input.email);
        ctx.limiter.hit('code-target', `email:${target}`, ctx.limits.codePerTarget);
        await issueCode(db, 'email', target, ctx.now());
        return null;
      },
    },
    sendPhoneCode: {
      limits: codeLimits,
      run: async (input) => {
        const target = smsTarget(input.countryCode, mobileOf(input.countryCode, input.phone));
        ctx.limiter.hit('code-target', `sms:${target}`, ctx.limits.codePerTarget);
        await issueCode(db, 'sms', target, ctx.now());
        return null;
      },
    },
    registerByEmail: async (input, call) => {
      assertNewPassword(input.passWord, 'passWord');
      limitAttempt('register', call, `email:${emailTarget(input.email)}`);
      await requireCaptcha(input);
      const codeId = await requireCode('email', emailTarget(input.email), input.emailCode);
      return register({ email: input.email }, input, codeId, call.req);
    },
    registerByPhone: async (input, call) => {
      assertNewPassword(input.passWord, 'passWord');
      const phone = mobileOf(input.countryCode, input.phone);
      limitAttempt('register', call, `sms:${smsTarget(input.countryCode, phone)}`);
      await requireCaptcha(input);
      const codeId = await requireCode('sms', smsTarget(input.countryCode, phone), input.smsCode);
      return register({ phone, countryCode: input.countryCode }, input, codeId, call.req);
    },
    login: { run: login, limits: [{ bucket: 'login', limit: (c) => c.limits.login }] },
    resetPassword: async (input, call) => {
      assertNewPassword(input.passWord, 'passWord');
      limitAttempt('reset', call, `email:${emailTarget(input.email)}`);
      await requireCaptcha(input);
      const codeId = await requireCode('email', emailTarget(input.email), input.emailCode);
      const user = await findUserByEmail(db, input.email);
      if (!user) throw businessError(Codes.noUser);
      await spendCode(codeId);
      await setPassword(db, user.id, input.passWord, ctx.now());
      return null;
    },
    resetPasswordByPhone: async (input, call) => {
      assertNewPassword(input.passWord, 'passWord');
      const phone = mobileOf(input.countryCode, input.phone);
      limitAttempt('reset', call, `sms:${smsTarget(input.countryCode, phone)}`);
      await requireCaptcha(input);
      const codeId = await requireCode('sms', smsTarget(input.countryCode, phone), input.smsCode);
      const user = await findUserByPhone(db, phone, input.countryCode);
      if (!user) throw businessError(Codes.noUser);
      await spendCode(codeId);
      await setPassword(db, user.id, input.passWord, ctx.now());
      return null;
    },
  };
}
