// The logged-in user's own record, the login password change, and the site configuration (the
// app compares `version` with its own to clear a stale web-view cache).
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { businessError, validationError } from '../../core/errors.ts';
import { verifyPassword } from '../../platform/security/password.ts';
import { assertNewPassword } from '../../platform/security/password-policy.ts';
import { currentSession } from '../../platform/http/auth.ts';
import { endSession } from '../../platform/sessions/sessions.ts';
import { setPassword, toUserEntity } from '../../platform/sessions/users.ts';
import { ResultCode } from '../../../contract/result-codes.ts';
import { limitCodeCheck } from '../../platform/http/rate-limit.ts';
import { requireCodeIfOn } from '../../platform/security/user-totp.ts';

/** Attempts to change the login password, per user: a stolen session cannot guess the old one quickly. */
const CHANGE_LIMIT = { max: 5, windowMs: 15 * 60_000 };

export function userHandlers(ctx: AppContext): HandlerTable {
  return {
    getUserInfo: async (_input, { user }) => ({ userInfo: toUserEntity(user) }),
    // The token stops working at once (the app forgets it as well)
    logout: async (_input, { user, req }) => {
      await endSession(ctx.db, user.id, currentSession(req).id);
      return null;
    },
    // The login password guards it, as a stolen session must not be able to set a code a phisher knows
    setAntiPhishingCode: async (input, { user }) => {
      await ctx.limiter.hit('password-check', String(user.id), CHANGE_LIMIT);
      if (!(await verifyPassword(input.password, user.password_hash))) throw businessError(ResultCode.wrongLoginPassword, { field: 'password' });
      await ctx.db.updateTable('users').set({ anti_phishing_code: input.code }).where('id', '=', user.id).execute();
      return null;
    },
    // Ends every session (the user logs in again) and, by password_changed_at, blocks withdrawals
    // for 24 hours and sends new ones to manual review (server/funds/rules.ts). With the
    // authenticator on, a stolen session and password are not enough: its code is needed too.
    changePassword: async (input, { user, req }) => {
      if (input.totp) await limitCodeCheck(ctx, req.ip, user.id);
      await ctx.limiter.hit('password-change', String(user.id), CHANGE_LIMIT);
      if (!(await verifyPassword(input.password, user.password_hash))) throw businessError(ResultCode.wrongLoginPassword, { field: 'password' });
      if (input.newPassword === input.password) throw validationError('newPassword', 'changePassword.sameAsOld');
      assertNewPassword(input.newPassword, 'newPassword');
      await requireCodeIfOn(ctx, user.id, input.totp, ctx.now());
      await setPassword(ctx.db, user.id, input.newPassword, ctx.now());
      return null;
    },
  };
}
