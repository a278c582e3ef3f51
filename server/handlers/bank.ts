// Bank cards of the logged-in user (fiat withdrawals go to one of them).
import type { BankCard } from '../../contract/generated/types.ts';
import type { AppContext } from '../context.ts';
import type { BankCardRow } from '../db/types.ts';
import type { HandlerTable } from '../http/handler.ts';
import { isoTime, pageOfRows } from './records.ts';

export function toBankCard(row: BankCardRow): BankCard {
  return {
    ID: Number(row.id),
    bankname: row.bankname,
    accountname: row.accountname,
    bankcard: row.bankcard,
    ibna: row.ibna,
    payeeaddress: row.payeeaddress,
    country: row.country,
    swift: row.swift,
    CreatedAt: isoTime(row.created_at),
  };
}

export function bankHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
    createBankCard: async (input, { user }) => {
      const row = await db
        .insertInto('bank_cards')
        .values({
          user_id: user.id,
          bankname: input.bankname.trim(),
          accountname: input.accountname.trim(),
          bankcard: input.bankcard,
          ibna: input.ibna,
          swift: input.swift,
          payeeaddress: input.payeeaddress.trim(),
          country: input.country,
          created_at: ctx.now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toBankCard(row);
    },
    getBankCards: async (input, { user }) => pageOfRows(db.selectFrom('bank_cards').where('user_id', '=', user.id), input, toBankCard),
  };
}
