// Spot orders (/bborder/*): place buy and sell orders, cancel, list and find the user's own.
// Another user's order is answered exactly like a missing one.
import type { FastifyInstance } from 'fastify';
import type { JsonSchema } from '../../contract/loader.ts';
import type { AppContext } from '../context.ts';
import { toCount } from '../db/index.ts';
import { notFound } from '../http/errors.ts';
import { idQuery, type Page, type PagingInput, pagedQuery, pageOf } from '../http/paging.ts';
import { addRoute } from '../http/route.ts';
import {
  cancelSpotOrder,
  placeSpotBuy,
  placeSpotSell,
  SPOT_STATUS_BY_FILTER,
  type SpotBuyInput,
  type SpotOrder,
  type SpotSellInput,
  toSpotOrder,
} from '../trading/spot.ts';

const SOURCE = 'server/routes/spot.ts';

interface ListInput extends PagingInput {
  status?: string;
  symbol?: string;
}

export function registerSpotRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, validator } = ctx;

  addRoute<SpotBuyInput>(app, ctx, {
    method: 'POST',
    path: '/bborder/upbbbuy',
    auth: true,
    input: 'schema',
    handler: async (input, _req, user) => placeSpotBuy(ctx, user, input),
  });

  addRoute<SpotSellInput>(app, ctx, {
    method: 'POST',
    path: '/bborder/upbbsell',
    auth: true,
    input: 'schema',
    handler: async (input, _req, user) => placeSpotSell(ctx, user, input),
  });

  addRoute<{ id: number }>(app, ctx, {
    method: 'POST',
    path: '/bborder/clearorder',
    auth: true,
    input: 'schema',
    handler: async (input, _req, user) => cancelSpotOrder(ctx, user, input.id),
  });

  // The schema file (spot-open-orders) names the filters; paging and status are added here.
  const fromSchema = (validator.forRoute('GET', '/bborder/myBborderList')?.[0]?.schema.properties ?? {}) as Record<string, JsonSchema>;
  addRoute<ListInput>(app, ctx, {
    method: 'GET',
    path: '/bborder/myBborderList',
    auth: true,
    input: pagedQuery(validator, SOURCE, {
      symbol: { type: 'string', pattern: '^[a-z]{3,12}$' },
      ...fromSchema,
      status: { type: 'string', enum: ['', ...Object.keys(SPOT_STATUS_BY_FILTER)] },
    }),
    handler: async (input, _req, user): Promise<Page<SpotOrder>> => {
      const { page, pageSize, offset } = pageOf(input);
      let base = db.selectFrom('spot_orders').where('user_id', '=', user.id);
      if (input.status) base = base.where('status', '=', SPOT_STATUS_BY_FILTER[input.status]);
      if (input.symbol) base = base.where('symbol', '=', input.symbol);
      const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const rows = await base.selectAll().orderBy('id', 'desc').limit(pageSize).offset(offset).execute();
      return { list: rows.map(toSpotOrder), total: toCount(n), page, pageSize };
    },
  });

  addRoute<{ ID: number }>(app, ctx, {
    method: 'GET',
    path: '/bborder/findBborder',
    auth: true,
    input: idQuery(validator, SOURCE),
    handler: async (input, _req, user) => {
      const row = await db.selectFrom('spot_orders').selectAll().where('id', '=', input.ID).where('user_id', '=', user.id).executeTakeFirst();
      if (!row) throw notFound();
      return toSpotOrder(row);
    },
  });
}
