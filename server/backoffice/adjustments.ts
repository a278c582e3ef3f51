// Manual credits and debits: a finance operator asks for one (with the reason), a second, other
// finance operator approves it and only then does money move, in one transaction with its ledger
// row and its audit row. Either may reject it. The CLI's `credit` stays one step (it runs with the
// database's own rights on the server host) and is audited like this.
import { randomUUID } from 'node:crypto';
import { parseAmount, plainUnits, STORAGE_ONE } from '../../contract/decimal.ts';
import type { AdminAdjustment as Adjustment } from '../../contract/generated/types.ts';
import { coinDecimals, knownCoins } from '../core/coins.ts';
import type { Db } from '../core/db/index.ts';
import { forUpdate } from '../core/db/locks.ts';
import type { ApprovalRow } from '../core/db/types.ts';
import { validationError } from '../core/errors.ts';
import { balanceOf } from '../core/ledger.ts';
import type { ManualAdjustments } from '../core/manual-adjustment.ts';
import { appendAudit } from '../platform/audit/audit.ts';
import type { Actor } from '../platform/audit/actor.ts';

/** Larger than any real adjustment; a typo of three zeros is refused rather than minted. */
const MAX_ADJUSTMENT = 10n ** 9n;
export const ADJUST = 'adjust';

export interface AdjustmentRequest {
  uid: number;
  coin: string;
  amount: string;
  direction: 'credit' | 'debit';
  reason: string;
}

interface AdjustmentArgs {
  uid: number;
  direction: 'credit' | 'debit';
  coin: string;
  units: string;
  reason: string;
}

function parseRequest(r: AdjustmentRequest): AdjustmentArgs {
  const coin = r.coin.toUpperCase();
  if (!knownCoins().includes(coin)) throw validationError('coin', 'admin.coinUnknown', { coin: r.coin });
  const parsed = parseAmount(r.amount);
  const decimals = coinDecimals(coin);
  if (!parsed || parsed.units <= 0n || parsed.decimals > decimals || parsed.units > MAX_ADJUSTMENT * STORAGE_ONE)
    throw validationError('amount', 'admin.adjustAmount', { decimals, max: MAX_ADJUSTMENT.toString() });
  if (!r.reason.trim()) throw validationError('reason', 'admin.reasonRequired');
  return { uid: r.uid, direction: r.direction, coin, units: parsed.units.toString(), reason: r.reason.trim() };
}

export async function requestAdjustment(db: Db, actor: Actor, request: AdjustmentRequest, now: number): Promise<Adjustment> {
  const args = parseRequest(request);
  if (actor.operatorId == null) throw new Error('an adjustment is asked for by a signed-in operator');
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('id').where('id', '=', args.uid).executeTakeFirst();
    if (!user) throw validationError('uid', 'admin.userUnknown');
    const row = await trx
      .insertInto('approvals')
      .values({
        action: ADJUST,
        target_kind: 'user',
        target_id: `${args.uid}:${randomUUID()}`,
        args_json: JSON.stringify(args),
        status: 'pending',
        first_operator_id: actor.operatorId!,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await appendAudit(
      trx,
      {
        ...actor,
        action: `money.${args.direction}.request`,
        targetKind: 'user',
        targetId: args.uid,
        after: { approval: row.id, coin: args.coin, amount: plainUnits(BigInt(args.units)), reason: args.reason },
      },
      now,
    );
    return (await listAdjustments(trx, { id: Number(row.id) }))[0];
  });
}

export async function listAdjustments(db: Db, filter: { status?: string; id?: number }): Promise<Adjustment[]> {
  let q = db
    .selectFrom('approvals')
    .innerJoin('operators as first', 'first.id', 'approvals.first_operator_id')
    .leftJoin('operators as second', 'second.id', 'approvals.second_operator_id')
    .selectAll('approvals')
    .select(['first.name as first_name', 'second.name as second_name'])
    .where('approvals.action', '=', ADJUST);
  if (filter.status) q = q.where('approvals.status', '=', filter.status as ApprovalRow['status']);
  if (filter.id !== undefined) q = q.where('approvals.id', '=', filter.id);
  const rows = await q.orderBy('approvals.id', 'desc').limit(200).execute();
  return rows.map((r) => {
    const a = JSON.parse(r.args_json) as AdjustmentArgs;
    return {
      id: Number(r.id),
      uid: a.uid,
      direction: a.direction,
      coin: a.coin,
      amount: plainUnits(BigInt(a.units)),
      reason: a.reason,
      status: r.status,
      requestedBy: r.first_name,
      approvedBy: r.second_name ?? null,
      created: new Date(Number(r.created_at)).toISOString(),
    };
  });
}

/** One adjustment by its id; an unknown id is a validation error on `id`. */
export async function adjustment(db: Db, id: number): Promise<Adjustment> {
  const found = (await listAdjustments(db, { id }))[0];
  if (!found) throw validationError('id', 'admin.adjustmentUnknown');
  return found;
}

export interface ApprovalDecision {
  id: number;
  decision: 'approve' | 'reject';
  reason?: string;
}

/** The second operator's decision on an adjustment: approving moves the money, rejecting ends it. */
export async function decideAdjustment(db: Db, adjust: ManualAdjustments, actor: Actor, d: ApprovalDecision, now: number): Promise<Adjustment> {
  if (d.decision === 'reject' && !d.reason?.trim()) throw validationError('reason', 'admin.reasonRequired');
  return db.transaction().execute(async (trx) => {
    // held until commit: a second decision at the same time waits, then finds it decided
    const row = await forUpdate(
      trx,
      trx.selectFrom('approvals').selectAll().where('id', '=', d.id).where('action', '=', ADJUST).where('status', '=', 'pending'),
    ).executeTakeFirst();
    if (!row) throw validationError('id', 'admin.approvalNotWaiting');
    const args = JSON.parse(row.args_json) as AdjustmentArgs;
    const units = BigInt(args.units);
    const before = await balanceOf(trx, args.uid, args.coin);
    if (d.decision === 'approve') {
      if (row.first_operator_id === actor.operatorId) throw validationError('id', 'admin.fourEyesSameOperator');
      await (args.direction === 'credit' ? adjust.credit : adjust.debit)(trx, args.uid, args.coin, units, now);
    }
    const status = d.decision === 'approve' ? 'done' : 'rejected';
    await trx
      .updateTable('approvals')
      .set({ status, second_operator_id: actor.operatorId ?? null, decided_at: now, reason: d.reason?.trim() || null })
      .where('id', '=', row.id)
      .execute();
    const after = await balanceOf(trx, args.uid, args.coin);
    await appendAudit(
      trx,
      {
        ...actor,
        action: `money.${args.direction}.${d.decision}`,
        targetKind: 'user',
        targetId: args.uid,
        before: { approval: row.id, coin: args.coin, available: plainUnits(before.available) },
        after: {
          approval: row.id,
          status,
          coin: args.coin,
          available: plainUnits(after.available),
          amount: plainUnits(units),
          reason: d.reason ?? args.reason,
        },
      },
      now,
    );
    return (await listAdjustments(trx, { id: Number(row.id) }))[0];
  });
}
