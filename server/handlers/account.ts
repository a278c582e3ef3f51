// Captcha, email and SMS codes, registration, login and password reset (all public).
import { checkCaptcha, createCaptcha } from '../captcha.ts';
import { type Channel, checkCode, consumeCode, emailTarget, issueCode, smsTarget } from '../codes.ts';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/types.ts';
import { assertActive } from '../http/auth.ts';
import { ApiError, businessError, Codes } from '../http/errors.ts';
import type { Handler, HandlerTable, IpLimit } from '../http/handler.ts';
import { dummyHash, hashPassword, verifyPassword } from '../security/password.ts';
import { assertNewPassword } from '../security/password-policy.ts';
import {
  createUser,
  findUserByEmail,
  findUserByInvitationCode,
  findUserByPhone,
  isEmail,
  isUniqueViolation,
  setPassword,
  startSession,
  toUserEntity,
} from '../users.ts';

interface CaptchaFields {
  captcha: string;
  captchaId: string;
}

function accountExists(): ApiError {
  return new ApiError(Codes.error, 'errors.accountExists');
}

export function accountHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;

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

  async function register(account: { email: string } | { phone: string; countryCode: string }, input: CaptchaFields & { passWord: string; invitationCode: string }, codeId: number) {
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
    const token = await startSession(db, user.id, ctx.now());
    return { token, user: toUserEntity(user) };
  }

  const codeLimits: IpLimit[] = [{ bucket: 'code-ip', limit: (c) => c.limits.codePerIp }];

  const login: Handler<'login'> = async (input) => {
    await requireCaptcha(input);
    const user = isEmail(input.username) ? await findUserByEmail(db, input.username) : await findUserByPhone(db, input.username);
    if (!user) {
      await verifyPassword(input.password, await dummyHash());
      throw businessError(Codes.noUser);
    }
    if (!(await verifyPassword(input.password, user.password_hash))) throw businessError(Codes.wrongPassword);
    assertActive(user);
    const token = await startSession(db, user.id, ctx.now());
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
        const target = smsTarget(input.countryCode, input.phone);
        ctx.limiter.hit('code-target', `sms:${target}`, ctx.limits.codePerTarget);
        await issueCode(db, 'sms', target, ctx.now());
        return null;
      },
    },
    registerByEmail: async (input) => {
      assertNewPassword(input.passWord, 'passWord');
      await requireCaptcha(input);
      const codeId = await requireCode('email', emailTarget(input.email), input.emailCode);
      return register({ email: input.email }, input, codeId);
    },
    registerByPhone: async (input) => {
      assertNewPassword(input.passWord, 'passWord');
      await requireCaptcha(input);
      const codeId = await requireCode('sms', smsTarget(input.countryCode, input.phone), input.smsCode);
      return register({ phone: input.phone, countryCode: input.countryCode }, input, codeId);
    },
    login: { run: login, limits: [{ bucket: 'login', limit: (c) => c.limits.login }] },
    resetPassword: async (input) => {
      assertNewPassword(input.passWord, 'passWord');
      await requireCaptcha(input);
      const codeId = await requireCode('email', emailTarget(input.email), input.emailCode);
      const user = await findUserByEmail(db, input.email);
      if (!user) throw businessError(Codes.noUser);
      await spendCode(codeId);
      await setPassword(db, user.id, input.passWord, ctx.now());
      return null;
    },
    resetPasswordByPhone: async (input) => {
      assertNewPassword(input.passWord, 'passWord');
      await requireCaptcha(input);
      const codeId = await requireCode('sms', smsTarget(input.countryCode, input.phone), input.smsCode);
      const user = await findUserByPhone(db, input.phone, input.countryCode);
      if (!user) throw businessError(Codes.noUser);
      await spendCode(codeId);
      await setPassword(db, user.id, input.passWord, ctx.now());
      return null;
    },
  };
}
