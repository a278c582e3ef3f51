// The user's assets (/user/mycoin) and profit and loss, valued at the market.
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { assetList, profitLoss } from '../assets.ts';

export function assetHandlers(ctx: AppContext): HandlerTable {
  return {
    getAssets: async (input, { user }) => assetList(ctx, user.id, input.cate),
    getProfitLoss: async (_input, { user }) => profitLoss(ctx, user.id),
  };
}
