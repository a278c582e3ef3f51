// Separation of duties among operators (issue 38). Granting admin or finance takes a second admin
// (the request waits in `approvals`, action operatorRoleGrant, until another admin approves or
// rejects it); so does resetting an operator's authenticator (operatorTotpReset), which ends in a
// fresh enrolment link. Nobody changes their own roles, approves their own request or resets
// their own authenticator here, and the last active admin keeps the role and access. A refusal
// of one of these rules changes nothing and is audited as refused.<rule> after its rollback.
import type { Db } from '../core/db/index.ts';
import { forUpdate, lockNamed } from '../core/db/locks.ts';
import type { OperatorRole, OperatorRow } from '../core/db/types.ts';
import { ApiError, type Params } from '../core/errors.ts';
import { ResultCode } from '../../contract/result-codes.ts';
import { appendAudit } from '../platform/audit/audit.ts';
import type { Actor } from '../platform/audit/actor.ts';
import { rolesOf } from '../platform/operators/operators.ts';

export const ROLE_GRANT = 'operatorRoleGrant';
export const OPERATOR_TOTP_RESET = 'operatorTotpReset';
/** Roles that move or control money and people: granting one takes a second admin. */
export const SECOND_ADMIN_ROLES: readonly OperatorRole[] = ['admin', 'finance'];

/** A refusal of a rule of duties: the translated message under `field`, audited as refused.<rule>. */
export class DutyRefusal extends ApiError {
  constructor(
    readonly rule: string,
    field: string,
    msgKey: string,
    params?: Params,
  ) {
    super(ResultCode.error, msgKey, { field }, params);
  }
}

/** Runs a console change of an operator; a DutyRefusal it throws (after its transaction rolled back) leaves one audit row. */
export async function withRefusalsAudited<T>(db: Db, actor: Actor, target: string, now: number, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof DutyRefusal)
      await appendAudit(db, { ...actor, action: `refused.${e.rule}`, targetKind: 'operator', targetId: target, after: { refused: e.msgKey } }, now);
    throw e;
  }
}

export const isActiveAdmin = (o: OperatorRow) => Number(o.disabled) === 0 && Number(o.enrol_required) === 0 && rolesOf(o).includes('admin');

/** Holds the operators' admin set until commit (PostgreSQL), so two changes at once cannot both remove the last admin. */
export async function lockAdmins(trx: Db): Promise<void> {
  await lockNamed(trx, 'operators.admins');
}

/** Refuses a change that would leave no active admin. */
export async function assertAdminRemains(trx: Db, before: OperatorRow, after: { roles: readonly string[]; disabled: boolean }): Promise<void> {
  if (!isActiveAdmin(before) || (after.roles.includes('admin') && !after.disabled)) return;
  const admins = (await trx.selectFrom('operators').selectAll().where('disabled', '=', 0).where('enrol_required', '=', 0).execute()).filter(isActiveAdmin);
  if (admins.every((a) => a.id === before.id)) throw new DutyRefusal('lastAdmin', 'name', 'admin.lastAdmin');
}

/** The target operator, held until commit: changes of one operator take turns. */
export function lockOperator(trx: Db, name: string): Promise<OperatorRow | undefined> {
  return forUpdate(trx, trx.selectFrom('operators').selectAll().where('name', '=', name)).executeTakeFirst();
}

/** The caller as the database has them now: an admin who was disabled or lost the role since signing in approves nothing. */
export async function assertApproverIsAdmin(trx: Db, actor: Actor): Promise<void> {
  const approver = actor.operatorId == null ? undefined : await trx.selectFrom('operators').selectAll().where('id', '=', actor.operatorId).executeTakeFirst();
  if (!approver || !isActiveAdmin(approver)) throw new DutyRefusal('approverNotAdmin', 'name', 'admin.approverNotAdmin');
}

export interface PendingRequest {
  action: string;
  id: number;
  /** What waits (a grant's roles), JSON */
  args: { roles?: OperatorRole[]; reason?: string };
  by: string;
  byId: number;
  at: number;
}

/** The requests waiting for a second admin, by operator id. */
export async function pendingRequests(db: Db, operatorId?: number): Promise<Map<number, PendingRequest[]>> {
  let q = db
    .selectFrom('approvals')
    .innerJoin('operators as first', 'first.id', 'approvals.first_operator_id')
    .select([
      'approvals.id',
      'approvals.action',
      'approvals.target_id',
      'approvals.args_json',
      'approvals.created_at',
      'approvals.first_operator_id',
      'first.name as by',
    ])
    .where('approvals.action', 'in', [ROLE_GRANT, OPERATOR_TOTP_RESET])
    .where('approvals.target_kind', '=', 'operator')
    .where('approvals.status', '=', 'pending');
  if (operatorId !== undefined) q = q.where('approvals.target_id', '=', String(operatorId));
  const out = new Map<number, PendingRequest[]>();
  for (const r of await q.orderBy('approvals.id').execute()) {
    const key = Number(r.target_id);
    out.set(key, [
      ...(out.get(key) ?? []),
      {
        action: r.action,
        id: Number(r.id),
        args: JSON.parse(r.args_json) as PendingRequest['args'],
        by: r.by,
        byId: Number(r.first_operator_id),
        at: Number(r.created_at),
      },
    ]);
  }
  return out;
}

/** The waiting request of one kind for an operator, held until commit. */
export function lockPending(trx: Db, action: string, operatorId: number) {
  return forUpdate(
    trx,
    trx
      .selectFrom('approvals')
      .selectAll()
      .where('action', '=', action)
      .where('target_kind', '=', 'operator')
      .where('target_id', '=', String(operatorId))
      .where('status', '=', 'pending'),
  ).executeTakeFirst();
}

export async function requestApproval(trx: Db, action: string, operatorId: number, args: PendingRequest['args'], actor: Actor, now: number): Promise<number> {
  const row = await trx
    .insertInto('approvals')
    .values({
      action,
      target_kind: 'operator',
      target_id: String(operatorId),
      args_json: JSON.stringify(args),
      status: 'pending',
      first_operator_id: actor.operatorId!,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Closes a waiting request; false when another decision closed it first. */
export async function closeApproval(trx: Db, id: number, status: 'done' | 'rejected', actor: Actor, reason: string | undefined, now: number): Promise<boolean> {
  const r = await trx
    .updateTable('approvals')
    .set({ status, second_operator_id: actor.operatorId ?? null, decided_at: now, reason: reason?.trim().slice(0, 200) || null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
