// Operators managed in the console by admins: list, add (the initial password and authenticator
// URI are answered once), re-role, disable, enable. Sessions of a changed operator end at once.
import type { AdminNewOperator, AdminOperatorRow } from '../../contract/generated/types.ts';
import type { Db } from '../core/db/index.ts';
import type { OperatorRole, OperatorRow } from '../core/db/types.ts';
import { validationError } from '../core/errors.ts';
import { appendAudit } from '../platform/audit/audit.ts';
import { endOperatorSessions } from '../platform/operators/operator-sessions.ts';
import { createOperator, findOperator, rolesOf } from '../platform/operators/operators.ts';
import type { Actor } from '../platform/audit/actor.ts';

export function operatorRow(o: OperatorRow, now: number): AdminOperatorRow {
  return {
    name: o.name,
    roles: rolesOf(o),
    disabled: Number(o.disabled) === 1,
    mustChangePassword: Number(o.must_change_password) === 1,
    locked: o.locked_until !== null && Number(o.locked_until) > now,
    created: new Date(Number(o.created_at)).toISOString(),
  };
}

export async function listOperators(db: Db, now: number): Promise<AdminOperatorRow[]> {
  return (await db.selectFrom('operators').selectAll().orderBy('id').execute()).map((o) => operatorRow(o, now));
}

/** One operator by name; an unknown name is a validation error on `name`. */
export async function operatorDetail(db: Db, name: string, now: number): Promise<AdminOperatorRow> {
  const found = await findOperator(db, name);
  if (!found) throw validationError('name', 'admin.operatorUnknown');
  return operatorRow(found, now);
}

export async function addOperator(db: Db, actor: Actor, name: string, roles: OperatorRole[], now: number): Promise<AdminNewOperator> {
  return db.transaction().execute(async (trx) => {
    if (await findOperator(trx, name)) throw validationError('name', 'admin.operatorExists');
    const made = await createOperator(trx, name, roles, now);
    await appendAudit(trx, { ...actor, action: 'operator.add', targetKind: 'operator', targetId: name, after: operatorRow(made.operator, now) }, now);
    return { name, roles: rolesOf(made.operator), password: made.password, totp: made.totp };
  });
}

export async function updateOperator(
  db: Db,
  actor: Actor,
  change: { name: string; roles?: OperatorRole[]; disabled?: boolean },
  now: number,
): Promise<AdminOperatorRow> {
  return db.transaction().execute(async (trx) => {
    const before = await findOperator(trx, change.name);
    if (!before) throw validationError('name', 'admin.operatorUnknown');
    const self = before.id === actor.operatorId;
    if (self && (change.disabled === true || (change.roles && !change.roles.includes('admin')))) throw validationError('name', 'admin.cannotChangeSelf');
    await trx
      .updateTable('operators')
      .set({
        ...(change.roles ? { roles: change.roles.join(',') } : {}),
        ...(change.disabled !== undefined ? { disabled: change.disabled ? 1 : 0, failures: 0, locked_until: null } : {}),
      })
      .where('id', '=', before.id)
      .execute();
    if (!self) await endOperatorSessions(trx, before.id);
    const after = (await findOperator(trx, change.name))!;
    await appendAudit(
      trx,
      { ...actor, action: 'operator.update', targetKind: 'operator', targetId: change.name, before: operatorRow(before, now), after: operatorRow(after, now) },
      now,
    );
    return operatorRow(after, now);
  });
}
