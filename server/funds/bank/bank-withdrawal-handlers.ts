// Bank withdrawals (/withdraw_bank/*) of the logged-in user. The rules live in
// server/funds/bank/bank-withdrawals.ts; another user's record is answered exactly like a missing one.
import { limitCodeCheck } from '../../platform/http/rate-limit.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { bankWithdrawOptions, requestBankWithdrawal, toBankWithdrawal, type BankWithdrawInput } from './bank-withdrawals.ts';
import { notFound } from '../../core/errors.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import type { UserRow } from '../../core/db/types.ts';
import { pageOfRows } from '../../platform/http/records.ts';

export function bankWithdrawalHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  const createBank = async (input: BankWithdrawInput, user: UserRow) => toBankWithdrawal(await requestBankWithdrawal(ctx, user, input, ctx.now()));
  return {
    getBankWithdrawOptions: async (_input, { user }) => bankWithdrawOptions(ctx, user),
    // the screen sends the amount as a decimal string, API clients may send a JSON number
    createBankWithdrawal: async (input, { user, req }) => {
      if (input.totp) await limitCodeCheck(ctx, req.ip, user.id);
      return createBank(input, user);
    },
    getBankWithdrawals: async (input, { user }) => {
      let base = db.selectFrom('bank_withdrawals').where('user_id', '=', user.id);
      if (input.status) base = base.where('status', '=', input.status);
      return pageOfRows(base, input, toBankWithdrawal);
    },
    findBankWithdrawal: async (input, { user }) => {
      const row = await db.selectFrom('bank_withdrawals').selectAll().where('id', '=', input.ID).where('user_id', '=', user.id).executeTakeFirst();
      if (!row) throw notFound();
      return toBankWithdrawal(row);
    },
  };
}
