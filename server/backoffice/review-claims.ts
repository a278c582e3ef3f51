// "Take it": an operator takes a waiting review item so that two operators do not work the same
// one. The item is theirs for schemas/config/reviews.json take.minutes: the queue and the detail
// show their name, and nobody else decides it meanwhile (a colleague's second approval included:
// a first approval ends the first operator's hold). Taking it again renews it; an expired hold
// is taken over; a decision ends it in the decision's transaction.
import type { ReviewKindName } from '../../contract/review-kinds.ts';
import type { Db } from '../core/db/index.ts';
import { businessError, validationError } from '../core/errors.ts';
import type { ReviewKind } from '../core/review-kind.ts';
import { lockNamed } from '../core/db/locks.ts';
import { appendAudit } from '../platform/audit/audit.ts';
import type { Actor } from '../platform/audit/actor.ts';
import { isoTime } from '../platform/http/records.ts';
import { mayDecide, reviewRules } from './review-rules.ts';
import type { OperatorRole } from '../core/db/types.ts';
import { OperatorCode } from '../../contract/result-codes.ts';

export interface Claim {
  operatorId: number;
  operator: string;
  until: number;
}

const holdMs = () => reviewRules().take.minutes * 60_000;
const hhmm = (ms: number) => isoTime(ms).slice(11, 16);

/** The live holds on waiting items, by "kind:id". */
export async function liveClaims(db: Db, now: number): Promise<Map<string, Claim>> {
  const rows = await db.selectFrom('review_claims').selectAll().where('taken_at', '>', now - holdMs()).execute();
  return new Map(rows.map((r) => [`${r.kind}:${r.item_id}`, { operatorId: Number(r.operator_id), operator: r.operator, until: Number(r.taken_at) + holdMs() }]));
}

async function liveClaim(db: Db, kind: ReviewKindName, id: number, now: number): Promise<Claim | undefined> {
  const r = await db.selectFrom('review_claims').selectAll().where('kind', '=', kind).where('item_id', '=', id).executeTakeFirst();
  return r && Number(r.taken_at) + holdMs() > now ? { operatorId: Number(r.operator_id), operator: r.operator, until: Number(r.taken_at) + holdMs() } : undefined;
}

/** Refuses anyone but the holder while another operator's hold lasts; ends any hold of the item (in the caller's transaction). */
async function endHoldUnlessOthers(trx: Db, kind: ReviewKindName, id: number, operatorId: number | null, now: number): Promise<Claim | undefined> {
  const claim = await liveClaim(trx, kind, id, now);
  if (claim && claim.operatorId !== operatorId) throw validationError('id', 'admin.queue.takenByOther', { name: claim.operator, until: hhmm(claim.until) });
  await trx.deleteFrom('review_claims').where('kind', '=', kind).where('item_id', '=', id).execute();
  return claim;
}

/** Refuses a decision on an item another operator holds; ends any hold of the item (the decision's transaction keeps it if the decision fails). */
export async function endHoldForDecision(trx: Db, kind: ReviewKindName, id: number, operatorId: number | null, now: number): Promise<void> {
  await endHoldUnlessOthers(trx, kind, id, operatorId, now);
}

export interface Taker {
  actor: Actor & { operatorId: number };
  /** The operator's name, as the queue shows it */
  operator: string;
  roles: readonly OperatorRole[];
}

/** Takes (or renews) a waiting item for the operator; refused while someone else holds it. Audited. */
export async function takeReview(db: Db, kind: ReviewKind, who: Taker, id: number, now: number): Promise<{ until: string }> {
  if (!mayDecide(kind.kind, who.roles)) throw businessError(OperatorCode.notPermitted);
  return db.transaction().execute(async (trx) => {
    await lockNamed(trx, `review:${kind.kind}:${id}`);
    if (!(await kind.pending(trx)).some((i) => i.id === id)) throw validationError('id', 'admin.reviewNotWaiting', { kind: kind.kind, id });
    const held = await endHoldUnlessOthers(trx, kind.kind, id, who.actor.operatorId, now);
    await trx.insertInto('review_claims').values({ kind: kind.kind, item_id: id, operator_id: who.actor.operatorId, operator: who.operator, taken_at: now }).execute();
    const until = isoTime(now + holdMs());
    await appendAudit(trx, { ...who.actor, action: 'review.take', targetKind: kind.kind, targetId: id, before: held ? { takenBy: held.operator } : null, after: { takenBy: who.operator, until } }, now);
    return { until };
  });
}
