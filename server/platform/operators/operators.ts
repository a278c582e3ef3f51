// Operators: back-office accounts, never customers. Each has a name, roles, a password and a
// TOTP secret; sign-in takes all three of name, password and a current authenticator code.
// Failures lock the place they come from only (an address of the console, the host's CLI). A new
// operator's password is random and must be changed before any other endpoint answers.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../core/db/index.ts';
import type { OperatorRole, OperatorRow } from '../../core/db/types.ts';
import { ApiError, businessError, refusal, validationError } from '../../core/errors.ts';
import { OperatorCode } from '../../../contract/result-codes.ts';
import { dummyHash, hashPassword, verifyPassword } from '../security/password.ts';
import { assertNewPassword } from '../security/password-policy.ts';
import { matchTotp, newTotpSecret, otpauthUri } from '../security/totp.ts';

export const OPERATOR_ROLES: readonly OperatorRole[] = ['admin', 'finance', 'compliance', 'support', 'content', 'product', 'config'];
export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;
export const TOTP_ISSUER = 'CoinApp';
const NAME = /^[a-z0-9][a-z0-9._-]{2,31}$/;
/** What password_hash holds until the operator enrols: verifyPassword() never accepts it. */
const NO_PASSWORD = '';

export function rolesOf(operator: Pick<OperatorRow, 'roles'>): OperatorRole[] {
  return operator.roles.split(',').filter((r): r is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(r));
}

/** Role names as given (comma-separated), checked; throws naming the unknown one. */
export function parseRoles(text: string | undefined): OperatorRole[] {
  const roles = [
    ...new Set(
      (text ?? '')
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean),
    ),
  ];
  if (!roles.length) throw refusal('refusals.operator.rolesMissing', { roles: OPERATOR_ROLES.join(', ') });
  const unknown = roles.find((r) => !(OPERATOR_ROLES as readonly string[]).includes(r));
  if (unknown) throw refusal('refusals.operator.roleUnknown', { input: unknown, roles: OPERATOR_ROLES.join(', ') });
  return roles as OperatorRole[];
}

export interface NewOperator {
  operator: OperatorRow;
  /** The initial password, shown once */
  password: string;
  /** otpauth://totp/… for the operator's authenticator app, shown once */
  totp: string;
}

/** A new initial password and authenticator secret (an operator made or reset): the hash to store and what is shown once. */
async function initialCredentials(name: string): Promise<{ password: string; passwordHash: string; secret: string; totp: string }> {
  const password = randomBytes(12).toString('base64url');
  const secret = newTotpSecret();
  return { password, passwordHash: await hashPassword(password), secret, totp: otpauthUri(TOTP_ISSUER, name, secret) };
}

async function assertNewName(db: Db, name: string | undefined): Promise<string> {
  if (!name || !NAME.test(name))
    throw refusal('refusals.operator.nameFormat', { input: name ?? '' });
  if (await findOperator(db, name)) throw refusal('refusals.operator.nameTaken', { input: name });
  return name;
}

/** The host's way (`ops operator add`): the initial password and authenticator URI are answered, to be printed once. */
export async function createOperator(db: Db, name: string | undefined, roles: OperatorRole[], now: number): Promise<NewOperator> {
  name = await assertNewName(db, name);
  const c = await initialCredentials(name);
  const operator = await db
    .insertInto('operators')
    .values({ name, password_hash: c.passwordHash, roles: roles.join(','), totp_secret: c.secret, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { operator, password: c.password, totp: c.totp };
}

/**
 * The console's way: no password and no authenticator yet (sign-in refuses until the operator
 * enrols through the link the caller issues), so the admin who makes it never learns either.
 */
export async function createUnenrolledOperator(db: Db, name: string, roles: OperatorRole[], now: number): Promise<OperatorRow> {
  await assertNewName(db, name);
  return db
    .insertInto('operators')
    .values({
      name,
      password_hash: NO_PASSWORD,
      roles: roles.join(','),
      totp_secret: newTotpSecret(),
      must_change_password: 0,
      enrol_required: 1,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The old password and authenticator stop working (an authenticator reset in the console: the operator enrols again). */
export async function forgetCredentials(db: Db, operatorId: number): Promise<void> {
  await db
    .updateTable('operators')
    .set({ password_hash: NO_PASSWORD, totp_secret: newTotpSecret(), failures: 0, locked_until: null })
    .where('id', '=', operatorId)
    .execute();
}

/** New initial credentials for an operator who lost them: the code step, failures and lock start again, the password must be changed. */
export async function resetOperator(db: Db, operator: Pick<OperatorRow, 'id' | 'name'>): Promise<{ password: string; totp: string }> {
  const c = await initialCredentials(operator.name);
  await db
    .updateTable('operators')
    .set({
      password_hash: c.passwordHash,
      totp_secret: c.secret,
      totp_last_step: 0,
      must_change_password: 1,
      enrol_required: 0,
      failures: 0,
      locked_until: null,
    })
    .where('id', '=', operator.id)
    .execute();
  // a console enrolment link still open would set other credentials over these
  await db.deleteFrom('operator_enrolments').where('operator_id', '=', operator.id).where('used_at', 'is', null).execute();
  return { password: c.password, totp: c.totp };
}

export function findOperator(db: Db, name: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('name', '=', name).executeTakeFirst();
}

export function operatorById(db: Db, id: number): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
}

const signInFailed = () => businessError(OperatorCode.signInFailed);

export function lockedError(until: number, now: number): ApiError {
  return new ApiError(OperatorCode.locked, `errors.${OperatorCode.locked}`, { until }, { minutes: Math.max(1, Math.ceil((until - now) / 60_000)) });
}

/**
 * Where a sign-in's failures are counted: the place it comes from (a console address, the host's
 * CLI). Failures from one place lock only that place out, so nobody elsewhere can keep the
 * operator out by failing on purpose.
 */
export interface FailureCounter {
  /** Refuses a locked place, else counts this attempt before the password is hashed (parallel attempts cannot pass the lock). */
  reserve(operator: OperatorRow): Promise<void>;
  /** The attempt failed: the refusal to answer (the lock when this one reached it). */
  failed(operator: OperatorRow): Promise<ApiError>;
  /** Every step passed: the place's count starts again. */
  succeeded(operator: OperatorRow): Promise<void>;
}

/** The host's count (the CLI signing in with --as): the operator row's failures in a row; the fifth locks the CLI for 15 minutes. */
export function hostFailureCounter(db: Db, now: number): FailureCounter {
  return {
    async reserve(operator) {
      if (operator.locked_until !== null && Number(operator.locked_until) > now) throw lockedError(Number(operator.locked_until), now);
    },
    async failed(operator) {
      const failures = Number(operator.failures) + 1;
      const lock = failures >= MAX_FAILURES;
      await db
        .updateTable('operators')
        .set(lock ? { failures: 0, locked_until: now + LOCK_MS } : { failures })
        .where('id', '=', operator.id)
        .execute();
      return lock ? lockedError(now + LOCK_MS, now) : signInFailed();
    },
    async succeeded(operator) {
      await db.updateTable('operators').set({ failures: 0, locked_until: null }).where('id', '=', operator.id).execute();
    },
  };
}

/**
 * Checks name, password and code; returns the operator. A wrong password or code counts as a
 * failure of the place `counter` counts for; a code is good once (its step must be newer than the
 * last one that signed in).
 */
export async function checkSignIn(db: Db, name: string, password: string, code: string, now: number, counter: FailureCounter): Promise<OperatorRow> {
  const operator = await findOperator(db, name);
  if (!operator) {
    await verifyPassword(password, await dummyHash());
    throw signInFailed();
  }
  await counter.reserve(operator);
  const passwordOk = await verifyPassword(password, operator.password_hash);
  const step = matchTotp(operator.totp_secret, code, now);
  if (!passwordOk || step === null || step <= Number(operator.totp_last_step) || operator.disabled || Number(operator.enrol_required) === 1)
    throw await counter.failed(operator);
  // compare-and-set on the step: of two sign-ins with the same code at once, one wins
  const claimed = await db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', operator.id)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw signInFailed();
  await counter.succeeded(operator);
  return operator;
}

/** Changes the operator's password (the current one, then a new one by the customers' rules) and lifts the change requirement. */
export async function changeOperatorPassword(db: Db, operator: OperatorRow, oldPassword: string, newPassword: string): Promise<void> {
  if (!(await verifyPassword(oldPassword, operator.password_hash))) throw validationError('oldPassword', 'admin.oldPasswordWrong');
  if (oldPassword === newPassword) throw validationError('newPassword', 'changePassword.sameAsOld');
  assertNewPassword(newPassword, 'newPassword');
  await db
    .updateTable('operators')
    .set({ password_hash: await hashPassword(newPassword), must_change_password: 0 })
    .where('id', '=', operator.id)
    .execute();
}
