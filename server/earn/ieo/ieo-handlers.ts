// IEO (server/earn/ieo/ieo.ts): the projects, one project, a subscription and the caller's
// subscriptions. Another user's subscription is never listed.
import type { AppContext } from '../../platform/http/context.ts';
import { type IeoOrderRow, IeoOrderStatus } from '../../core/db/types.ts';
import { buyIeo, ieoProjectsFor, priceDecimals, toIeoOrder } from './ieo.ts';
import { localName } from '../../core/local-names.ts';
import { notFound } from '../../core/errors.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { pageOf, pageOfRows } from '../../platform/http/records.ts';

const STATUS_FILTER = new Set<number>(Object.values(IeoOrderStatus));

export function ieoHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;

  return {
    getIeoList: async (input, { user, req }) => {
      const { page, pageSize, offset } = pageOf(input);
      const { n } = await db
        .selectFrom('ieo_projects')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      // live first, then upcoming, then ended; newest start first within each
      const rows = await db.selectFrom('ieo_projects').selectAll().orderBy('start_at', 'desc').orderBy('id', 'desc').execute();
      const projects = await ieoProjectsFor(ctx, user.id, rows, req.headers.lang);
      const rank = { 2: 0, 1: 1, 3: 2 } as Record<number, number>;
      const sorted = projects.sort((a, b) => rank[a.state] - rank[b.state]);
      return { list: sorted.slice(offset, offset + pageSize), total: Number(n), page, pageSize };
    },

    findIeo: async (input, { user, req }) => {
      const row = await db.selectFrom('ieo_projects').selectAll().where('id', '=', input.ID).executeTakeFirst();
      if (!row) throw notFound();
      return (await ieoProjectsFor(ctx, user.id, [row], req.headers.lang))[0];
    },

    buyIeo: async (input, { user, req }) => buyIeo(ctx, user, input, req.headers.lang),

    getIeoOrders: async (input, { user, req }) => {
      let base = db.selectFrom('ieo_orders').where('user_id', '=', user.id);
      if (input.status !== undefined && input.status !== '' && STATUS_FILTER.has(Number(input.status))) base = base.where('status', '=', Number(input.status));
      const page = await pageOfRows(base, input, (row: IeoOrderRow) => row);
      const ids = [...new Set(page.list.map((o) => Number(o.project_id)))];
      const projects = ids.length
        ? await db.selectFrom('ieo_projects').select(['id', 'name', 'names', 'decimals', 'price', 'price_coin']).where('id', 'in', ids).execute()
        : [];
      const byId = new Map(projects.map((p) => [Number(p.id), p]));
      const list = [];
      for (const o of page.list) {
        const p = byId.get(Number(o.project_id));
        const project = p ? { price: p.price, coin: p.price_coin } : undefined;
        list.push(toIeoOrder(ctx, o, p ? localName(p, req.headers.lang) : o.coin, p ? Number(p.decimals) : 8, await priceDecimals(db, o.price_coin), project));
      }
      return { ...page, list };
    },
  };
}
