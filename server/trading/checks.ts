// Input checks shared by spot and futures orders: business codes of spec §8 and code 7
// field errors with the trade.* / futures.* messages.
import type { AppContext } from '../context.ts';
import { ApiError, businessError, validationError } from '../http/errors.ts';
import type { MarketDef } from '../market/types.ts';
import { ORDER_RATE_BUCKET, ORDER_RATE_LIMIT, USDT } from './config.ts';
import { formatUnits, mul, parseAmount, plainUnits, roundTo } from '../../contract/decimal.ts';
import { ResultCode } from '../../contract/result-codes.ts';

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
  if (!ctx.market.isOpen(symbol, ctx.now())) throw tradeError(ResultCode.marketClosed);
}

/** An amount or price as a request may carry it: a decimal string or a JSON number. */
export type AmountInput = string | number;

/**
 * The exact decimal text of an amount field. A JSON number is judged by its shortest
 * round-trip text (what the JSON carried for any number a client sends), so 0.1 is "0.1";
 * exponent forms ("1e-7", 1e21), NaN, Infinity and negative values are refused with code 7
 * trade.plainDecimal naming the field. Other malformed text is left to the caller's parse.
 */
export function decimalText(value: AmountInput, field: string): string {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'NaN') : value;
  if (typeof value === 'number' && (!Number.isFinite(value) || value < 0 || Object.is(value, -0))) throw validationError(field, 'trade.plainDecimal', { field });
  if (/[eE]|^[+-]|NaN|Infinity/.test(text)) throw validationError(field, 'trade.plainDecimal', { field });
  return text;
}

/**
 * A positive decimal (string or JSON number) with at most `maxDecimals` significant fraction
 * digits, as units. Exponent, NaN, Infinity, negative: code 7 trade.plainDecimal; otherwise
 * malformed: code 7 `invalidKey`; too many decimals: code 7 trade.decimalsAllowed (names the
 * field and the limit); zero: `zeroError()` when given (spot orders answer 4013 / 4014 like a
 * missing value), else code 7 `invalidKey`.
 */
export function positiveAmount(value: AmountInput, field: string, maxDecimals: number, invalidKey = 'trade.amountInvalid', zeroError?: () => ApiError): bigint {
  const parsed = parseAmount(decimalText(value, field));
  if (!parsed) throw validationError(field, invalidKey, { field });
  if (parsed.decimals > maxDecimals) throw validationError(field, 'trade.decimalsAllowed', { field, decimals: maxDecimals });
  if (parsed.units <= 0n) throw zeroError ? zeroError() : validationError(field, invalidKey, { field });
  return parsed.units;
}

export function belowMinimum(field: string, min: bigint): ApiError {
  return validationError(field, 'trade.belowMinimum', { field, min: plainUnits(min) });
}

export function notOpen(id: number): ApiError {
  return new ApiError(ResultCode.error, 'trade.notOpen', { id });
}

/** A spot limit price: missing or zero 4014, malformed code 7 trade.priceInvalid. */
export function spotPrice(text: AmountInput | undefined, maxDecimals: number): bigint {
  if (text === undefined || text === '') throw tradeError(ResultCode.priceRequired);
  return positiveAmount(text, 'mprice', maxDecimals, 'trade.priceInvalid', () => tradeError(ResultCode.priceRequired));
}

/** A spot quantity (mnum) or USDT amount (musdt): missing or zero 4013, malformed code 7 trade.amountInvalid. */
export function spotAmount(text: AmountInput | undefined, field: 'mnum' | 'musdt', maxDecimals: number): bigint {
  if (text === undefined || text === '') throw tradeError(ResultCode.amountRequired);
  return positiveAmount(text, field, maxDecimals, 'trade.amountInvalid', () => tradeError(ResultCode.amountRequired));
}

/** The prices a limit order may name: the market price ± the configured band, rounded inward to the price's decimals. */
export function limitBand(marketPrice: bigint, bandUnits: bigint, priceDecimals: number): { min: bigint; max: bigint } {
  const delta = mul(marketPrice, bandUnits, 'down');
  return { min: roundTo(marketPrice - delta, priceDecimals, 'up'), max: roundTo(marketPrice + delta, priceDecimals, 'down') };
}

/** A limit price outside the band around the market price: code 7 trade.outsideBand stating the band and the allowed range. */
export function checkLimitBand(price: bigint, marketPrice: bigint, bandPercent: string, bandUnits: bigint, priceDecimals: number): void {
  const { min, max } = limitBand(marketPrice, bandUnits, priceDecimals);
  if (price < min || price > max) {
    throw validationError('mprice', 'trade.outsideBand', {
      band: bandPercent,
      min: formatUnits(min, priceDecimals),
      max: formatUnits(max, priceDecimals),
      market: formatUnits(marketPrice, priceDecimals),
    });
  }
}
