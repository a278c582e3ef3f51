// PLACEHOLDER: to be written (funds issue). Review kind "loan".
import type { ReviewKind } from './review-kind.ts';

export const loanReview: ReviewKind = {
  kind: 'loan',
  approveArgs: '',
  pending: async () => [],
  approve: async () => 'not built yet',
  reject: async () => 'not built yet',
};

/** PLACEHOLDER: fills an empty loan_products table. */
export async function seedLoanProducts(_db: unknown, _now: number): Promise<void> {}
