// Input checks shared by spot and futures orders: business codes of spec §8 and code 7
// field errors with the trade.* / futures.* messages.
import type { AppContext } from '../context.ts';
import { ApiError, businessError, Codes, validationError } from '../http/errors.ts';
import type { MarketDef } from '../market/types.ts';
import { ORDER_RATE_BUCKET, ORDER_RATE_LIMIT } from './config.ts';
import { parseDecimal, plainUnits, USDT } from './money.ts';

export const TradeCodes = {
  /** enter the sale amount */
  amountRequired: 4013,
  /** enter the limit price */
  priceRequired: 4014,
  insufficient: 4020,
  rateLimited: 4024,
  closed: 4026,
} as const;

export function tradeError(code: number): ApiError {
  return businessError(code);
}

/** More than ORDER_RATE_LIMIT orders a second from one user: 4024 (nothing is placed). */
export function checkOrderRate(ctx: AppContext, userId: number): void {
  ctx.limiter.hit(ORDER_RATE_BUCKET, String(userId), ORDER_RATE_LIMIT);
}

/** A market quoted in USDT (spot trades only those); code 7 trade.unknownSymbol otherwise. */
export function spotMarket(ctx: AppContext, symbol: string, field = 'symbol'): MarketDef {
  const m = ctx.market.market(symbol);
  if (!m || m.quote !== USDT) throw validationError(field, 'trade.unknownSymbol');
  return m;
}

/** Any quoted market (futures settle in USDT whatever the pair quotes in). */
export function anyMarket(ctx: AppContext, symbol: string, field: string): MarketDef {
  const m = ctx.market.market(symbol);
  if (!m) throw validationError(field, 'trade.unknownSymbol');
  return m;
}

export function checkTradingHours(ctx: AppContext, symbol: string): void {
  if (!ctx.market.isOpen(symbol, ctx.now())) throw tradeError(TradeCodes.closed);
}

/**
 * A positive decimal with at most `maxDecimals` significant fraction digits, as units.
 * Zero or malformed: code 7 `invalidKey`; too many decimals: code 7 trade.tooManyDecimals.
 */
export function positiveAmount(text: string, field: string, maxDecimals: number, invalidKey = 'trade.amountInvalid'): bigint {
  const parsed = parseDecimal(text);
  if (!parsed) throw validationError(field, invalidKey);
  if (parsed.decimals > maxDecimals) throw validationError(field, 'trade.tooManyDecimals', { field, decimals: maxDecimals });
  if (parsed.units <= 0n) throw validationError(field, invalidKey);
  return parsed.units;
}

export function belowMinimum(field: string, min: bigint): ApiError {
  return validationError(field, 'trade.belowMinimum', { field, min: plainUnits(min) });
}

export function notOpen(id: number): ApiError {
  return new ApiError(Codes.error, 'trade.notOpen', { id });
}
