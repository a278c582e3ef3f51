// The funds tables a fresh installation starts with: the coin table and the loan products,
// each seeded only while it is empty (the operator changes them with `npm run ops -- …`).
import type { Db } from '../core/db/index.ts';
import { seedCoins } from '../funds/coins/coins.ts';
import { seedLoanProducts } from '../funds/loans/loan-seed.ts';
import { seedFinancingProducts } from '../earn/financing/financing-seed.ts';
import { seedMiningMachines } from '../earn/mining/mining-seed.ts';

export async function seedFunds(db: Db, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await seedCoins(trx, now);
    await seedLoanProducts(trx, now);
    await seedFinancingProducts(trx, now);
    await seedMiningMachines(trx, now);
  });
}
