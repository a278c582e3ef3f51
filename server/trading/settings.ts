// Operator settings (key/value). Only the market simulator seed lives here; no setting
// touches an order's outcome.
import type { Db } from '../db/index.ts';

export const MARKET_SEED_KEY = 'market.seed';

/** The simulator seed stored by `npm run ops -- market-seed <n>`, if any. */
export async function readMarketSeed(db: Db): Promise<number | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', MARKET_SEED_KEY).executeTakeFirst();
  if (!row) return undefined;
  const n = Number(row.value);
  return Number.isSafeInteger(n) ? n : undefined;
}

export async function writeMarketSeed(db: Db, seed: number, now: number): Promise<void> {
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`market seed must be a non-negative integer, not ${seed}`);
  await db
    .insertInto('settings')
    .values({ key: MARKET_SEED_KEY, value: String(seed), updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(seed), updated_at: now }))
    .execute();
}
