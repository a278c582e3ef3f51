// PLACEHOLDER: to be written (funds issue). Review kind "bank".
import type { ReviewKind } from './review-kind.ts';

export const bankWithdrawalReview: ReviewKind = {
  kind: 'bank',
  approveArgs: '',
  pending: async () => [],
  approve: async () => 'not built yet',
  reject: async () => 'not built yet',
};
