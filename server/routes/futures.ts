// Second-level futures (/hyorder/*): the config, create, list and find the user's own orders.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { toCount } from '../db/index.ts';
import { notFound } from '../http/errors.ts';
import { idQuery, type Page, type PagingInput, pagedQuery, pageOf } from '../http/paging.ts';
import { addRoute } from '../http/route.ts';
import {
  createFuturesOrder,
  FUTURES_STATUS_BY_FILTER,
  type FuturesCreateInput,
  type FuturesOrder,
  futuresConfigView,
  toFuturesOrder,
} from '../trading/futures.ts';

const SOURCE = 'server/routes/futures.ts';

export function registerFuturesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, validator } = ctx;

  addRoute(app, ctx, {
    method: 'GET',
    path: '/hyorder/config',
    auth: true,
    handler: async () => futuresConfigView(),
  });

  addRoute<FuturesCreateInput>(app, ctx, {
    method: 'POST',
    path: '/hyorder/createHyorder',
    auth: true,
    input: 'schema',
    handler: async (input, _req, user) => createFuturesOrder(ctx, user, input),
  });

  addRoute<PagingInput & { status?: string }>(app, ctx, {
    method: 'GET',
    path: '/hyorder/myHyorderList',
    auth: true,
    input: pagedQuery(validator, SOURCE, { status: { type: 'string', enum: ['', ...Object.keys(FUTURES_STATUS_BY_FILTER)] } }),
    handler: async (input, _req, user): Promise<Page<FuturesOrder>> => {
      const { page, pageSize, offset } = pageOf(input);
      let base = db.selectFrom('futures_orders').where('user_id', '=', user.id);
      if (input.status) base = base.where('status', '=', FUTURES_STATUS_BY_FILTER[input.status]);
      const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const rows = await base.selectAll().orderBy('id', 'desc').limit(pageSize).offset(offset).execute();
      return { list: rows.map(toFuturesOrder), total: toCount(n), page, pageSize };
    },
  });

  addRoute<{ ID: number }>(app, ctx, {
    method: 'GET',
    path: '/hyorder/findHyorder',
    auth: true,
    input: idQuery(validator, SOURCE),
    handler: async (input, _req, user) => {
      const row = await db.selectFrom('futures_orders').selectAll().where('id', '=', input.ID).where('user_id', '=', user.id).executeTakeFirst();
      if (!row) throw notFound();
      return toFuturesOrder(row);
    },
  });
}
