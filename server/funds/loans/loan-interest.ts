// Loan interest, computed when read, with the server clock; never stored:
//   days     = max(0, floor((until − approved_at) / 1 day) − free_days)
//   interest = approved × daily_rate × days, rounded down to the coin's decimals
// where `until` is now for an active loan and the time of the last repayment for a repaid one
// (interest stops when the loan is repaid in full). Only complete days count, and the
// interest-free days are the first days after approval. It keeps running after the due date
// (approved_at + term_days) until the loan is repaid. owed = approved + interest − repaid.
// The terms (free_days, daily_rate, term_days) are copied from the product when the customer
// applies and never change afterwards, whatever the operator does to the product.
import { roundTo, STORAGE_ONE, units } from '../../../contract/decimal.ts';
import type { LoanOrderRow } from '../../core/db/types.ts';
import { LoanStatus } from '../../core/db/types.ts';

export const DAY_MS = 86_400_000;

/** Full days of interest at `until` (see the top of this file). */
export function interestDays(order: Pick<LoanOrderRow, 'approved_at' | 'free_days'>, until: number): number {
  if (order.approved_at === null) return 0;
  const elapsed = Math.floor((until - Number(order.approved_at)) / DAY_MS);
  return Math.max(0, elapsed - Number(order.free_days));
}

/** Interest in units owed at `until`: approved × daily_rate × interestDays, rounded down to `decimals`. */
export function loanInterest(
  order: Pick<LoanOrderRow, 'approved_amount' | 'approved_at' | 'free_days' | 'daily_rate'>,
  until: number,
  decimals: number,
): bigint {
  if (order.approved_amount === null) return 0n;
  const days = BigInt(interestDays(order, until));
  const exact = (BigInt(order.approved_amount) * units(order.daily_rate) * days) / STORAGE_ONE;
  return roundTo(exact, decimals, 'down');
}

/** The time interest is counted to: now while active, the last repayment once repaid. */
function interestUntil(order: LoanOrderRow, now: number): number {
  return Number(order.status) === LoanStatus.repaid && order.repaid_at !== null ? Number(order.repaid_at) : now;
}

/** When repayment is due: term_days after approval (undefined before approval). */
export function loanDueAt(order: Pick<LoanOrderRow, 'approved_at' | 'term_days'>): number | undefined {
  return order.approved_at === null ? undefined : Number(order.approved_at) + Number(order.term_days) * DAY_MS;
}

export interface LoanBalance {
  principal: bigint;
  interest: bigint;
  repaid: bigint;
  /** principal + interest − repaid, never below zero */
  owed: bigint;
}

export function loanBalance(order: LoanOrderRow, now: number, decimals: number): LoanBalance {
  const principal = BigInt(order.approved_amount ?? '0');
  const interest = loanInterest(order, interestUntil(order, now), decimals);
  const repaid = BigInt(order.repaid);
  const owed = principal + interest - repaid;
  return { principal, interest, repaid, owed: owed > 0n ? owed : 0n };
}

/** Why a loan cannot be repaid (funds.block.<reason>): waiting for review, rejected, already repaid. */
export function repayBlockReason(status: number): 'loanPending' | 'loanRejected' | 'loanRepaid' {
  if (status === LoanStatus.pending) return 'loanPending';
  if (status === LoanStatus.rejected) return 'loanRejected';
  return 'loanRepaid';
}

/** Why the customer cannot repay the loan now (the message is funds.block.<reason>), null while it is active. */
export function repayBlock(status: number): { reason: ReturnType<typeof repayBlockReason>; until: null; link: null } | null {
  return status === LoanStatus.active ? null : { reason: repayBlockReason(status), until: null, link: null };
}
