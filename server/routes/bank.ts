// Bank cards of the logged-in user (fiat withdrawals go to one of them).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { toCount } from '../db/index.ts';
import type { BankCardRow } from '../db/types.ts';
import { isoTime, type Page, type PagingInput, pagedQuery, pageOf } from '../http/paging.ts';
import { addRoute } from '../http/route.ts';

export interface BankCard {
  ID: number;
  bankname: string;
  accountname: string;
  bankcard: string;
  ibna: string;
  payeeaddress: string;
  country: string;
  swift: string;
  CreatedAt: string;
}

type BankCardInput = Omit<BankCard, 'ID' | 'CreatedAt'>;

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

export function registerBankRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  addRoute<BankCardInput>(app, ctx, {
    method: 'POST',
    path: '/user_bank/createUser_bank',
    auth: true,
    input: 'schema',
    handler: async (input, _req, user) => {
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
  });

  addRoute<PagingInput>(app, ctx, {
    method: 'GET',
    path: '/user_bank/getUser_bankList',
    auth: true,
    input: pagedQuery(ctx.validator, 'server/routes/bank.ts'),
    handler: async (input, _req, user): Promise<Page<BankCard>> => {
      const { page, pageSize, offset } = pageOf(input);
      const base = db.selectFrom('bank_cards').where('user_id', '=', user.id);
      const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const rows = await base.selectAll().orderBy('id', 'desc').limit(pageSize).offset(offset).execute();
      return { list: rows.map(toBankCard), total: toCount(n), page, pageSize };
    },
  });
}
