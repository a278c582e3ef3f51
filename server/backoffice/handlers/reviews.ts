// GET /admin/reviews, GET /admin/history (what was decided) and POST /admin/reviews/decide over the review kinds the composition registers.
import type { ReviewKind } from '../../core/review-kind.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { rolesOf } from '../../platform/operators/operators.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import { decideReview, reviewDetail, waitingReviews } from '../review-decisions.ts';
import { onePage } from '../../platform/http/records.ts';
import { businessError } from '../../core/errors.ts';
import { OperatorCode } from '../../../contract/result-codes.ts';
import { mayDecide } from '../review-rules.ts';
import { reviewHistory } from '../review-history.ts';

export function reviewDecisionHandlers(kinds: readonly ReviewKind[]): (ctx: AppContext) => HandlerTable {
  return (ctx) => ({
    adminReviews: async (input, { session }) => {
      // '' (the screen's "all") is no filter
      const list = await waitingReviews(ctx.db, kinds, rolesOf(session.operator), { kind: input.kind || undefined, status: input.status || undefined });
      return onePage(list);
    },
    adminHistory: async (input, { session }) => {
      // the decisions of a kind the operator's roles decide, as the waiting items
      // no kind named: the first kind the operator decides (compliance: identity checks)
      const roles = rolesOf(session.operator);
      const kind = input.kind ?? kinds.find((k) => mayDecide(k.kind, roles))?.kind ?? 'deposit';
      if (!mayDecide(kind, roles)) throw businessError(OperatorCode.notPermitted);
      return reviewHistory(ctx.db, { ...input, kind });
    },
    adminReviewDetail: async (input, { session }) => reviewDetail(ctx.db, kinds, rolesOf(session.operator), input.kind, input.id),
    adminDecideReview: async (input, { session, req }) =>
      decideReview({ db: ctx.db, market: ctx.market, now: ctx.now(), actor: operatorActor(session, req), roles: rolesOf(session.operator) }, kinds, input),
  });
}
