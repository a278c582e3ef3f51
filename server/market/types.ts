// The market the rest of the server reads: the simulator implements it, and
// trading tests can drive a fake one with prices they choose.
import markets from '../../schemas/config/markets.json';
import type { KlineBar } from '../../contract/generated/types.ts';

export type MarketDef = (typeof markets.markets)[number] & { weekendClosed?: boolean };

/** One OHLCV bar (schemas/entities/kline-bar.json); prices are decimal strings with the market's priceDecimals, id is the period start in epoch seconds. */
export type Bar = KlineBar;

export type Period = '1min' | '5min' | '15min' | '30min' | '60min' | '1day' | '1week' | '1mon';
export const PERIODS: readonly Period[] = ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon'];

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
  /** Called after every simulator step; returns an unsubscribe */
  onTick(listener: (ts: number) => void): () => void;
  /** Stops timers */
  close(): void;
}
