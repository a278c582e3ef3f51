// The coin table as customers see it (GET /coin/getCoinList).
import type { AppContext } from '../context.ts';
import type { HandlerTable } from '../http/handler.ts';
import { coinList, coinTable } from '../funds/coins.ts';

export function coinHandlers(ctx: AppContext): HandlerTable {
  return {
    getCoinList: async (input) => {
      const list = coinList(await coinTable(ctx.db), input.czstatus);
      return { list, networks: list.flatMap((c) => c.networks) };
    },
  };
}
