// The gate of a back-office endpoint (audience "operator"), before its input is even read: a live
// operator session (X-Admin-Token; customer tokens are never looked at here), the initial password
// changed, and one of the endpoint's roles. A refusal for roles (403, naming the roles that would do)
// is audited; nothing else is written.
import type { FastifyRequest } from 'fastify';
import { businessError } from '../../core/errors.ts';
import { roleRefusal } from '../operators/role-refusal.ts';
import { OperatorCode } from '../../../contract/result-codes.ts';
import { appendAudit } from '../audit/audit.ts';
import { operatorActor } from '../audit/actor.ts';
import { rolesOf } from '../operators/operators.ts';
import { authenticateOperator, type OperatorSession } from '../operators/operator-sessions.ts';
import type { AppContext } from './context.ts';

/** What an operator may call before changing the initial password, and whatever roles they hold. */
export const BEFORE_PASSWORD_CHANGE: ReadonlySet<string> = new Set(['adminMe', 'adminChangePassword', 'adminLogout']);

export async function admitOperator(ctx: AppContext, req: FastifyRequest, endpoint: { name: string; roles: readonly string[] }): Promise<OperatorSession> {
  const session = await authenticateOperator(ctx.db, req, ctx.now());
  const { operator } = session;
  if (operator.must_change_password && !BEFORE_PASSWORD_CHANGE.has(endpoint.name)) throw businessError(OperatorCode.passwordChangeRequired);
  const held = rolesOf(operator);
  // an operator whose only roles still wait for a second admin holds none, and can still see who
  // they are, change their password and sign out
  if (BEFORE_PASSWORD_CHANGE.has(endpoint.name)) return session;
  if (!endpoint.roles.some((r) => (held as string[]).includes(r))) {
    await appendAudit(
      ctx.db,
      {
        ...operatorActor(session, req),
        action: 'refused.notPermitted',
        targetKind: 'endpoint',
        targetId: endpoint.name,
        after: { roles: held },
      },
      ctx.now(),
    );
    throw roleRefusal(ctx.i18n.translator(req.headers.lang), endpoint.roles);
  }
  return session;
}
