// The back office's operators (admins only): list, detail, add, change, the second admin's
// decisions, and the changes made on the server host that every admin is shown until acknowledged.
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import { appendAudit } from '../../platform/audit/audit.ts';
import { validationError } from '../../core/errors.ts';
import { acknowledgeHostChanges, unseenHostChanges } from '../../platform/operators/host-changes.ts';
import { rolesOf } from '../../platform/operators/operators.ts';
import { addOperator, listOperators, operatorDetail, updateOperator } from '../operator-admin.ts';
import { decideRoleGrant, resetOperatorTotp } from '../operator-approvals.ts';
import { onePage } from '../../platform/http/records.ts';

export function operatorAdminHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
    adminOperators: async () => {
      const list = await listOperators(db, ctx.now());
      return onePage(list);
    },
    adminOperator: async (input) => operatorDetail(db, input.name, ctx.now()),
    adminAddOperator: async (input, { session, req }) => addOperator(db, operatorActor(session, req), input.name, input.roles, ctx.now()),
    adminUpdateOperator: async (input, { session, req }) => {
      const { unchanged, ...changed } = await updateOperator(db, operatorActor(session, req), input, ctx.now());
      const t = ctx.i18n.translator(req.headers.lang);
      const note = changed.pendingRoles.length
        ? t('admin.grantRequested', { roles: changed.pendingRoles.map((r) => t(`admin.role.${r}`)).join(', ') })
        : t(unchanged ? 'admin.operatorUnchanged' : 'admin.operatorUpdated');
      return { ...changed, note };
    },
    adminDecideRoleGrant: async (input, { session, req }) => decideRoleGrant(db, operatorActor(session, req), input, ctx.now()),
    adminResetOperatorTotp: async (input, { session, req }) => {
      const result = await resetOperatorTotp(db, operatorActor(session, req), input.name, input.reason, ctx.now());
      const note = ctx.i18n.translator(req.headers.lang)(result.step === 'done' ? 'admin.operatorTotpResetDone' : 'admin.operatorTotpResetRequested');
      return { ...result, note };
    },
    adminHostChanges: async (_input, { session }) => {
      const list = (await unseenHostChanges(db, session.operator)).map((c) => ({
        id: Number(c.id),
        name: c.name,
        what: c.what as 'add',
        roles: rolesOf(c),
        actor: c.actor,
        at: new Date(Number(c.at)).toISOString(),
      }));
      return { list };
    },
    adminAcknowledgeHostChanges: async (input, { session, req }) => {
      const last = await db.selectFrom('operator_host_changes').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
      if (!last || input.upTo > Number(last.id)) throw validationError('upTo', 'admin.hostChangeUnknown');
      await db.transaction().execute(async (trx) => {
        await acknowledgeHostChanges(trx, session.operator.id, input.upTo);
        await appendAudit(
          trx,
          {
            ...operatorActor(session, req),
            action: 'operator.hostChanges.acknowledge',
            targetKind: 'operator',
            targetId: session.operator.name,
            after: { upTo: input.upTo },
          },
          ctx.now(),
        );
      });
      return null;
    },
  };
}
