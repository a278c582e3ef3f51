// Business constants of trading, read from schemas/config (the files the app reads too).
import { loadConfig } from '../../contract/loader.ts';
import { div, units } from '../../contract/decimal.ts';

export interface SpotConfig {
  feeRate: string;
  quoteDecimals: number;
  minOrderUsdt: string;
  /** A limit price must lie within this percent of the market price, either side ("20" = ±20 %) */
  limitBandPercent: string;
}

export interface FuturesConfig {
  hy_time: number[];
  hy_tzed: string[];
  hy_ykbl: string[];
  minStake: string;
  maxStake: string;
}

export interface TradingConfig {
  spot: SpotConfig;
  futures: FuturesConfig;
  feeRateUnits: bigint;
  minOrderUnits: bigint;
  minStakeUnits: bigint;
  maxStakeUnits: bigint;
  /** limitBandPercent / 100 as units (0.2 for "20") */
  limitBandUnits: bigint;
}

let cached: TradingConfig | undefined;

export function tradingConfig(): TradingConfig {
  if (cached) return cached;
  const spot = loadConfig<SpotConfig>('spot');
  const futures = loadConfig<FuturesConfig>('futures');
  if (futures.hy_time.length !== futures.hy_ykbl.length) throw new Error('schemas/config/futures.json: hy_time and hy_ykbl differ in length');
  for (const r of futures.hy_ykbl) units(r);
  const limitBandUnits = div(units(spot.limitBandPercent), units('100'));
  if (limitBandUnits <= 0n || limitBandUnits >= units('1')) throw new Error('schemas/config/spot.json: limitBandPercent must be above 0 and below 100');
  cached = {
    spot,
    futures,
    feeRateUnits: units(spot.feeRate),
    minOrderUnits: units(spot.minOrderUsdt),
    minStakeUnits: units(futures.minStake),
    maxStakeUnits: units(futures.maxStake),
    limitBandUnits,
  };
  return cached;
}
