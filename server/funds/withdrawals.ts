// PLACEHOLDER: to be written (funds issue). Review kind "withdrawal".
import type { ReviewKind } from './review-kind.ts';

export const withdrawalReview: ReviewKind = {
  kind: 'withdrawal',
  approveArgs: '',
  pending: async () => [],
  approve: async () => 'not built yet',
  reject: async () => 'not built yet',
};
