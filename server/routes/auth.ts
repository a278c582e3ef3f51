// Captcha, email and SMS codes, registration, login and password reset (all public).
import type { FastifyInstance } from 'fastify';
import { checkCaptcha, createCaptcha } from '../captcha.ts';
import { type Channel, checkCode, consumeCode, emailTarget, issueCode, smsTarget } from '../codes.ts';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/types.ts';
import { assertActive } from '../http/auth.ts';
import { ApiError, businessError, Codes } from '../http/errors.ts';
import { addRoute } from '../http/route.ts';
import { dummyHash, hashPassword, verifyPassword } from '../security/password.ts';
import {
  createUser,
  findUserByEmail,
  findUserByInvitationCode,
  findUserByPhone,
  isEmail,
  isUniqueViolation,
  startSession,
  setPassword,
  toUserEntity,
} from '../users.ts';

interface CaptchaFields {
  captcha: string;
  captchaId: string;
}

type RegisterInput = CaptchaFields & { passWord: string; invitationCode: string } & (
    | { email: string; emailCode: string }
    | { phone: string; countryCode: string; smsCode: string }
  );

type LoginInput = CaptchaFields & { username: string; password: string };
type ResetByEmailInput = CaptchaFields & { email: string; emailCode: string; passWord: string };
type ResetByPhoneInput = CaptchaFields & { phone: string; countryCode: string; smsCode: string; passWord: string };

function accountExists(): ApiError {
  return new ApiError(Codes.error, 'errors.accountExists');
}

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
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

  const codeLimits = [{ bucket: 'code-ip', limit: (c: AppContext) => c.limits.codePerIp }];

  addRoute(app, ctx, {
    method: 'POST',
    path: '/base/captcha',
    limits: [{ bucket: 'captcha', limit: (c) => c.limits.captcha }],
    handler: async () => createCaptcha(db, ctx.now()),
  });

  addRoute<{ email: string }>(app, ctx, {
    method: 'POST',
    path: '/base/emailCode',
    input: 'schema',
    limits: codeLimits,
    handler: async (input) => {
      const target = emailTarget(input.email);
      ctx.limiter.hit('code-target', `email:${target}`, ctx.limits.codePerTarget);
      await issueCode(db, 'email', target, ctx.now());
      return null;
    },
  });

  addRoute<{ phone: string; countryCode: string }>(app, ctx, {
    method: 'POST',
    path: '/base/phoneCode',
    input: 'schema',
    limits: codeLimits,
    handler: async (input) => {
      const target = smsTarget(input.countryCode, input.phone);
      ctx.limiter.hit('code-target', `sms:${target}`, ctx.limits.codePerTarget);
      await issueCode(db, 'sms', target, ctx.now());
      return null;
    },
  });

  addRoute<RegisterInput>(app, ctx, {
    method: 'POST',
    path: '/base/registerUser',
    input: 'schema',
    handler: async (input) => {
      await requireCaptcha(input);
      const byEmail = 'email' in input;
      const codeId = byEmail
        ? await requireCode('email', emailTarget(input.email), input.emailCode)
        : await requireCode('sms', smsTarget(input.countryCode, input.phone), input.smsCode);
      const inviter = await findUserByInvitationCode(db, input.invitationCode);
      if (!inviter) throw businessError(Codes.badInvitation);
      const existing = byEmail ? await findUserByEmail(db, input.email) : await findUserByPhone(db, input.phone);
      if (existing) throw accountExists();

      const passwordHash = await hashPassword(input.passWord);
      let user: UserRow;
      try {
        user = await db.transaction().execute(async (trx) => {
          if (!(await consumeCode(trx, codeId, ctx.now()))) throw businessError(Codes.badCode);
          const account = byEmail ? { email: input.email } : { phone: input.phone, countryCode: input.countryCode };
          return createUser(trx, { ...account, passwordHash, invitedBy: inviter.id }, ctx.now());
        });
      } catch (error) {
        throw isUniqueViolation(error) ? accountExists() : error;
      }
      const token = await startSession(db, user.id, ctx.now());
      return { token, user: toUserEntity(user) };
    },
  });

  addRoute<LoginInput>(app, ctx, {
    method: 'POST',
    path: '/base/login',
    input: 'schema',
    limits: [{ bucket: 'login', limit: (c) => c.limits.login }],
    handler: async (input) => {
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
    },
  });

  addRoute<ResetByEmailInput>(app, ctx, {
    method: 'POST',
    path: '/base/resetPwd',
    input: 'schema',
    handler: async (input) => {
      await requireCaptcha(input);
      const codeId = await requireCode('email', emailTarget(input.email), input.emailCode);
      const user = await findUserByEmail(db, input.email);
      if (!user) throw businessError(Codes.noUser);
      await spendCode(codeId);
      await setPassword(db, user.id, input.passWord, ctx.now());
      return null;
    },
  });

  addRoute<ResetByPhoneInput>(app, ctx, {
    method: 'POST',
    path: '/base/resetPwdByPhone',
    input: 'schema',
    handler: async (input) => {
      await requireCaptcha(input);
      const codeId = await requireCode('sms', smsTarget(input.countryCode, input.phone), input.smsCode);
      const user = await findUserByPhone(db, input.phone, input.countryCode);
      if (!user) throw businessError(Codes.noUser);
      await spendCode(codeId);
      await setPassword(db, user.id, input.passWord, ctx.now());
      return null;
    },
  });
}
