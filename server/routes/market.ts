// Market REST endpoints (public): the trading-pair list with 24 h values and exact percent
// change, and kline bars. Values are exact decimal strings (the feed sends numbers).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { validationError } from '../http/errors.ts';
import { type Page, pageOf } from '../http/paging.ts';
import { addRoute } from '../http/route.ts';
import { isUp, percentChange } from '../market/decimal.ts';
import type { Bar, MarketDef, Period } from '../market/types.ts';

/** A row of POST /base/tradelist (schemas/entities/ticker.json) */
export interface TradePair {
  symbol: string;
  name: string;
  logo: string;
  price: string;
  close: string;
  open: string;
  high: string;
  low: string;
  vol: string;
  amount: string;
  zf: string;
  isup: 0 | 1;
}

/** Spec §9: the trade list is read as page 1 of 100 */
export const TRADE_LIST_PAGE_SIZE = 100;
/** Bars per GET /base/getkdata (default and maximum) */
export const KLINE_MAX = 300;

export function tradePair(def: MarketDef, day: Bar): TradePair {
  return {
    symbol: def.symbol,
    name: def.name,
    logo: def.logo,
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

export function registerMarketRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute<{ from: 1 | 2; page?: number; pageSize?: number }>(app, ctx, {
    method: 'POST',
    path: '/base/tradelist',
    input: 'schema',
    handler: async (input): Promise<Page<TradePair>> => {
      const { page, pageSize, offset } = pageOf({ page: input.page, pageSize: input.pageSize ?? TRADE_LIST_PAGE_SIZE });
      const defs = ctx.market.markets().filter((def) => def.from === input.from);
      const list = defs.slice(offset, offset + pageSize).map((def) => tradePair(def, ctx.market.day(def.symbol)));
      return { list, total: defs.length, page, pageSize };
    },
  });

  addRoute<{ id: string; num?: number; interval: Period }>(app, ctx, {
    method: 'GET',
    path: '/base/getkdata',
    input: 'schema',
    handler: async (input): Promise<Bar[]> => {
      if (!ctx.market.market(input.id)) throw validationError('id', 'trade.unknownSymbol');
      return ctx.market.bars(input.id, input.interval, Math.min(input.num ?? KLINE_MAX, KLINE_MAX));
    },
  });
}
