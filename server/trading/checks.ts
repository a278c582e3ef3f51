// Input checks shared by spot and futures orders: business codes of spec §8 and code 7
// field errors with the trade.* / futures.* messages.
import type { AppContext } from '../platform/http/context.ts';
import { ApiError, businessError, validationError } from '../core/errors.ts';
import type { MarketDef } from '../platform/market/types.ts';
import { USDT } from '../core/coins.ts';
import { spendOrderLimits } from '../platform/http/business-limits.ts';
import { formatUnits, mul, plainUnits, roundTo } from '../../contract/decimal.ts';
import { positiveAmount, type AmountInput } from '../core/amounts.ts';
import { ResultCode } from '../../contract/result-codes.ts';

export function tradeError(code: number): ApiError {
  return businessError(code);
}

/** Past the business limits on orders (spot and futures together) per second or per day: 4024 (nothing is placed). */
export async function checkOrderRate(ctx: AppContext, userId: number): Promise<void> {
  await spendOrderLimits(ctx, userId);
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
