// The second admin's part: approving or rejecting a waiting grant of admin or finance, and the
// authenticator reset of an operator (the first admin's call asks for it, another admin's same
// call carries it out: the old authenticator and password stop working and the operator enrols
// again through a fresh link, which the second admin is answered). Each decision, its approval
// row and its audit row commit together; the waiting request is held, so two at once make one.
import type { AdminRoleGrantDecision } from '../../contract/generated/types.ts';
import type { Db } from '../core/db/index.ts';
import type { OperatorRole } from '../core/db/types.ts';
import { validationError } from '../core/errors.ts';
import { appendAudit } from '../platform/audit/audit.ts';
import type { Actor } from '../platform/audit/actor.ts';
import { issueEnrolment } from '../platform/operators/enrolment.ts';
import { endOperatorSessions } from '../platform/operators/operator-sessions.ts';
import { findOperator, forgetCredentials, OPERATOR_ROLES, rolesOf } from '../platform/operators/operators.ts';
import { operatorRow } from './operator-admin.ts';
import {
  assertApproverIsAdmin,
  closeApproval,
  DutyRefusal,
  lockOperator,
  lockPending,
  OPERATOR_TOTP_RESET,
  requestApproval,
  ROLE_GRANT,
  withRefusalsAudited,
} from './operator-duties.ts';

export interface GrantDecision {
  name: string;
  decision: 'approve' | 'reject';
  reason?: string;
}

/** Another admin approves (the roles are added, the operator's sessions end) or any admin rejects a waiting grant. */
export async function decideRoleGrant(db: Db, actor: Actor, d: GrantDecision, now: number): Promise<AdminRoleGrantDecision> {
  return withRefusalsAudited(db, actor, d.name, now, () =>
    db.transaction().execute(async (trx) => {
      const target = await lockOperator(trx, d.name);
      if (!target) throw validationError('name', 'admin.operatorUnknown');
      const pending = await lockPending(trx, ROLE_GRANT, target.id);
      if (!pending) throw new DutyRefusal('notWaiting', 'name', 'admin.grantNotWaiting');
      await assertApproverIsAdmin(trx, actor);
      const grant = (JSON.parse(pending.args_json) as { roles: OperatorRole[] }).roles;
      const before = operatorRow(target, now);
      let roles = rolesOf(target);
      if (d.decision === 'approve') {
        if (Number(pending.first_operator_id) === actor.operatorId) throw new DutyRefusal('selfApproval', 'name', 'admin.grantSameAdmin');
        if (target.id === actor.operatorId) throw new DutyRefusal('ownRequest', 'name', 'admin.grantOwnRoles');
        roles = OPERATOR_ROLES.filter((r) => roles.includes(r) || grant.includes(r));
        await trx
          .updateTable('operators')
          .set({ roles: roles.join(',') })
          .where('id', '=', target.id)
          .execute();
        await endOperatorSessions(trx, target.id);
      }
      if (!(await closeApproval(trx, Number(pending.id), d.decision === 'approve' ? 'done' : 'rejected', actor, d.reason, now)))
        throw new DutyRefusal('notWaiting', 'name', 'admin.grantNotWaiting');
      const after = operatorRow((await findOperator(trx, d.name))!, now);
      await appendAudit(
        trx,
        {
          ...actor,
          action: `operator.roles.${d.decision}`,
          targetKind: 'operator',
          targetId: d.name,
          before,
          after: { ...after, approval: Number(pending.id), grant, reason: d.reason?.trim() || null },
        },
        now,
      );
      return { name: d.name, roles, decision: d.decision };
    }),
  );
}

export type OperatorTotpResetResult = { step: 'requested' } | { step: 'done'; enrolLink: string; validUntil: string };

/** The first admin's call asks for the reset; a second, other admin's call carries it out. Nobody resets their own here. */
export async function resetOperatorTotp(db: Db, actor: Actor, name: string, reason: string, now: number): Promise<OperatorTotpResetResult> {
  const why = reason.trim();
  if (!why) throw validationError('reason', 'admin.operatorTotpResetReason');
  return withRefusalsAudited(db, actor, name, now, () =>
    db.transaction().execute(async (trx): Promise<OperatorTotpResetResult> => {
      const target = await lockOperator(trx, name);
      if (!target) throw validationError('name', 'admin.operatorUnknown');
      if (target.id === actor.operatorId) throw new DutyRefusal('ownTotpReset', 'name', 'admin.operatorTotpResetSelf');
      const pending = await lockPending(trx, OPERATOR_TOTP_RESET, target.id);
      if (!pending) {
        const approval = await requestApproval(trx, OPERATOR_TOTP_RESET, target.id, { reason: why }, actor, now);
        await appendAudit(
          trx,
          { ...actor, action: 'operator.totpReset.request', targetKind: 'operator', targetId: name, after: { approval, reason: why } },
          now,
        );
        return { step: 'requested' };
      }
      if (Number(pending.first_operator_id) === actor.operatorId) throw new DutyRefusal('selfApproval', 'name', 'admin.operatorTotpResetSameAdmin');
      await assertApproverIsAdmin(trx, actor);
      if (!(await closeApproval(trx, Number(pending.id), 'done', actor, why, now))) throw new DutyRefusal('notWaiting', 'name', 'admin.grantNotWaiting');
      await forgetCredentials(trx, target.id);
      const link = await issueEnrolment(trx, target.id, 'reset', actor.operatorId ?? null, now);
      await endOperatorSessions(trx, target.id);
      await appendAudit(
        trx,
        {
          ...actor,
          action: 'operator.totpReset',
          targetKind: 'operator',
          targetId: name,
          before: { enrolling: Number(target.enrol_required) === 1 },
          after: { enrolling: true, approval: Number(pending.id), reason: why, enrolLinkUntil: link.validUntil },
        },
        now,
      );
      return { step: 'done', enrolLink: link.link, validUntil: link.validUntil };
    }),
  );
}
