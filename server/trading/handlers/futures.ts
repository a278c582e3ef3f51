// Second-level futures: the config, create, list and find the user's own orders.
import type { AppContext } from '../../platform/http/context.ts';
import { notFound } from '../../core/errors.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { createFuturesOrder, FUTURES_STATUS_BY_FILTER, futuresConfigView, toFuturesOrder } from '../futures.ts';
import { pageOfRows } from '../../platform/http/records.ts';

export function futuresHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
    getFuturesConfig: async () => futuresConfigView(),
    createFuturesOrder: async (input, { user }) => createFuturesOrder(ctx, user, input),
    getFuturesOrders: async (input, { user }) => {
      let base = db.selectFrom('futures_orders').where('user_id', '=', user.id);
      if (input.status) base = base.where('status', '=', FUTURES_STATUS_BY_FILTER[String(input.status)]);
      return pageOfRows(base, input, toFuturesOrder);
    },
    getFuturesOrder: async (input, { user }) => {
      const row = await db.selectFrom('futures_orders').selectAll().where('id', '=', input.ID).where('user_id', '=', user.id).executeTakeFirst();
      if (!row) throw notFound();
      return toFuturesOrder(row);
    },
  };
}
