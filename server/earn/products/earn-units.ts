// What every earn product counts with: the day its payouts and terms are measured in, a rate
// shown as a percent, and the coins' decimals (financing, mining and the catalogues' checks).
import { plainUnits, units } from '../../../contract/decimal.ts';
import type { Tx } from '../../core/ledger.ts';

export const DAY_MS = 86_400_000;

/** A ratio as a percent: "0.0005" → "0.05". */
export function ratePercent(rate: string): string {
  return plainUnits(units(rate) * 100n);
}

export async function coinDecimals(db: Tx): Promise<Map<string, number>> {
  const rows = await db.selectFrom('coins').select(['coin', 'decimals']).execute();
  return new Map(rows.map((r) => [r.coin, Number(r.decimals)]));
}
