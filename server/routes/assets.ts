// The user's assets (/user/mycoin) and profit and loss (/user/ploss), valued at the market.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { addRoute } from '../http/route.ts';
import { assetList, profitLoss } from '../trading/assets.ts';

export function registerAssetRoutes(app: FastifyInstance, ctx: AppContext): void {
  // cate 1 asset list, 2 deposit list, 3 withdrawal list: the same holdings for now.
  addRoute<{ cate: 1 | 2 | 3 }>(app, ctx, {
    method: 'GET',
    path: '/user/mycoin',
    auth: true,
    input: 'schema',
    handler: async (_input, _req, user) => assetList(ctx, user.id),
  });

  addRoute(app, ctx, {
    method: 'GET',
    path: '/user/ploss',
    auth: true,
    handler: async (_input, _req, user) => profitLoss(ctx, user.id),
  });
}
