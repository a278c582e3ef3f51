// GET /admin/reviews and POST /admin/reviews/decide over the review kinds the composition registers.
import type { ReviewKind } from '../../core/review-kind.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { rolesOf } from '../../platform/operators/operators.ts';
import { operatorActor } from '../actor.ts';
import { decideReview, waitingReviews } from '../review-decisions.ts';

export function reviewDecisionHandlers(kinds: readonly ReviewKind[]): (ctx: AppContext) => HandlerTable {
  return (ctx) => ({
    adminReviews: async (input, { session }) => ({ list: await waitingReviews(ctx.db, kinds, rolesOf(session.operator), input) }),
    adminDecideReview: async (input, { session, req }) =>
      decideReview({ db: ctx.db, market: ctx.market, now: ctx.now(), actor: operatorActor(session, req), roles: rolesOf(session.operator) }, kinds, input),
  });
}
