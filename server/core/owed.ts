// What a customer owes the platform, by coin (issue 24: the asset total counts a loan's coins, so
// the assets page shows the loans owed beside it). The funds domain computes it from its loans
// (funds/loans/loan-owed.ts); the trading domain's asset overview reads it through this interface, and
// the composition (server/composition/handlers.ts) joins the two.
import type { Db } from './db/index.ts';

/** One coin's amount owed now, in ledger units (10⁻⁸), principal and interest less repayments. */
export interface Owed {
  coin: string;
  owed: bigint;
}

/** Every coin the user owes on, at `now`; none when nothing is owed. */
export type OwedByCoin = (db: Db, userId: number, now: number) => Promise<Owed[]>;

/** For a server without loans (tests of the asset list alone): nothing owed. */
export const nothingOwed: OwedByCoin = async () => [];
