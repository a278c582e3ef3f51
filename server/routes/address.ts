// Withdrawal addresses ("qianbao") of the logged-in user. Another user's record is
// answered exactly like a missing one.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { toCount } from '../db/index.ts';
import type { AddressRow } from '../db/types.ts';
import { notFound } from '../http/errors.ts';
import { idQuery, isoTime, type Page, type PagingInput, pagedQuery, pageOf } from '../http/paging.ts';
import { addRoute } from '../http/route.ts';

export interface WithdrawalAddress {
  ID: number;
  name: string;
  remark: string;
  czline: string;
  addr: string;
  coin: string;
  CreatedAt: string;
}

interface AddressInput {
  coin: string;
  czline: string;
  addr: string;
  name: string;
  remark?: string;
}

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

const SOURCE = 'server/routes/address.ts';

export function registerAddressRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, validator } = ctx;
  const create = validator.forRoute('POST', '/user_qianbao/createUser_qianbao');
  const coins = ((create?.[0]?.schema.properties as Record<string, { enum?: string[] }> | undefined)?.coin?.enum ?? []) as string[];
  const coinFilter = coins.length > 0 ? { type: 'string', enum: ['', ...coins] } : { type: 'string', maxLength: 16 };

  function own(userId: number, id: number) {
    return db.selectFrom('withdrawal_addresses').selectAll().where('id', '=', id).where('user_id', '=', userId);
  }

  addRoute<AddressInput>(app, ctx, {
    method: 'POST',
    path: '/user_qianbao/createUser_qianbao',
    auth: true,
    input: 'schema',
    handler: async (input, _req, user) => {
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
  });

  addRoute<PagingInput & { coin?: string }>(app, ctx, {
    method: 'GET',
    path: '/user_qianbao/getUser_qianbaoList',
    auth: true,
    input: pagedQuery(validator, SOURCE, { coin: coinFilter }),
    handler: async (input, _req, user): Promise<Page<WithdrawalAddress>> => {
      const { page, pageSize, offset } = pageOf(input);
      let base = db.selectFrom('withdrawal_addresses').where('user_id', '=', user.id);
      if (input.coin) base = base.where('coin', '=', input.coin);
      const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const rows = await base.selectAll().orderBy('id', 'desc').limit(pageSize).offset(offset).execute();
      return { list: rows.map(toAddress), total: toCount(n), page, pageSize };
    },
  });

  addRoute<{ ID: number }>(app, ctx, {
    method: 'GET',
    path: '/user_qianbao/findUser_qianbao',
    auth: true,
    input: idQuery(validator, SOURCE),
    handler: async (input, _req, user) => {
      const row = await own(user.id, input.ID).executeTakeFirst();
      if (!row) throw notFound();
      return toAddress(row);
    },
  });

  addRoute<{ ID: number }>(app, ctx, {
    method: 'DELETE',
    path: '/user_qianbao/deleteUser_qianbao',
    auth: true,
    input: idQuery(validator, SOURCE),
    handler: async (input, _req, user) => {
      const result = await db.deleteFrom('withdrawal_addresses').where('id', '=', input.ID).where('user_id', '=', user.id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound();
      return null;
    },
  });
}
