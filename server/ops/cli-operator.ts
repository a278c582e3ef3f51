// `--as NAME`: the operator CLI acting as an operator who signs in, as in the back office. The
// password and the authenticator code come from OPS_PASSWORD and OPS_TOTP (scripts), else they are
// asked on the terminal; they are checked by the console's own sign-in (a wrong one counts toward
// the same lock), the initial password must have been changed, and the command's console endpoint
// decides which roles may run it. A refusal for roles is audited as in the console.
import { loadScreens } from '../../contract/loader.ts';
import { OperatorCode } from '../../contract/result-codes.ts';
import type { Db } from '../core/db/index.ts';
import type { OperatorRole, OperatorRow } from '../core/db/types.ts';
import { businessError, refusal } from '../core/errors.ts';
import { type Actor, cliOperatorActor } from '../platform/audit/actor.ts';
import { appendAudit } from '../platform/audit/audit.ts';
import { checkSignIn, findOperator, hostFailureCounter, rolesOf } from '../platform/operators/operators.ts';

export const PASSWORD_ENV = 'OPS_PASSWORD';
export const TOTP_ENV = 'OPS_TOTP';

/** Asks one question on the terminal; `hidden`: the answer is not echoed. Undefined when there is no terminal to ask on. */
export type Prompt = (question: string, hidden: boolean) => Promise<string | undefined>;

export interface SignedInOperator {
  operator: OperatorRow;
  roles: OperatorRole[];
  actor: Actor;
}

/** The words without `--as NAME` (or `--as=NAME`), and the name; `null` when --as has no name after it. */
export function takeAs(args: readonly string[]): { rest: string[]; as: string | null | undefined } {
  const rest: string[] = [];
  let as: string | null | undefined;
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (word === '--as') {
      const next = args[i + 1];
      as = next && !next.startsWith('--') ? next : null;
      if (as !== null) i++;
    } else if (word.startsWith('--as=')) as = word.slice('--as='.length) || null;
    else rest.push(word);
  }
  return { rest, as };
}

async function credentials(name: string, env: NodeJS.ProcessEnv, prompt: Prompt): Promise<{ password: string; code: string }> {
  const password = env[PASSWORD_ENV] ?? (await prompt(`Password of operator ${name}: `, true));
  const code = env[TOTP_ENV] ?? (await prompt(`Authenticator code of ${name}: `, false));
  if (password === undefined || code === undefined)
    throw refusal('refusals.cli.asCredentials', { name, passwordEnv: PASSWORD_ENV, codeEnv: TOTP_ENV });
  return { password, code: code.trim() };
}

/**
 * Signs in as the console does; failures count for the host (the fifth in a row locks the CLI for 15 minutes). An unknown or disabled operator, or
 * one whose initial password is unchanged, is refused. Unlike the console's sign-in it says which:
 * the CLI runs on the server host, whose user can read the operators table anyway.
 */
export async function signInOperator(db: Db, name: string, env: NodeJS.ProcessEnv, prompt: Prompt, now: number): Promise<SignedInOperator> {
  const known = await findOperator(db, name);
  if (!known) throw refusal('refusals.cli.asUnknown', { name });
  if (known.disabled) throw refusal('refusals.cli.asDisabled', { name });
  const { password, code } = await credentials(name, env, prompt);
  const operator = await checkSignIn(db, name, password, code, now, hostFailureCounter(db, now));
  if (operator.must_change_password) throw businessError(OperatorCode.passwordChangeRequired);
  const actor = cliOperatorActor(operator);
  await appendAudit(db, { ...actor, action: 'operator.signIn', targetKind: 'operator', targetId: operator.name }, now);
  return { operator, roles: rolesOf(operator), actor };
}

let endpointRoles: Map<string, readonly string[]> | undefined;

/** The roles a back-office endpoint declares (schemas/admin/…): what the CLI command standing in for it requires. */
export function rolesOfEndpoint(name: string): readonly string[] {
  endpointRoles ??= new Map(loadScreens().flatMap((s) => (s.screen.endpoint?.name ? [[s.screen.endpoint.name, s.screen.roles ?? []]] : [])));
  const roles = endpointRoles.get(name);
  if (!roles) throw new Error(`no back-office endpoint ${name}`);
  return roles;
}

/** Refuses (and audits the refusal, as the console's gate does) an operator without one of the endpoint's roles. */
export async function requireEndpointRoles(db: Db, signedIn: SignedInOperator, endpoint: string, now: number): Promise<void> {
  const needed = rolesOfEndpoint(endpoint);
  if (needed.some((r) => (signedIn.roles as string[]).includes(r))) return;
  await appendAudit(
    db,
    { ...signedIn.actor, action: 'refused.notPermitted', targetKind: 'endpoint', targetId: endpoint, after: { roles: signedIn.roles } },
    now,
  );
  const name = signedIn.operator.name;
  if (!signedIn.roles.length) throw refusal('refusals.cli.roleNeededNone', { name, roles: needed.join(' or ') });
  throw refusal('refusals.cli.roleNeeded', { name, roles: needed.join(' or '), held: signedIn.roles.join(', ') });
}

/** Asks on the controlling terminal (standard input), the answer hidden or echoed; undefined without a terminal. */
export const terminalPrompt: Prompt = (question, hidden) => {
  const stdin = process.stdin;
  if (!stdin.isTTY) return Promise.resolve(undefined);
  process.stderr.write(question);
  return new Promise((resolve, reject) => {
    let text = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          finish();
          resolve(text);
          return;
        }
        if (ch === '\u0003') {
          finish();
          reject(refusal('refusals.cli.cancelled'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') text = text.slice(0, -1);
        else {
          text += ch;
          if (!hidden) process.stderr.write(ch);
        }
      }
    };
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.on('data', onData);
    stdin.resume();
  });
};
