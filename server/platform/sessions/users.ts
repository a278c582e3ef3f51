// User records: lookups, creation with a unique invitation code, and the User
// entity of schemas/entities/user.json.
import type { User } from '../../../contract/generated/types.ts';
import type { Db } from '../../core/db/index.ts';
import type { NewUser, UserRow } from '../../core/db/types.ts';
import { hashPassword } from '../security/password.ts';
import { randomInvitationCode } from '../security/tokens.ts';
import { endAllSessions } from './sessions.ts';

export function toUserEntity(row: UserRow): User {
  return {
    ID: Number(row.id),
    email: row.email ?? '',
    phone: row.phone ?? '',
    countryCode: row.country_code,
    invitationCode: row.invitation_code,
    creditScore: Number(row.credit_score),
    realNameStatus: Number(row.real_name_status),
    hasPayPassword: row.pay_password_hash !== null,
    antiPhishingCode: maskCode(row.anti_phishing_code ?? ''),
  };
}

/** Ab****yz: enough for the owner to recognise their code, not enough to copy it. */
export function maskCode(code: string): string {
  if (code === '') return '';
  const shown = code.length > 6 ? 2 : 1;
  return `${code.slice(0, shown)}${'*'.repeat(code.length - 2 * shown)}${code.slice(-shown)}`;
}

export function isEmail(value: string): boolean {
  return value.includes('@');
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export async function findUserByPhone(db: Db, phone: string, countryCode?: string): Promise<UserRow | undefined> {
  let q = db.selectFrom('users').selectAll().where('phone', '=', phone.trim());
  if (countryCode !== undefined) q = q.where('country_code', '=', countryCode.trim());
  return q.executeTakeFirst();
}

/** By email, phone or numeric id. */
export async function findUser(db: Db, ref: string): Promise<UserRow | undefined> {
  const value = ref.trim();
  if (isEmail(value)) return findUserByEmail(db, value);
  const byPhone = await findUserByPhone(db, value);
  if (byPhone || !/^\d{1,10}$/.test(value)) return byPhone;
  return db.selectFrom('users').selectAll().where('id', '=', Number(value)).executeTakeFirst();
}

export async function findUserByInvitationCode(db: Db, code: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('invitation_code', '=', code.trim().toUpperCase()).executeTakeFirst();
}

async function uniqueInvitationCode(db: Db): Promise<string> {
  for (;;) {
    const code = randomInvitationCode();
    if (!(await findUserByInvitationCode(db, code))) return code;
  }
}

export interface CreateUserInput {
  email?: string;
  phone?: string;
  countryCode?: string;
  /** From hashPassword(); hashed before any transaction, as hashing takes a while */
  passwordHash: string;
  invitedBy?: number | null;
  invitationCode?: string;
}

export async function createUser(db: Db, input: CreateUserInput, now: number): Promise<UserRow> {
  const values: NewUser = {
    email: input.email ? normalizeEmail(input.email) : null,
    phone: input.phone ? input.phone.trim() : null,
    country_code: input.phone ? (input.countryCode ?? '').trim() : '',
    password_hash: input.passwordHash,
    pay_password_hash: null,
    invitation_code: input.invitationCode ?? (await uniqueInvitationCode(db)),
    invited_by: input.invitedBy ?? null,
    credit_score: 100,
    real_name_status: 0,
    barred: 0,
    frozen: 0,
    password_changed_at: null,
    created_at: now,
  };
  return db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Sets a new login password, records when, and ends every session of the user. */
export async function setPassword(db: Db, userId: number, password: string, now: number): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash, password_changed_at: now }).where('id', '=', userId).execute();
    await endAllSessions(trx, userId);
  });
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === '23505' || /UNIQUE constraint failed/.test(String(e?.message));
}
