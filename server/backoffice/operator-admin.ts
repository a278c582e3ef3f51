// Operators managed in the console by admins: list, add, re-role, disable, enable, and the two
// changes that take a second admin (operator-duties.ts). A new operator gets no password and no
// authenticator here: the admin is answered a one-time enrolment link to hand over. Granting
// admin or finance waits for a second admin; other roles and removals apply at once. Sessions of
// a changed operator end at once.
import type { AdminNewOperator, AdminOperatorChange, AdminOperatorRow } from '../../contract/generated/types.ts';
import type { Db } from '../core/db/index.ts';
import type { OperatorRole, OperatorRow } from '../core/db/types.ts';
import { validationError } from '../core/errors.ts';
import { appendAudit } from '../platform/audit/audit.ts';
import type { Actor } from '../platform/audit/actor.ts';
import { issueEnrolment } from '../platform/operators/enrolment.ts';
import { endOperatorSessions } from '../platform/operators/operator-sessions.ts';
import { createUnenrolledOperator, findOperator, OPERATOR_ROLES, rolesOf } from '../platform/operators/operators.ts';
import {
  assertAdminRemains,
  DutyRefusal,
  lockAdmins,
  lockOperator,
  lockPending,
  OPERATOR_TOTP_RESET,
  pendingRequests,
  type PendingRequest,
  requestApproval,
  ROLE_GRANT,
  SECOND_ADMIN_ROLES,
  withRefusalsAudited,
} from './operator-duties.ts';

const iso = (ms: number) => new Date(ms).toISOString();

export function operatorRow(o: OperatorRow, now: number, pending: readonly PendingRequest[] = []): AdminOperatorRow {
  const grant = pending.find((p) => p.action === ROLE_GRANT);
  const reset = pending.find((p) => p.action === OPERATOR_TOTP_RESET);
  return {
    name: o.name,
    roles: rolesOf(o),
    disabled: Number(o.disabled) === 1,
    mustChangePassword: Number(o.must_change_password) === 1,
    enrolling: Number(o.enrol_required) === 1,
    locked: o.locked_until !== null && Number(o.locked_until) > now,
    created: iso(Number(o.created_at)),
    pendingRoles: grant?.args.roles ?? [],
    grantRequestedBy: grant?.by ?? null,
    grantRequestedAt: grant ? iso(grant.at) : null,
    totpResetRequestedBy: reset?.by ?? null,
    totpResetRequestedAt: reset ? iso(reset.at) : null,
  };
}

export async function listOperators(db: Db, now: number): Promise<AdminOperatorRow[]> {
  const pending = await pendingRequests(db);
  return (await db.selectFrom('operators').selectAll().orderBy('id').execute()).map((o) => operatorRow(o, now, pending.get(o.id)));
}

async function rowOf(db: Db, o: OperatorRow, now: number): Promise<AdminOperatorRow> {
  return operatorRow(o, now, (await pendingRequests(db, o.id)).get(o.id));
}

/** One operator by name; an unknown name is a validation error on `name`. */
export async function operatorDetail(db: Db, name: string, now: number): Promise<AdminOperatorRow> {
  const found = await findOperator(db, name);
  if (!found) throw validationError('name', 'admin.operatorUnknown');
  return rowOf(db, found, now);
}

/** The roles asked for, split into those that apply at once and those that wait for a second admin. */
function splitGrant(asked: readonly OperatorRole[], held: readonly OperatorRole[]): { now: OperatorRole[]; waiting: OperatorRole[] } {
  const inOrder = OPERATOR_ROLES.filter((r) => asked.includes(r));
  const waiting = inOrder.filter((r) => SECOND_ADMIN_ROLES.includes(r) && !held.includes(r));
  return { now: inOrder.filter((r) => !waiting.includes(r)), waiting };
}

export async function addOperator(db: Db, actor: Actor, name: string, roles: OperatorRole[], now: number): Promise<AdminNewOperator> {
  return db.transaction().execute(async (trx) => {
    if (await findOperator(trx, name)) throw validationError('name', 'admin.operatorExists');
    const { now: first, waiting } = splitGrant(roles, []);
    const made = await createUnenrolledOperator(trx, name, first, now);
    const enrol = await issueEnrolment(trx, made.id, 'new', actor.operatorId ?? null, now);
    if (waiting.length) await requestApproval(trx, ROLE_GRANT, made.id, { roles: waiting }, actor, now);
    const after = await rowOf(trx, made, now);
    await appendAudit(
      trx,
      { ...actor, action: 'operator.add', targetKind: 'operator', targetId: name, after: { ...after, enrolLinkUntil: enrol.validUntil } },
      now,
    );
    if (waiting.length)
      await appendAudit(trx, { ...actor, action: 'operator.roles.request', targetKind: 'operator', targetId: name, after: { grant: waiting } }, now);
    return { name, roles: first, pendingRoles: waiting, enrolLink: enrol.link, validUntil: enrol.validUntil };
  });
}

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((r) => b.includes(r));

export interface OperatorChange {
  name: string;
  roles?: OperatorRole[];
  disabled?: boolean;
}

/** What updateOperator did: the answer, and whether the request asked for what the operator already had. */
export type OperatorUpdate = Omit<AdminOperatorChange, 'note'> & { unchanged: boolean };

/**
 * Re-roles, disables or enables an operator; a grant of admin or finance is asked for, not applied.
 * A request naming neither roles nor access is refused; one asking for what the operator already
 * has writes nothing and ends no session (its audit row says unchanged).
 */
export async function updateOperator(db: Db, actor: Actor, change: OperatorChange, now: number): Promise<OperatorUpdate> {
  return withRefusalsAudited(db, actor, change.name, now, () =>
    db.transaction().execute(async (trx) => {
      if (change.roles === undefined && change.disabled === undefined) throw new DutyRefusal('nothingToChange', 'roles', 'admin.nothingToChange');
      await lockAdmins(trx);
      const before = await lockOperator(trx, change.name);
      if (!before) throw validationError('name', 'admin.operatorUnknown');
      const held = rolesOf(before);
      const self = before.id === actor.operatorId;
      if (self && change.roles && !sameRoles(change.roles, held)) throw new DutyRefusal('ownRoles', 'roles', 'admin.cannotChangeOwnRoles');
      if (self && change.disabled === true) throw new DutyRefusal('disableSelf', 'disabled', 'admin.cannotDisableSelf');
      const { now: roles, waiting } = splitGrant(change.roles ?? held, held);
      const disabled = change.disabled ?? Number(before.disabled) === 1;
      await assertAdminRemains(trx, before, { roles, disabled });
      if (waiting.length && (await lockPending(trx, ROLE_GRANT, before.id))) throw validationError('roles', 'admin.grantAlreadyWaiting');
      const unchanged = sameRoles(roles, held) && !waiting.length && disabled === (Number(before.disabled) === 1);
      if (!unchanged)
        await trx
          .updateTable('operators')
          .set({
            roles: roles.join(','),
            ...(change.disabled !== undefined ? { disabled: disabled ? 1 : 0, failures: 0, locked_until: null } : {}),
          })
          .where('id', '=', before.id)
          .execute();
      if (waiting.length) await requestApproval(trx, ROLE_GRANT, before.id, { roles: waiting }, actor, now);
      if (!self && !unchanged) await endOperatorSessions(trx, before.id);
      const after = (await findOperator(trx, change.name))!;
      const row = await rowOf(trx, after, now);
      await appendAudit(
        trx,
        {
          ...actor,
          action: 'operator.update',
          targetKind: 'operator',
          targetId: change.name,
          before: operatorRow(before, now),
          after: unchanged ? { ...row, unchanged: true } : row,
        },
        now,
      );
      if (waiting.length)
        await appendAudit(trx, { ...actor, action: 'operator.roles.request', targetKind: 'operator', targetId: change.name, after: { grant: waiting } }, now);
      return { name: row.name, roles: row.roles, pendingRoles: waiting, unchanged };
    }),
  );
}
