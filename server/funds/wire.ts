// PLACEHOLDER: to be written (funds issue). Review kind "wire".
import type { ReviewKind } from './review-kind.ts';

export const wireReview: ReviewKind = {
  kind: 'wire',
  approveArgs: '',
  pending: async () => [],
  approve: async () => 'not built yet',
  reject: async () => 'not built yet',
};
