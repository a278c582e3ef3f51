// Market data (public): the trading-pair list with 24 h values and exact percent change,
// and kline bars. Values are exact decimal strings (the feed sends numbers).
import type { AppContext } from '../../platform/http/context.ts';
import { validationError } from '../../core/errors.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import type { Bar, MarketDef } from '../../platform/market/types.ts';
import { pageOf } from '../../platform/http/records.ts';
import { coinLogo } from '../../../contract/coin-logos.ts';
import { isUp, percentChange } from '../../../contract/decimal.ts';
import type { TradePair } from '../../../contract/generated/types.ts';

/** Spec §9: the trade list is read as page 1 of 100 */
export const TRADE_LIST_PAGE_SIZE = 100;
/** Bars per GET /base/getkdata (default and maximum) */
export const KLINE_MAX = 300;

/** A row of POST /base/tradelist (schemas/entities/ticker.json) */
export function tradePair(def: MarketDef, day: Bar): TradePair {
  return {
    symbol: def.symbol,
    name: def.name,
    logo: coinLogo(def.base) ?? '',
    price: day.close,
    close: day.close,
    open: day.open,
    high: day.high,
    low: day.low,
    vol: day.vol,
    amount: day.amount,
    zf: percentChange(day.open, day.close),
    isup: isUp(day.open, day.close),
  };
}

export function marketHandlers(ctx: AppContext): HandlerTable {
  return {
    getTradeList: async (input) => {
      const { page, pageSize, offset } = pageOf({ page: input.page, pageSize: input.pageSize ?? TRADE_LIST_PAGE_SIZE });
      const defs = ctx.market.markets().filter((def) => def.from === input.from);
      const list = defs.slice(offset, offset + pageSize).map((def) => tradePair(def, ctx.market.day(def.symbol)));
      return { list, total: defs.length, page, pageSize };
    },
    getKline: async (input) => {
      if (!ctx.market.market(input.id)) throw validationError('id', 'trade.unknownSymbol');
      return ctx.market.bars(input.id, input.interval, Math.min(input.num ?? KLINE_MAX, KLINE_MAX));
    },
  };
}
