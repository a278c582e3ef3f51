// Reviews in the back office: what waits (of the kinds the operator's roles decide) and one
// decision, run as one transaction with its ledger rows, its approval record and its audit row.
// Approving a large payout takes two different operators: the first approval moves no money.
import type { Db } from '../core/db/index.ts';
import { lockNamed } from '../core/db/locks.ts';
import type { ApprovalRow, OperatorRole } from '../core/db/types.ts';
import { businessError, validationError } from '../core/errors.ts';
import type { ReviewKind, ReviewMoves } from '../core/review-kind.ts';
import { endHoldForDecision } from './review-claims.ts';
import { kindNamed, type QueueReader, waitingReviews } from './review-queue.ts';
import { OperatorCode } from '../../contract/result-codes.ts';
import { appendAudit } from '../platform/audit/audit.ts';
import type { MarketData } from '../platform/market/types.ts';
import { uploadUrl } from '../platform/uploads/uploads.ts';
import type { AdminReviewDetail } from '../../contract/generated/types.ts';
import type { Actor } from '../platform/audit/actor.ts';
import { fourEyesReason, mayDecide } from './review-rules.ts';
import { rolesOf } from '../platform/operators/operators.ts';
import { plainUnits } from '../../contract/decimal.ts';
import { customerOnReview } from './customer-360.ts';

export interface Decision {
  kind: string;
  id: number;
  decision: 'approve' | 'reject';
  reason?: string;
  /** deposit: the amount received; loan: the amount granted; wire: the amount that arrived */
  amount?: string;
  /** deposit: the fee kept */
  fee?: string;
  /** wire: the coin credited */
  coin?: string;
}

export interface DecisionResult {
  state: 'done' | 'rejected' | 'awaitingSecond';
  approvals: number;
  required: number;
  /** What happened, as the CLI says it */
  message: string;
}

export interface DecisionContext {
  db: Db;
  market: MarketData;
  now: number;
  actor: Actor;
  roles: readonly OperatorRole[];
}

function openApproval(db: Db, kind: string, id: number): Promise<ApprovalRow | undefined> {
  return db
    .selectFrom('approvals')
    .selectAll()
    .where('action', '=', 'approve')
    .where('target_kind', '=', kind)
    .where('target_id', '=', String(id))
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/**
 * Closes the first approval of an item that is being decided, whichever path decides it (the
 * console, `ops … --as`, or a demo install's one-step `ops approve|reject`), in the deciding
 * transaction: an item is never decided with an approval record still waiting on it.
 */
export async function settleOpenApproval(
  trx: Db,
  kind: string,
  id: number,
  status: 'done' | 'rejected',
  by: number | null,
  reason: string | null,
  now: number,
): Promise<void> {
  await trx
    .updateTable('approvals')
    .set({ status, second_operator_id: by, decided_at: now, reason })
    .where('action', '=', 'approve')
    .where('target_kind', '=', kind)
    .where('target_id', '=', String(id))
    .where('status', '=', 'pending')
    .execute();
}

function approveArgs(d: Decision): string[] {
  switch (d.kind) {
    case 'deposit':
      return [...(d.amount ? [d.amount] : []), ...(d.fee ? [`fee=${d.fee}`] : [])];
    case 'loan':
      return d.amount ? [d.amount] : [];
    case 'wire':
      // none: the second approval of what the first recorded
      if (!d.coin && !d.amount) return [];
      if (!d.coin) throw validationError('coin', 'admin.wireCoinRequired');
      if (!d.amount) throw validationError('amount', 'admin.wireAmountRequired');
      return [d.coin, d.amount];
    default:
      return [];
  }
}

/** "250000 USDT" */
const amountText = (m: { coin: string; units: bigint }) => `${plainUnits(m.units)} ${m.coin}`;

/** What an approval moves as the record and the audit trail keep it: the claim beside the credit. */
function movesRecord(moves: ReviewMoves | undefined): { credited?: string; claimed?: string } {
  if (!moves) return {};
  return { credited: amountText(moves), ...(moves.claimed ? { claimed: amountText(moves.claimed) } : {}) };
}

/**
 * The deciding operator as the database has them now: roles taken away or a disable after the
 * session was read refuse the decision (the session's copy may be a moment old).
 */
async function currentRoles(trx: Db, ctx: DecisionContext): Promise<readonly OperatorRole[]> {
  if (ctx.actor.operatorId == null) return ctx.roles;
  const me = await trx.selectFrom('operators').select(['roles', 'disabled']).where('id', '=', ctx.actor.operatorId).executeTakeFirst();
  return me && Number(me.disabled) === 0 ? rolesOf(me) : [];
}

export async function decideReview(ctx: DecisionContext, kinds: readonly ReviewKind[], d: Decision): Promise<DecisionResult> {
  const kind = kindNamed(kinds, d.kind);
  if (!mayDecide(kind.kind, ctx.roles)) throw businessError(OperatorCode.notPermitted);
  if (d.decision === 'reject' && !d.reason?.trim()) throw validationError('reason', 'admin.reasonRequired');
  const given = d.decision === 'approve' ? approveArgs(d) : [];
  return ctx.db.transaction().execute(async (trx) => {
    // decisions on one item take turns: two first approvals at once would open two approval records
    await lockNamed(trx, `review:${kind.kind}:${d.id}`);
    if (!mayDecide(kind.kind, await currentRoles(trx, ctx))) throw businessError(OperatorCode.notPermitted);
    const waiting = (await kind.pending(trx)).find((i) => i.id === d.id);
    if (!waiting) throw validationError('id', 'admin.reviewNotWaiting', { kind: kind.kind, id: d.id });
    const open = await openApproval(trx, kind.kind, d.id);
    const me = ctx.actor.operatorId ?? null;
    await endHoldForDecision(trx, kind.kind, d.id, me, ctx.now);
    const firstBy = open ? await operatorName(trx, open.first_operator_id) : null;
    const audit = (action: string, after: object) =>
      appendAudit(trx, { ...ctx.actor, action, targetKind: kind.kind, targetId: d.id, before: { ...waiting, approvals: open ? 1 : 0 }, after }, ctx.now);
    const settle = (status: 'done' | 'rejected') => settleOpenApproval(trx, kind.kind, d.id, status, me, d.reason ?? null, ctx.now);

    if (d.decision === 'reject') {
      const message = await kind.reject(trx, d.id, d.reason ?? '', ctx.now);
      await settle('rejected');
      await audit('review.reject', { status: 'rejected', reason: d.reason, message, ...(firstBy ? { firstApprover: firstBy } : {}) });
      return { state: 'rejected', approvals: open ? 1 : 0, required: open ? 2 : 1, message };
    }
    if (open && open.first_operator_id === me) throw validationError('decision', 'admin.fourEyesSameOperator');
    // the second approval completes what the first recorded: it cannot change the amount or the coin
    const recorded = open ? (JSON.parse(open.args_json) as string[]) : undefined;
    if (recorded && given.length > 0 && JSON.stringify(given) !== JSON.stringify(recorded)) {
      const first = movesRecord(await kind.moves?.(trx, d.id, recorded));
      throw validationError('amount', 'admin.fourEyesArgsDiffer', { credited: first.credited ?? recorded.join(' ') });
    }
    if (!recorded && kind.kind === 'wire' && given.length === 0) throw validationError('coin', 'admin.wireCoinRequired');
    const args = recorded ?? given;
    const moves = await kind.moves?.(trx, d.id, args);
    if (d.coin && kind.kind !== 'wire' && moves && d.coin !== moves.coin) throw validationError('coin', 'admin.creditCoinDiffers', { coin: moves.coin });
    const why = fourEyesReason(kind, moves, ctx.market, ctx.now);
    const required = why ? 2 : 1;
    const record = { ...movesRecord(moves), ...(why ? { fourEyes: why } : {}) };
    if (required === 2 && !open) {
      if (me === null) throw new Error('a two-operator approval needs a signed-in operator');
      await trx
        .insertInto('approvals')
        .values({
          action: 'approve',
          target_kind: kind.kind,
          target_id: String(d.id),
          args_json: JSON.stringify(args),
          status: 'pending',
          first_operator_id: me,
          created_at: ctx.now,
        })
        .execute();
      const message = `${waiting.summary}: 1 of 2 approvals${record.credited ? ` (credits ${record.credited})` : ''}; a second operator completes it.`;
      await audit('review.approve.first', { approvals: 1, required, args, ...record, firstApprover: await operatorName(trx, me) });
      return { state: 'awaitingSecond', approvals: 1, required, message };
    }
    const message = await kind.approve(trx, d.id, args, ctx.now);
    await settle('done');
    const names = open ? { firstApprover: firstBy, secondApprover: await operatorName(trx, me) } : {};
    await audit('review.approve', { approvals: required, required, args, ...record, ...names, message });
    return { state: 'done', approvals: required, required, message };
  });
}

async function operatorName(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  return (await db.selectFrom('operators').select('name').where('id', '=', id).executeTakeFirst())?.name ?? null;
}

/** The images an operator looks at beside an item, as the URLs they are served at (reviewers may open them: platform/uploads). */
export async function reviewImageUrls(db: Db, kind: ReviewKind, id: number): Promise<Record<string, string>> {
  const images = (await kind.images?.(db, id)) ?? {};
  return Object.fromEntries(Object.entries(images).flatMap(([what, name]) => (name ? [[what, uploadUrl(name)]] : [])));
}

/** One waiting item with the images to look at beside it and what the customer was told about it (their URLs serve reviewers too: platform/uploads). */
export async function reviewDetail(
  db: Db,
  kinds: readonly ReviewKind[],
  reader: QueueReader,
  kindName: string,
  id: number,
  now: number,
): Promise<AdminReviewDetail> {
  const kind = kindNamed(kinds, kindName);
  if (!mayDecide(kind.kind, reader.roles)) throw businessError(OperatorCode.notPermitted);
  const [waiting] = (await waitingReviews(db, [kind], reader, { kind: kind.kind }, now)).filter((i) => i.id === id);
  if (!waiting) throw validationError('id', 'admin.reviewNotWaiting', { kind: kind.kind, id });
  // the detail is where every kind is decided: the queue row's approveInRow does not belong to it
  const { approveInRow: _inRow, ...item } = waiting;
  const open = await openApproval(db, kind.kind, id);
  // what the first approval recorded, else what approving as it stands would move
  const moves = await kind.moves?.(db, id, open ? (JSON.parse(open.args_json) as string[]) : []).catch(() => undefined);
  return { ...item, ...movesRecord(moves), ...(await reviewImageUrls(db, kind, id)), ...(await kind.notes?.(db, id)), ...(await customerOnReview(db, kind.kind, id)), uid: item.uid };
}
