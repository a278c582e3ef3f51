// The coin table as customers see it (GET /coin/getCoinList).
import type { AppContext } from '../context.ts';
import type { HandlerTable } from '../http/handler.ts';
import { coinListAnswer } from '../funds/coins.ts';

export function coinHandlers(ctx: AppContext): HandlerTable {
  return {
    getCoinList: async (input) => coinListAnswer(ctx.db, input.czstatus),
  };
}
