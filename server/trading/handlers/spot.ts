// Spot orders: place buy and sell orders, cancel, list and find the user's own.
// Another user's order is answered exactly like a missing one.
import type { SpotOrder } from '../../../contract/generated/types.ts';
import type { Page } from '../../../contract/screen.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { UserRow } from '../../core/db/types.ts';
import { notFound } from '../../core/errors.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { cancelSpotOrder, placeSpotBuy, placeSpotSell, SPOT_STATUS_BY_FILTER, toSpotOrder } from '../spot.ts';
import { pageOfRows, type PagingInput } from '../../platform/http/records.ts';

export function spotHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;

  /** The order records list and the ticket's open orders are one route with two schema files. */
  async function orders(input: PagingInput & { status?: number | ''; symbol?: string }, user: UserRow): Promise<Page<SpotOrder>> {
    let base = db.selectFrom('spot_orders').where('user_id', '=', user.id);
    if (input.status) base = base.where('status', '=', SPOT_STATUS_BY_FILTER[String(input.status)]);
    if (input.symbol) base = base.where('symbol', '=', input.symbol);
    return pageOfRows(base, input, toSpotOrder);
  }

  return {
    spotBuy: async (input, { user }) => placeSpotBuy(ctx, user, input),
    spotSell: async (input, { user }) => placeSpotSell(ctx, user, input),
    spotCancel: async (input, { user }) => cancelSpotOrder(ctx, user, input.id),
    getSpotOrders: async (input, { user }) => orders(input, user),
    getSpotOpenOrders: async (input, { user }) => orders(input, user),
    getSpotOrder: async (input, { user }) => {
      const row = await db.selectFrom('spot_orders').selectAll().where('id', '=', input.ID).where('user_id', '=', user.id).executeTakeFirst();
      if (!row) throw notFound();
      return toSpotOrder(row);
    },
  };
}
