// Withdrawal addresses ("qianbao") of the logged-in user. Another user's record is
// answered exactly like a missing one.
import type { WithdrawalAddress } from '../../contract/generated/types.ts';
import type { AppContext } from '../context.ts';
import type { AddressRow } from '../db/types.ts';
import { notFound } from '../http/errors.ts';
import type { HandlerTable } from '../http/handler.ts';
import { isoTime, pageOfRows } from './records.ts';

export function toAddress(row: AddressRow): WithdrawalAddress {
  return {
    ID: Number(row.id),
    name: row.name,
    remark: row.remark,
    czline: row.czline,
    addr: row.addr,
    coin: row.coin,
    CreatedAt: isoTime(row.created_at),
  };
}

export function addressHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
    createWithdrawalAddress: async (input, { user }) => {
      const row = await db
        .insertInto('withdrawal_addresses')
        .values({
          user_id: user.id,
          coin: input.coin,
          czline: input.czline,
          addr: input.addr,
          name: input.name.trim(),
          remark: (input.remark ?? '').trim(),
          created_at: ctx.now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toAddress(row);
    },
    getWithdrawalAddresses: async (input, { user }) => {
      let base = db.selectFrom('withdrawal_addresses').where('user_id', '=', user.id);
      if (input.coin) base = base.where('coin', '=', input.coin);
      return pageOfRows(base, input, toAddress);
    },
    findWithdrawalAddress: async (input, { user }) => {
      const row = await db.selectFrom('withdrawal_addresses').selectAll().where('id', '=', input.ID).where('user_id', '=', user.id).executeTakeFirst();
      if (!row) throw notFound();
      return toAddress(row);
    },
    deleteWithdrawalAddress: async (input, { user }) => {
      const result = await db.deleteFrom('withdrawal_addresses').where('id', '=', input.ID).where('user_id', '=', user.id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound();
      return null;
    },
  };
}
