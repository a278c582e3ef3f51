// GET /admin/reviews, GET /admin/history (what was decided) its audited CSV export and one item's record in any state, POST /admin/reviews/take ('take it'), and POST /admin/reviews/decide over the review kinds the composition registers.
import type { ReviewKind } from '../../core/review-kind.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { rolesOf } from '../../platform/operators/operators.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import { decideReview, reviewDetail } from '../review-decisions.ts';
import { kindNamed, reviewQueuePage, type QueueReader } from '../review-queue.ts';
import { takeReview } from '../review-claims.ts';
import type { OperatorSession } from '../../platform/operators/operator-sessions.ts';
import { businessError } from '../../core/errors.ts';
import { OperatorCode } from '../../../contract/result-codes.ts';
import { mayDecide } from '../review-rules.ts';
import { reviewHistory, reviewHistoryCsv } from '../review-history.ts';
import { reviewRecord } from '../review-records.ts';
import type { ReviewKindName } from '../../../contract/review-kinds.ts';
import { appendAudit } from '../../platform/audit/audit.ts';
import { filterOf } from '../../platform/http/csv.ts';

const readerOf = (session: OperatorSession): QueueReader => ({ roles: rolesOf(session.operator), operatorId: Number(session.operator.id) });

export function reviewDecisionHandlers(kinds: readonly ReviewKind[]): (ctx: AppContext) => HandlerTable {
  /**
   * The kind whose decisions the operator asks for, if their roles decide it (as the waiting
   * items); none named: the first kind the operator decides (compliance: identity checks).
   */
  const historyKind = (asked: ReviewKindName | undefined, session: OperatorSession): ReviewKindName => {
    const roles = rolesOf(session.operator);
    const kind = asked ?? kinds.find((k) => mayDecide(k.kind, roles))?.kind ?? 'deposit';
    if (!mayDecide(kind, roles)) throw businessError(OperatorCode.notPermitted);
    return kind;
  };
  return (ctx) => ({
    // '' (the screen's "all") is no filter
    adminReviews: async (input, { session }) =>
      reviewQueuePage(ctx.db, kinds, readerOf(session), { ...input, kind: input.kind || undefined, status: input.status || undefined }, ctx.now()),
    adminHistory: async (input, { session }) => reviewHistory(ctx.db, { ...input, kind: historyKind(input.kind, session) }),
    adminHistoryExport: async (input, { session, req }) => {
      const filter = { ...input, kind: historyKind(input.kind, session) };
      const out = await reviewHistoryCsv(ctx.db, filter);
      const after = { filter: filterOf(filter), rows: out.rows };
      await appendAudit(ctx.db, { ...operatorActor(session, req), action: 'history.export', targetKind: 'history', targetId: filter.kind, after }, ctx.now());
      return out;
    },
    adminTakeReview: async (input, { session, req }) =>
      takeReview(
        ctx.db,
        kindNamed(kinds, input.kind),
        { actor: { ...operatorActor(session, req), operatorId: Number(session.operator.id) }, operator: session.operator.name, roles: rolesOf(session.operator) },
        input.id,
        ctx.now(),
      ),
    adminReviewRecord: async (input, { session }) => reviewRecord(ctx.db, kinds, readerOf(session), input.kind, input.id),
    adminReviewDetail: async (input, { session }) => reviewDetail(ctx.db, kinds, readerOf(session), input.kind, input.id, ctx.now()),
    adminDecideReview: async (input, { session, req }) =>
      decideReview({ db: ctx.db, market: ctx.market, now: ctx.now(), actor: operatorActor(session, req), roles: rolesOf(session.operator) }, kinds, input),
  });
}
