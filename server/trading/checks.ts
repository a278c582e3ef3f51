// Input checks shared by spot and futures orders: business codes of spec §8 and code 7
// field errors with the trade.* / futures.* messages.
import type { AppContext } from '../context.ts';
import { ApiError, businessError, Codes, validationError } from '../http/errors.ts';
import type { MarketDef } from '../market/types.ts';
import { ORDER_RATE_BUCKET, ORDER_RATE_LIMIT, USDT } from './config.ts';
import { parseAmount, plainUnits } from '../../contract/decimal.ts';

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
 * Malformed: code 7 `invalidKey`; too many decimals: code 7 trade.tooManyDecimals; zero:
 * `zeroError()` when given (spot orders answer 4013 / 4014 like a missing value), else code 7 `invalidKey`.
 */
export function positiveAmount(text: string, field: string, maxDecimals: number, invalidKey = 'trade.amountInvalid', zeroError?: () => ApiError): bigint {
  const parsed = parseAmount(text);
  if (!parsed) throw validationError(field, invalidKey);
  if (parsed.decimals > maxDecimals) throw validationError(field, 'trade.tooManyDecimals', { field, decimals: maxDecimals });
  if (parsed.units <= 0n) throw zeroError ? zeroError() : validationError(field, invalidKey);
  return parsed.units;
}

export function belowMinimum(field: string, min: bigint): ApiError {
  return validationError(field, 'trade.belowMinimum', { field, min: plainUnits(min) });
}

export function notOpen(id: number): ApiError {
  return new ApiError(Codes.error, 'trade.notOpen', { id });
}

/** A spot limit price: missing or zero 4014, malformed code 7 trade.priceInvalid. */
export function spotPrice(text: string | undefined, maxDecimals: number): bigint {
  if (!text) throw tradeError(TradeCodes.priceRequired);
  return positiveAmount(text, 'mprice', maxDecimals, 'trade.priceInvalid', () => tradeError(TradeCodes.priceRequired));
}

/** A spot quantity (mnum) or USDT amount (musdt): missing or zero 4013, malformed code 7 trade.amountInvalid. */
export function spotAmount(text: string | undefined, field: 'mnum' | 'musdt', maxDecimals: number): bigint {
  if (!text) throw tradeError(TradeCodes.amountRequired);
  return positiveAmount(text, field, maxDecimals, 'trade.amountInvalid', () => tradeError(TradeCodes.amountRequired));
}
