// Who an audit row names: a signed-in operator (with the request's address) or the CLI's OS user.
import { userInfo } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { AuditEntry } from './audit.ts';
import type { OperatorSession } from '../operators/operator-sessions.ts';

export type Actor = Pick<AuditEntry, 'actor' | 'operatorId' | 'ip'>;

export function operatorActor(session: OperatorSession, req: Pick<FastifyRequest, 'ip'>): Actor {
  return { actor: `operator ${session.operator.name}`, operatorId: session.operator.id, ip: req.ip };
}

function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    // no passwd entry for this uid (a container): the uid stands in
    return `uid ${process.getuid?.() ?? '?'}`;
  }
}

export function cliActor(): Actor {
  return { actor: `cli ${osUser()}`, operatorId: null, ip: 'local' };
}
