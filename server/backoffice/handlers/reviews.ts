// GET /admin/reviews, GET /admin/history (what was decided) and POST /admin/reviews/decide over the review kinds the composition registers.
import type { ReviewKind } from '../../core/review-kind.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { rolesOf } from '../../platform/operators/operators.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import { decideReview, reviewDetail } from '../review-decisions.ts';
import { reviewQueuePage, type QueueReader } from '../review-queue.ts';
import type { OperatorSession } from '../../platform/operators/operator-sessions.ts';
import { businessError } from '../../core/errors.ts';
import { OperatorCode } from '../../../contract/result-codes.ts';
import { mayDecide } from '../review-rules.ts';
import { reviewHistory } from '../review-history.ts';

const readerOf = (session: OperatorSession): QueueReader => ({ roles: rolesOf(session.operator), operatorId: Number(session.operator.id) });

export function reviewDecisionHandlers(kinds: readonly ReviewKind[]): (ctx: AppContext) => HandlerTable {
  return (ctx) => ({
    // '' (the screen's "all") is no filter
    adminReviews: async (input, { session }) =>
      reviewQueuePage(ctx.db, kinds, readerOf(session), { ...input, kind: input.kind || undefined, status: input.status || undefined }, ctx.now()),
    adminHistory: async (input, { session }) => {
      // the decisions of a kind the operator's roles decide, as the waiting items;
      // no kind named: the first kind the operator decides (compliance: identity checks)
      const roles = rolesOf(session.operator);
      const kind = input.kind ?? kinds.find((k) => mayDecide(k.kind, roles))?.kind ?? 'deposit';
      if (!mayDecide(kind, roles)) throw businessError(OperatorCode.notPermitted);
      return reviewHistory(ctx.db, { ...input, kind });
    },
    adminReviewDetail: async (input, { session }) => reviewDetail(ctx.db, kinds, readerOf(session), input.kind, input.id, ctx.now()),
    adminDecideReview: async (input, { session, req }) =>
      decideReview({ db: ctx.db, market: ctx.market, now: ctx.now(), actor: operatorActor(session, req), roles: rolesOf(session.operator) }, kinds, input),
  });
}
