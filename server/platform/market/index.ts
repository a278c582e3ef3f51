// The market the server quotes: the seeded simulator over the pairs of
// schemas/config/markets.json.
import markets from '../../../schemas/config/markets.json';
import { createSimulator, type Simulator } from './simulator.ts';
import type { MarketDef } from './types.ts';

export { PERIOD_SPECS, VOL_DECIMALS, MINUTE_DAYS, BACKFILL_MONTHS, type Simulator, type SimulatorOptions } from './simulator.ts';

export interface MarketOptions {
  seed: number;
  now: () => number;
  /** Step on a timer (default true); tests step by hand with advanceTo */
  autoStep?: boolean;
}

/** All pairs of schemas/config/markets.json */
export const MARKETS: readonly MarketDef[] = markets.markets as MarketDef[];

export function createMarket(opts: MarketOptions): Simulator {
  return createSimulator(opts, MARKETS);
}
