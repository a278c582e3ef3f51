// Coin exchange (server/funds/exchange/exchange.ts): the quote and the exchange itself.
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { exchange, exchangeInfo } from './exchange.ts';

export function exchangeHandlers(ctx: AppContext): HandlerTable {
  return {
    exchangeFind: async (input) => exchangeInfo(ctx, input.symbol),
    exchange: async (input, { user }) => exchange(ctx, user, input),
  };
}
