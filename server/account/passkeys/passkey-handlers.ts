// A customer's passkeys (issue 25): register one (options, then the browser's answer under a
// name), list them, remove one with the login password; sign in with one alone or as the second
// step after the password (POST /base/loginPasskey answers like login). The public endpoints are
// rate limited per address. The rules are in ../passkeys.ts.
import { webauthnConfig } from '../../core/config.ts';
import { businessError, notFound } from '../../core/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { spendBusinessLimit } from '../../platform/http/business-limits.ts';
import type { Handler, HandlerTable, IpLimit } from '../../platform/http/handler.ts';
import { verifyPassword } from '../../platform/security/password.ts';
import { ResultCode } from '../../../contract/result-codes.ts';
import { registerPasskey, registrationOptions, relyingPartyOf, signInOptions, toPasskey, userPasskeys, verifySignIn } from './passkeys.ts';
import { finishSignIn, readLoginTicket, recordSignIn, spendLoginTicket } from '../sign-in/sign-in-steps.ts';

/** Login-password checks before removing a passkey, per user: a stolen session cannot guess it quickly (the bucket of the other password checks). */
const PASSWORD_CHECK_LIMIT = { max: 5, windowMs: 15 * 60_000 };

const SIGN_IN_LIMITS: IpLimit[] = [{ bucket: 'passkey-sign-in', limit: (c) => c.limits.passkeySignIn }];

export function passkeyHandlers(ctx: AppContext): HandlerTable {
  // read at start-up: a bad WEBAUTHN_RP_ID or WEBAUTHN_ORIGINS stops the server, not a customer's request
  const config = webauthnConfig();

  const loginPasskey: Handler<'loginPasskey'> = async (input, { req }) => {
    const rp = relyingPartyOf(config, req);
    const ticketUser = input.ticket === undefined ? undefined : await readLoginTicket(ctx, input.ticket, req);
    if (ticketUser) await spendBusinessLimit(ctx, 'signInSecondSteps', `${ticketUser.id}/${req.ip}`);
    const userId = await verifySignIn(
      ctx,
      rp,
      input.response,
      ticketUser,
      (id) => recordSignIn(ctx, id, req, 'passkey', 'badCode'),
      async (trxCtx) => {
        if (input.ticket !== undefined) await spendLoginTicket(trxCtx, input.ticket);
      },
    );
    const user = ticketUser ?? (await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow());
    return finishSignIn(ctx, user, req, 'passkey');
  };

  return {
    passkeyRegisterOptions: async (_input, { user, req }) => registrationOptions(ctx, user, relyingPartyOf(config, req)),
    registerPasskey: async (input, { user, req }) => registerPasskey(ctx, user, relyingPartyOf(config, req), input.name, input.response),
    getPasskeys: async (_input, { user }) => ({ list: (await userPasskeys(ctx, user.id)).map(toPasskey) }),
    removePasskey: async (input, { user }) => {
      await ctx.limiter.hit('password-check', String(user.id), PASSWORD_CHECK_LIMIT);
      if (!(await verifyPassword(input.password, user.password_hash))) throw businessError(ResultCode.wrongLoginPassword, { field: 'password' });
      const result = await ctx.db.deleteFrom('passkeys').where('id', '=', input.ID).where('user_id', '=', user.id).executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) throw notFound();
      return null;
    },
    passkeySignInOptions: {
      run: async (input, { req }) => {
        const user = input.ticket === undefined ? undefined : await readLoginTicket(ctx, input.ticket, req);
        return signInOptions(ctx, user, relyingPartyOf(config, req));
      },
      limits: SIGN_IN_LIMITS,
    },
    loginPasskey: { run: loginPasskey, limits: SIGN_IN_LIMITS },
  };
}
