// `ops operator …`: the first admin is made here; admins then manage operators in the console.
// `operator add` prints the initial password and the authenticator URI once, one per line. This is
// the bootstrap and break-glass path of whoever holds the host: each change is audited (by the
// CLI) and recorded as a host change that every active admin sees in the back office.
import type { Db } from '../../core/db/index.ts';
import { endOperatorSessions } from '../../platform/operators/operator-sessions.ts';
import { createOperator, findOperator, parseRoles, resetOperator, rolesOf } from '../../platform/operators/operators.ts';
import { table } from '../../platform/ops/format.ts';
import { recordHostChange } from '../../platform/operators/host-changes.ts';
import { cliActor } from '../../platform/audit/actor.ts';
import { assertAdminRemains, lockAdmins } from '../operator-duties.ts';
import { refusal } from '../../core/errors.ts';

export const OPERATOR_HELP = `  operator add <name> --role <role>[,<role>…]
                      a back-office operator (roles: admin, finance, compliance, support, content,
                      product); prints "password: …" and "totp: otpauth://…" once: the password must
                      be changed at the first sign-in
  operator list       name, roles, status, created
  operator disable|enable <name>
                      a disabled operator cannot sign in; their sessions end at once (never the
                      last active admin)
  operator roles <name> <role>[,<role>…]
                      replace an operator's roles; their sessions end (the last active admin keeps admin)
                      every operator command is shown to each admin in the back office until acknowledged
  operator reset <name>
                      a new initial password and authenticator secret (a lost phone); prints both once`;

async function operatorNamed(db: Db, name: string | undefined) {
  const operator = name ? await findOperator(db, name) : undefined;
  if (!operator) throw refusal('refusals.operator.unknown', { input: name ?? '' });
  return operator;
}

function roleArg(args: string[]): string | undefined {
  const i = args.indexOf('--role');
  return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith('--role='))?.slice('--role='.length);
}

async function add(db: Db, [name, ...rest]: string[], now: number): Promise<string> {
  const created = await createOperator(db, name, parseRoles(roleArg(rest)), now);
  await recordHostChange(db, cliActor().actor, created.operator.name, 'add', created.operator.roles, now);
  return `Operator ${created.operator.name} created (roles: ${rolesOf(created.operator).join(', ')}); the password must be changed at the first sign-in.\npassword: ${created.password}\ntotp: ${created.totp}`;
}

async function list(db: Db): Promise<string> {
  const rows = await db.selectFrom('operators').selectAll().orderBy('id').execute();
  if (!rows.length) return 'No operators yet: npm run ops -- operator add <name> --role admin';
  return table(
    rows.map((o) => ({
      name: o.name,
      roles: rolesOf(o).join(','),
      status: o.disabled ? 'disabled' : o.must_change_password ? 'initial password' : 'active',
      created: new Date(Number(o.created_at)).toISOString(),
    })),
  );
}

async function setDisabled(db: Db, name: string | undefined, disabled: boolean, now: number): Promise<string> {
  const operator = await operatorNamed(db, name);
  await db.transaction().execute(async (trx) => {
    await lockAdmins(trx);
    await assertAdminRemains(trx, operator, { roles: rolesOf(operator), disabled });
    await trx
      .updateTable('operators')
      .set({ disabled: disabled ? 1 : 0, failures: 0, locked_until: null })
      .where('id', '=', operator.id)
      .execute();
  });
  if (disabled) await endOperatorSessions(db, operator.id);
  await recordHostChange(db, cliActor().actor, operator.name, disabled ? 'disable' : 'enable', operator.roles, now);
  return `Operator ${operator.name} ${disabled ? 'disabled; their sessions ended' : 'enabled'}.`;
}

async function setRoles(db: Db, name: string | undefined, roles: string | undefined, now: number): Promise<string> {
  const operator = await operatorNamed(db, name);
  const parsed = parseRoles(roles);
  await db.transaction().execute(async (trx) => {
    await lockAdmins(trx);
    await assertAdminRemains(trx, operator, { roles: parsed, disabled: Number(operator.disabled) === 1 });
    await trx
      .updateTable('operators')
      .set({ roles: parsed.join(',') })
      .where('id', '=', operator.id)
      .execute();
  });
  await endOperatorSessions(db, operator.id);
  await recordHostChange(db, cliActor().actor, operator.name, 'roles', parsed.join(','), now);
  return `Operator ${operator.name} now has the roles ${parsed.join(', ')}; their sessions ended.`;
}

async function reset(db: Db, name: string | undefined, now: number): Promise<string> {
  const operator = await operatorNamed(db, name);
  const { password, totp } = await resetOperator(db, operator);
  await endOperatorSessions(db, operator.id);
  await recordHostChange(db, cliActor().actor, operator.name, 'reset', operator.roles, now);
  return `Operator ${operator.name} reset; their sessions ended and the password must be changed at the next sign-in.\npassword: ${password}\ntotp: ${totp}`;
}

export async function operatorCommand(db: Db, [sub, ...args]: string[], now: number): Promise<string> {
  switch (sub) {
    case 'add':
      return add(db, args, now);
    case 'list':
    case undefined:
      return list(db);
    case 'disable':
    case 'enable':
      return setDisabled(db, args[0], sub === 'disable', now);
    case 'roles':
      return setRoles(db, args[0], args[1], now);
    case 'reset':
      return reset(db, args[0], now);
    default:
      throw refusal('refusals.unknownCommand', { family: 'operator', input: sub, help: OPERATOR_HELP });
  }
}
