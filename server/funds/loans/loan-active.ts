// Loans being repaid (disbursed, not yet repaid in full) as the back office lists them: what is
// owed now is computed as the customer's loan screen computes it (loan-interest.ts).
import { formatUnits } from '../../../contract/decimal.ts';
import type { AdminActiveLoan } from '../../../contract/generated/types.ts';
import { isoTime, type Db } from '../../core/db/index.ts';
import { LoanStatus, type LoanOrderRow } from '../../core/db/types.ts';
import { balanceOf } from '../../core/ledger.ts';
import { userLabel } from '../../core/review-kind.ts';
import { interestDays, loanBalance, loanDueAt } from './loan-interest.ts';
import { coinDecimalsMap } from './loan-products.ts';
import { activeLoanOrder } from './loan-repayment.ts';

type Labelled = LoanOrderRow & { product: string | null; email: string | null; phone: string | null; country_code: string };

function activeLoansQuery(db: Db) {
  return db
    .selectFrom('loan_orders')
    .innerJoin('users', 'users.id', 'loan_orders.user_id')
    .leftJoin('loan_products', 'loan_products.id', 'loan_orders.loan_id')
    .selectAll('loan_orders')
    .select(['loan_products.name as product', 'users.email', 'users.phone', 'users.country_code'])
    .where('loan_orders.status', '=', LoanStatus.active);
}

function toActiveLoan(o: Labelled, decimals: number, now: number): AdminActiveLoan {
  const b = loanBalance(o, now, decimals);
  const f = (v: bigint) => formatUnits(v, decimals);
  return {
    id: Number(o.id),
    user: userLabel(o),
    product: o.product ?? '',
    coin: o.coin,
    principal: f(b.principal),
    interest: f(b.interest),
    repaid: f(b.repaid),
    owed: f(b.owed),
    interestDays: interestDays(o, now),
    approvedAt: isoTime(Number(o.approved_at)),
    dueAt: isoTime(loanDueAt(o) ?? now),
  };
}

/** GET /admin/loans/active: every loan being repaid, oldest first. */
export async function activeLoans(db: Db, now: number): Promise<AdminActiveLoan[]> {
  const [rows, decimals] = await Promise.all([activeLoansQuery(db).orderBy('loan_orders.id').execute(), coinDecimalsMap(db)]);
  return rows.map((o) => toActiveLoan(o, decimals.get(o.coin) ?? 8, now));
}

/** GET /admin/loans/active/detail: one of them with the customer's available balance of its coin (the most a repayment can take). */
export async function activeLoan(db: Db, id: number, now: number): Promise<AdminActiveLoan> {
  await activeLoanOrder(db, id);
  const o = await activeLoansQuery(db).where('loan_orders.id', '=', id).executeTakeFirstOrThrow();
  const decimals = (await coinDecimalsMap(db)).get(o.coin) ?? 8;
  const available = (await balanceOf(db, Number(o.user_id), o.coin)).available;
  return { ...toActiveLoan(o, decimals, now), available: formatUnits(available, decimals) };
}
