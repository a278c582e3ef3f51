// The user's assets (/user/mycoin) and profit and loss, valued at the market. `owed` gives what the
// user owes on loans (server/core/owed.ts; the composition passes the funds domain's loansOwed).
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { nothingOwed, type OwedByCoin } from '../../core/owed.ts';
import { assetList, profitLoss } from '../assets.ts';

export function assetHandlers(owed: OwedByCoin = nothingOwed): (ctx: AppContext) => HandlerTable {
  return (ctx) => ({
    getAssets: async (input, { user }) => assetList(ctx, user.id, input.cate, owed),
    getProfitLoss: async (_input, { user }) => profitLoss(ctx, user.id),
  });
}
