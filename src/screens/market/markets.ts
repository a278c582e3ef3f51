import config from '../../../schemas/config/markets.json';

export type MarketInfo = (typeof config.markets)[number];
export const MARKETS: readonly MarketInfo[] = config.markets;
export const DEFAULT_SYMBOL = 'btcusdt';

export function marketOf(symbol: string | null | undefined): MarketInfo {
  return MARKETS.find((m) => m.symbol === symbol) ?? MARKETS.find((m) => m.symbol === DEFAULT_SYMBOL)!;
}

export const pairLabel = (m: MarketInfo) => `${m.base}/${m.quote}`;
