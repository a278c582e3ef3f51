// The coin table as customers see it (GET /coin/getCoinList).
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { coinListAnswer } from './coins.ts';

export function coinHandlers(ctx: AppContext): HandlerTable {
  return {
    getCoinList: async (input) => coinListAnswer(ctx.db, input.czstatus),
  };
}
