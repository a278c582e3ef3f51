// PLACEHOLDER: to be written (funds issue). Review kind "deposit".
import type { ReviewKind } from './review-kind.ts';

export const depositReview: ReviewKind = {
  kind: 'deposit',
  approveArgs: '',
  pending: async () => [],
  approve: async () => 'not built yet',
  reject: async () => 'not built yet',
};
