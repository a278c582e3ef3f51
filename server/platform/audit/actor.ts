// Who an audit row names: a signed-in operator (with the request's address, or "cli" when they signed
// in to the operator CLI with --as) or the CLI's OS user.
// Here in the platform so that every domain's back-office handlers and CLI commands name them the same way.
import { userInfo } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { AuditActor } from './audit.ts';
import type { OperatorSession } from '../operators/operator-sessions.ts';
import type { OperatorRow } from '../../core/db/types.ts';

export type Actor = AuditActor;

/** An operator from an address: how every audit row names one (console, CLI --as, sign-in). */
export function operatorAt(operator: Pick<OperatorRow, 'id' | 'name'>, ip: string): Actor {
  return { actor: `operator ${operator.name}`, operatorId: Number(operator.id), ip };
}

export function operatorActor(session: OperatorSession, req: Pick<FastifyRequest, 'ip'>): Actor {
  return operatorAt(session.operator, req.ip);
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

/** An operator who signed in to the CLI (`--as NAME`): named like in the console, from the address "cli". */
export function cliOperatorActor(operator: Pick<OperatorRow, 'id' | 'name'>): Actor {
  return operatorAt(operator, 'cli');
}
