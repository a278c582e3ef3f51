// Operator settings (key/value). The market simulator's secret seed lives here: random per
// installation (node:crypto), written on first start, never printed and never chosen by an
// operator; no setting touches an order's outcome.
import { randomBytes } from 'node:crypto';
import type { Db } from '../core/db/index.ts';

export const MARKET_SEED_KEY = 'market.secret_seed';

/** The installation's stored market seed, if any. */
export async function readMarketSeed(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', MARKET_SEED_KEY).executeTakeFirst();
  return row?.value;
}

/** Stores the seed unless one is stored already; returns the stored one. */
export async function writeMarketSeed(db: Db, seed: string, now: number): Promise<string> {
  if (seed.length === 0) throw new Error('market seed must not be empty');
  await db
    .insertInto('settings')
    .values({ key: MARKET_SEED_KEY, value: seed, updated_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await readMarketSeed(db))!;
}

/**
 * The seed of this installation's market: the stored one; on first start 256 random bits
 * (or, in test mode only, the seed a test asks for), stored before any price is made.
 */
export async function marketSeed(db: Db, now: number, testSeed?: number): Promise<string> {
  const stored = await readMarketSeed(db);
  if (stored !== undefined) return stored;
  return writeMarketSeed(db, testSeed !== undefined ? String(testSeed) : randomBytes(32).toString('hex'), now);
}
