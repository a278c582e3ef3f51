// /user/security (issue 25): the authenticator (set up, turn on with a code, turn off with a
// code), the account's second factors, the sign-in history, the self-service freeze, and the
// sign-in's second step. Every code check is limited per address; inside a session per account
// besides the lock after five wrong codes, at the second step per ticket and address
// (server/platform/security/user-totp.ts).
import { limitCodeCheck } from '../../platform/http/rate-limit.ts';
import { spendBusinessLimit } from '../../platform/http/business-limits.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { businessError } from '../../core/errors.ts';
import { ResultCode } from '../../../contract/result-codes.ts';
import { signInEntry } from '../../platform/sessions/sign-in-entry.ts';
import { verifyPassword } from '../../platform/security/password.ts';
import { beginTotp, checkSignInCode, checkUserCode, CODE_MAX_FAILURES, enableTotp, recoveryCodesLeft, removeTotp } from '../../platform/security/user-totp.ts';
import { hashToken } from '../../platform/security/tokens.ts';
import { secondFactorsOf } from '../../platform/security/second-factors.ts';
import { finishSignIn, readLoginTicket, recordSignIn, spendLoginTicket, TICKET_TTL_MS } from '../sign-in/sign-in-steps.ts';
import { freezeOwnAccount, takeFreezeLink } from './account-freeze.ts';

const SIGNIN_HISTORY = 50;
/** Wrong codes one sign-in ticket takes from its address before the password step must be done again */
const TICKET_CODE_LIMIT = { max: CODE_MAX_FAILURES, windowMs: TICKET_TTL_MS };

export function securityHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;

  return {
    getSecurity: async (_input, { user }) => {
      const { totp, passkeys } = await secondFactorsOf(db, user.id);
      return { totp, recoveryCodesLeft: await recoveryCodesLeft(db, user.id), passkeys };
    },
    setupTotp: async (_input, { user }) => beginTotp(ctx, user.id, user.email ?? `+${user.country_code} ${user.phone ?? ''}`, ctx.now()),
    enableTotp: async (input, { user, req }) => {
      await limitCodeCheck(ctx, req.ip, user.id);
      return { recoveryCodes: await enableTotp(ctx, user.id, input.code.trim(), ctx.now()) };
    },
    disableTotp: async (input, { user, req }) => {
      await limitCodeCheck(ctx, req.ip, user.id);
      await checkUserCode(ctx, user.id, input.totp, ctx.now(), true);
      await removeTotp(db, user.id);
      return null;
    },
    getSignins: async (_input, { user, req }) => {
      const t = ctx.i18n.translator(req.headers.lang);
      const rows = await db.selectFrom('signins').selectAll().where('user_id', '=', user.id).orderBy('id', 'desc').limit(SIGNIN_HISTORY).execute();
      return { list: rows.map((row) => signInEntry(row, t)) };
    },
    freezeAccount: {
      limits: [{ bucket: 'freeze', limit: (c) => c.limits.freezePerIp }],
      run: async (input, { user, req }) => {
        if (!(await verifyPassword(input.password, user.password_hash))) throw businessError(ResultCode.wrongPassword, { field: 'password' });
        await freezeOwnAccount(ctx, user, req, 'password');
        return null;
      },
    },
    freezeByLink: {
      limits: [{ bucket: 'freeze', limit: (c) => c.limits.freezePerIp }],
      run: async (input, { req }) => {
        const user = await takeFreezeLink(ctx, input.token);
        await freezeOwnAccount(ctx, user, req, 'link');
        return null;
      },
    },
    loginSecondFactor: {
      limits: [{ bucket: 'code-check-ip', limit: (c) => c.limits.codeCheckPerIp }],
      run: async (input, { req }) => {
        const user = await readLoginTicket(ctx, input.ticket, req);
        await spendBusinessLimit(ctx, 'signInSecondSteps', `${user.id}/${req.ip}`);
        const counter = { limiter: ctx.limiter, perTicket: TICKET_CODE_LIMIT, perAccount: ctx.limits.codeCheckPerAccount };
        let kind;
        try {
          kind = await checkSignInCode(ctx, counter, user.id, `${hashToken(input.ticket)} from ${req.ip}`, input.code, ctx.now());
        } catch (error) {
          await recordSignIn(ctx, user.id, req, 'totp', 'badCode');
          throw error;
        }
        await spendLoginTicket(ctx, input.ticket);
        return finishSignIn(ctx, user, req, kind);
      },
    },
  };
}
