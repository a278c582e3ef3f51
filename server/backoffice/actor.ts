// Who an audit row names: a signed-in operator (with the request's address) or the CLI's OS user.
import { userInfo } from 'node:os';
import type { AuditActor } from '../platform/audit/audit.ts';

export type Actor = AuditActor;

export { operatorActor } from '../platform/operators/operator-actor.ts';

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
