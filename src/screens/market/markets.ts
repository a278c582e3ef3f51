// a named import: the file's description stays out of home's bundle
import { markets } from '../../../schemas/config/markets.json';

export type MarketInfo = (typeof markets)[number];
export const MARKETS: readonly MarketInfo[] = markets;
export const DEFAULT_SYMBOL = 'btcusdt';

export function marketOf(symbol: string | null | undefined): MarketInfo {
  return MARKETS.find((m) => m.symbol === symbol) ?? MARKETS.find((m) => m.symbol === DEFAULT_SYMBOL)!;
}

export const pairLabel = (m: MarketInfo) => `${m.base}/${m.quote}`;
