// The market the rest of the server reads: the simulator implements it, and
// trading tests can drive a fake one with prices they choose.
import markets from '../../../schemas/config/markets.json';
import type { KlineBar } from '../../../contract/generated/types.ts';
import { ApiError } from '../../core/errors.ts';
import { ResultCode } from '../../../contract/result-codes.ts';
import { FEED_PERIODS, type FeedPeriod } from '../../../contract/feed-protocol.ts';

export type MarketDef = (typeof markets.markets)[number] & { weekendClosed?: boolean };

/** One OHLCV bar (schemas/entities/kline-bar.json); prices are decimal strings with the market's priceDecimals, id is the period start in epoch seconds. */
export type Bar = KlineBar;

/** The kline periods: the feed protocol's (contract/feed-protocol.ts) */
export type Period = FeedPeriod;
export const PERIODS: readonly Period[] = FEED_PERIODS;

export interface MarketData {
  markets(): readonly MarketDef[];
  market(symbol: string): MarketDef | undefined;
  /** Last price as a decimal string with priceDecimals; throws for an unknown symbol */
  price(symbol: string): string;
  /** False for metals and forex on weekends (UTC) */
  isOpen(symbol: string, at?: number): boolean;
  /** 24 h rolling bar of the symbol (open = price 24 h ago) */
  day(symbol: string): Bar;
  /** Bars of a period, oldest first, ending with the live (current) bar; at most `limit` */
  bars(symbol: string, period: Period, limit: number, fromSec?: number, toSec?: number): Bar[];
  /**
   * The price recorded at second `sec` (epoch seconds) while the server was running: a decimal
   * string; null when none was recorded (the server was down then, or it is older than the
   * record kept); undefined when that second has not come yet. Futures settle from it.
   */
  priceAt(symbol: string, sec: number): string | null | undefined;
  /**
   * True while the symbol's price is not current: its source (an upstream feed) has been silent
   * longer than the stale limit, or has sent nothing yet. price() then throws StalePriceError,
   * so no order opens or fills from it. Absent (never stale) for the simulator.
   */
  isStale?(symbol: string): boolean;
  /** Called after every simulator step; returns an unsubscribe */
  onTick(listener: (ts: number) => void): () => void;
  /** Stops timers */
  close(): void;
}

/**
 * Thrown by MarketData.price() while the symbol's price is stale: an API error (code 7,
 * errors.priceStale), so an order that asks for the price is refused with that message and
 * writes nothing.
 */
export class StalePriceError extends ApiError {
  constructor(readonly symbol: string) {
    super(ResultCode.error, 'errors.priceStale', null, { symbol: symbol.toUpperCase() });
    this.name = 'StalePriceError';
  }
}
