// Crypto withdrawals of the logged-in user (create, list, detail), the coins open for
// withdrawal, and setting or changing the withdrawal password. Another user's withdrawal is
// answered exactly like a missing one.
import { limitCodeCheck } from '../../platform/http/rate-limit.ts';
import { requireCodeIfOn } from '../../platform/security/user-totp.ts';
import { coinListAnswer } from '../coins/coins.ts';
import { checkOldPayPassword, hashPayPassword } from '../rules.ts';
import { requestWithdrawal, toWithdrawal, type WithdrawInput } from './withdrawals.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { businessError, notFound } from '../../core/errors.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { verifyPassword } from '../../platform/security/password.ts';
import { pageOfRows } from '../../platform/http/records.ts';
import { ResultCode } from '../../../contract/result-codes.ts';

/** Attempts to set or change the withdrawal password, per user: a stolen session cannot try login passwords fast. */
export const PAY_PASSWORD_CHANGE_LIMIT = { max: 5, windowMs: 15 * 60_000 };

export function withdrawalHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  const create = async (input: WithdrawInput, user: Parameters<typeof requestWithdrawal>[1]) =>
    toWithdrawal(await requestWithdrawal(ctx, user, input, ctx.now()));

  return {
    // GET /coin/getCoinList?czstatus=2 under its own name: whichever of the two runs, the
    // answer is the same coin list (with every network, as getCoinList gives it) and one page
    getWithdrawCoins: async (input) => coinListAnswer(db, Number(input.czstatus)),

    createWithdraw: async (input, { user, req }) => {
      if (input.totp) await limitCodeCheck(ctx, req.ip, user.id);
      return create(input, user);
    },

    getWithdrawals: async (input, { user }) => {
      let base = db.selectFrom('withdrawals').where('user_id', '=', user.id);
      if (input.status) base = base.where('status', '=', Number(input.status));
      return pageOfRows(base, input, toWithdrawal);
    },

    getWithdrawal: async (input, { user }) => {
      const row = await db.selectFrom('withdrawals').selectAll().where('id', '=', input.ID).where('user_id', '=', user.id).executeTakeFirst();
      if (!row) throw notFound();
      return toWithdrawal(row);
    },

    /**
     * Sets or changes the withdrawal password. The session alone is not enough: the login
     * password must match (4011 under loginPassword otherwise), and a change takes the current
     * withdrawal password too (4012 under oldPassword). The new one is six digits (the schema),
     * so never a login password. Saving it starts a manual-review window for new withdrawals
     * (pay_password_changed_at) and clears the wrong-password count.
     */
    changePayPassword: async (input, { user, req }) => {
      if (input.totp) await limitCodeCheck(ctx, req.ip, user.id);
      await ctx.limiter.hit('pay-password-change', String(user.id), PAY_PASSWORD_CHANGE_LIMIT);
      if (!(await verifyPassword(input.loginPassword, user.password_hash))) {
        throw businessError(ResultCode.wrongLoginPassword, { field: 'loginPassword' });
      }
      await checkOldPayPassword(ctx, user, input.oldPassword);
      await requireCodeIfOn(ctx, user.id, input.totp, ctx.now());
      const hash = hashPayPassword(ctx, input.password);
      // only while it is still the one the current password was checked against: of two changes
      // sent at once, the second finds it changed and is refused like a wrong current password
      const stored = user.pay_password_hash;
      const changed = await db
        .updateTable('users')
        .set({ pay_password_hash: hash, pay_password_changed_at: ctx.now(), pay_failures: 0 })
        .where('id', '=', user.id)
        .where((eb) => (stored === null ? eb('pay_password_hash', 'is', null) : eb('pay_password_hash', '=', stored)))
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) throw businessError(ResultCode.wrongOldPayPassword, { field: 'oldPassword' });
      return null;
    },
  };
}
