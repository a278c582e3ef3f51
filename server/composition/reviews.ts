// What operators review: deposits, withdrawals, bank withdrawals, wire transfers, loans and identity records.
// Each kind lists what waits and decides one item atomically with its ledger rows; deciding
// an item twice changes nothing and says so. The operator CLI (`ops reviews|approve|reject`)
// is the only caller: no customer endpoint decides a review.
import { kycReview } from '../account/kyc/kyc-review.ts';
import type { Db } from '../core/db/index.ts';
import { bankWithdrawalReview } from '../funds/bank/bank-withdrawals.ts';
import { depositReview } from '../funds/deposits/deposits.ts';
import { loanReview } from '../funds/loans/loan-review.ts';
import { miningReview } from '../earn/mining/mining-review.ts';
import { wireReview } from '../funds/bank/wire.ts';
import type { ReviewItem, ReviewKind } from '../core/review-kind.ts';
import { withdrawalReview } from '../funds/withdrawals/withdrawals.ts';
import { refusal } from '../core/errors.ts';

export { reviewId } from '../core/review-kind.ts';

export const REVIEW_KINDS: readonly ReviewKind[] = [depositReview, withdrawalReview, bankWithdrawalReview, wireReview, loanReview, kycReview, miningReview];

export function reviewKind(kind: string | undefined): ReviewKind {
  const k = REVIEW_KINDS.find((r) => r.kind === kind);
  const kinds = REVIEW_KINDS.map((r) => r.kind).join(', ');
  if (!k) throw kind ? refusal('refusals.review.kindUnknown', { kinds, input: kind }) : refusal('refusals.review.kindMissing', { kinds });
  return k;
}

/** Everything waiting, oldest first within each kind. */
export async function pendingReviews(db: Db): Promise<ReviewItem[]> {
  const all: ReviewItem[] = [];
  for (const k of REVIEW_KINDS) all.push(...(await k.pending(db)));
  return all;
}

