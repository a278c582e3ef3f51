// What a customer owes on their loans being repaid (disbursed, not repaid in full), by coin: the
// same owed amount their loan page and the back office show (loan-interest.ts), for the asset
// overview's "Loans owed" (server/core/owed.ts).
import type { Db } from '../../core/db/index.ts';
import { LoanStatus } from '../../core/db/types.ts';
import type { Owed } from '../../core/owed.ts';
import { loanBalance } from './loan-interest.ts';
import { coinDecimalsMap } from './loan-products.ts';

export async function loansOwed(db: Db, userId: number, now: number): Promise<Owed[]> {
  const rows = await db.selectFrom('loan_orders').selectAll().where('user_id', '=', userId).where('status', '=', LoanStatus.active).execute();
  if (!rows.length) return [];
  const decimals = await coinDecimalsMap(db);
  const byCoin = new Map<string, bigint>();
  for (const o of rows) byCoin.set(o.coin, (byCoin.get(o.coin) ?? 0n) + loanBalance(o, now, decimals.get(o.coin) ?? 8).owed);
  return [...byCoin].filter(([, owed]) => owed > 0n).map(([coin, owed]) => ({ coin, owed }));
}
