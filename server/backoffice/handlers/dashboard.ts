// GET /admin/dashboard over the review kinds the composition registers.
import type { ReviewKind } from '../../core/review-kind.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { dashboard } from '../dashboard.ts';

export function dashboardHandlers(kinds: readonly ReviewKind[]): (ctx: AppContext) => HandlerTable {
  return (ctx) => ({
    adminDashboard: async () => dashboard(ctx.db, kinds, ctx.market, ctx.now()),
  });
}
