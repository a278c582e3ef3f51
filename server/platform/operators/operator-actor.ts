// Who an audit row of a console write names: the signed-in operator, with the request's address.
// Here in the platform so that every domain's back-office handlers name operators the same way.
import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../audit/audit.ts';
import type { OperatorSession } from './operator-sessions.ts';

export function operatorActor(session: OperatorSession, req: Pick<FastifyRequest, 'ip'>): AuditActor {
  return { actor: `operator ${session.operator.name}`, operatorId: session.operator.id, ip: req.ip };
}
