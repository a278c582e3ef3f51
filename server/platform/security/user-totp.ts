// A customer's authenticator (TOTP, RFC 6238) and recovery codes (issue 25). Setting up gives a
// new secret (a pending one is replaced; one that is on must be turned off first); a current code
// turns it on and gives ten recovery codes, shown once, each good once. From then on sign-in,
// withdrawals and the security changes named in the issue take a code: of the current, previous
// or next 30 s step, never a step already used. Inside the account's sessions the fifth wrong code
// in a row locks authenticator codes for 15 minutes (a recovery code still works); the sign-in's
// second step counts its wrong codes per ticket and address instead (issue 40), so neither blocks
// the other. The secret is stored sealed under the server secret; codes only as HMACs.
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../core/db/index.ts';
import type { UserTotpRow } from '../../core/db/types.ts';
import { ApiError, validationError } from '../../core/errors.ts';
import { ResultCode } from '../../../contract/result-codes.ts';
import { openSecret, sealSecret } from './secret-box.ts';
import { serverSecret } from './secret-key.ts';
import { base32Encode, matchTotp, newTotpSecret, otpauthUri } from './totp.ts';
import type { Limit } from '../../core/config.ts';

export const TOTP_ISSUER = 'CoinApp';
export const CODE_MAX_FAILURES = 5;
export const CODE_LOCK_MS = 15 * 60_000;
export const RECOVERY_CODE_COUNT = 10;

/** What checking codes needs: the database, and the data dir whose server secret seals the secrets. */
export interface TotpContext {
  db: Db;
  dataDir: string;
}

export type CodeKind = 'totp' | 'recovery';

export async function totpOf(db: Db, userId: number): Promise<UserTotpRow | undefined> {
  return db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function hasTotp(db: Db, userId: number): Promise<boolean> {
  return (await totpOf(db, userId))?.enabled_at != null;
}

const secretKey = (ctx: TotpContext) => serverSecret(ctx.dataDir).subkey('totp-secret');

/** "abcde-fghij": 50 random bits in base32, lower case. */
function newRecoveryCode(): string {
  const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

const normalizeRecovery = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

function recoveryHash(ctx: TotpContext, userId: number, code: string): string {
  return createHmac('sha256', serverSecret(ctx.dataDir).subkey('recovery-code'))
    .update(`${userId}:${normalizeRecovery(code)}`)
    .digest('hex');
}

const codeError = (key: string, data: Record<string, unknown> = {}, params?: Record<string, string | number>) =>
  new ApiError(ResultCode.error, key, { field: 'totp', ...data }, params);

function lockedError(until: number): ApiError {
  return codeError('security.codeLocked', { until }, { minutes: Math.ceil(CODE_LOCK_MS / 60_000) });
}

/** A new secret for the user's authenticator, pending until a code confirms it. */
export async function beginTotp(ctx: TotpContext, userId: number, account: string, now: number): Promise<{ secret: string; otpauthUrl: string }> {
  const existing = await totpOf(ctx.db, userId);
  if (existing?.enabled_at != null) throw new ApiError(ResultCode.error, 'security.totpAlreadyOn');
  const secret = newTotpSecret();
  const secretBox = sealSecret(secretKey(ctx), secret);
  if (existing) {
    await ctx.db
      .updateTable('user_totp')
      .set({ secret_box: secretBox, created_at: now, last_step: 0 })
      .where('user_id', '=', userId)
      .where('enabled_at', 'is', null)
      .execute();
  } else {
    await ctx.db.insertInto('user_totp').values({ user_id: userId, secret_box: secretBox, created_at: now, enabled_at: null, locked_until: null }).execute();
  }
  return { secret, otpauthUrl: otpauthUri(TOTP_ISSUER, account, secret) };
}

/** Counts a wrong code; the fifth in a row locks code checks. Returns the refusal to throw. */
async function countWrongCode(ctx: TotpContext, row: UserTotpRow, key: string, now: number): Promise<ApiError> {
  // counted in the database, so wrong codes sent at the same moment each count
  const counted = await ctx.db
    .updateTable('user_totp')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('user_id', '=', row.user_id)
    .returning('failures')
    .executeTakeFirstOrThrow();
  const failures = Number(counted.failures);
  if (failures >= CODE_MAX_FAILURES) {
    await ctx.db
      .updateTable('user_totp')
      .set({ failures: 0, locked_until: now + CODE_LOCK_MS })
      .where('user_id', '=', row.user_id)
      .execute();
    return lockedError(now + CODE_LOCK_MS);
  }
  return codeError(key, { remaining: CODE_MAX_FAILURES - failures }, { remaining: CODE_MAX_FAILURES - failures });
}

/** The refusal of a wrong code (message key `key`), having counted it where the check counts. */
type WrongCode = (key: string) => Promise<ApiError>;

/** Takes an authenticator code of `row`'s secret: refused when wrong or of a step already used. */
async function takeTotpCode(ctx: TotpContext, row: UserTotpRow, code: string, now: number, wrong: WrongCode): Promise<void> {
  const step = matchTotp(openSecret(secretKey(ctx), row.secret_box), code, now);
  if (step === null) throw await wrong('security.codeWrong');
  if (step <= Number(row.last_step)) throw await wrong('security.codeUsed');
  // compare-and-set on the step: of two requests with the same code at once, one wins
  const claimed = await ctx.db
    .updateTable('user_totp')
    .set({ last_step: step })
    .where('user_id', '=', row.user_id)
    .where('last_step', '<', step)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw await wrong('security.codeUsed');
}

async function takeRecoveryCode(ctx: TotpContext, row: UserTotpRow, code: string, now: number, wrong: WrongCode): Promise<void> {
  const used = await ctx.db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', row.user_id)
    .where('code_hash', '=', recoveryHash(ctx, row.user_id, code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw await wrong('security.codeWrong');
}

/** Inside the account's sessions: wrong codes in a row are counted on the account's row, and a right one starts the count again. */
const insideWrongCode =
  (ctx: TotpContext, row: UserTotpRow, now: number): WrongCode =>
  (key) =>
    countWrongCode(ctx, row, key, now);

async function clearInsideFailures(ctx: TotpContext, userId: number): Promise<void> {
  await ctx.db.updateTable('user_totp').set({ failures: 0, locked_until: null }).where('user_id', '=', userId).execute();
}

function assertNotLocked(row: UserTotpRow, now: number): void {
  if (row.locked_until !== null && Number(row.locked_until) > now) throw lockedError(Number(row.locked_until));
}

/** Confirms the pending secret with a current code: TOTP is on, and these are the recovery codes (shown once). */
export async function enableTotp(ctx: TotpContext, userId: number, code: string, now: number): Promise<string[]> {
  const row = await totpOf(ctx.db, userId);
  if (!row) throw new ApiError(ResultCode.error, 'security.totpNotStarted');
  if (row.enabled_at != null) throw new ApiError(ResultCode.error, 'security.totpAlreadyOn');
  assertNotLocked(row, now);
  if (!/^\d{6}$/.test(code)) throw codeError('security.codeFormat');
  await takeTotpCode(ctx, row, code, now, insideWrongCode(ctx, row, now));
  await clearInsideFailures(ctx, userId);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('user_totp').set({ enabled_at: now }).where('user_id', '=', userId).execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(codes.map((c) => ({ user_id: userId, code_hash: recoveryHash(ctx, userId, c), used_at: null })))
      .execute();
  });
  return codes;
}

const isRecoveryCode = (text: string) => /^[a-z2-7]{10}$/.test(normalizeRecovery(text));

/**
 * Checks a second-factor code inside one of the user's sessions (withdrawals, security changes), whose
 * authenticator is on: six digits are an authenticator code, anything else a recovery code when
 * `recovery` allows one. Wrong codes lock these checks only (never the sign-in's second step, nor
 * the other way round). Returns which kind it was.
 */
export async function checkUserCode(ctx: TotpContext, userId: number, code: string, now: number, recovery = false): Promise<CodeKind> {
  const row = await totpOf(ctx.db, userId);
  if (row?.enabled_at == null) throw new ApiError(ResultCode.error, 'security.totpNotOn');
  const text = code.trim();
  const wrong = insideWrongCode(ctx, row, now);
  if (/^\d{6}$/.test(text)) {
    assertNotLocked(row, now);
    await takeTotpCode(ctx, row, text, now, wrong);
    await clearInsideFailures(ctx, userId);
    return 'totp';
  }
  // a recovery code works once even while authenticator codes are locked
  if (recovery && isRecoveryCode(text)) {
    await takeRecoveryCode(ctx, row, text, now, wrong);
    await clearInsideFailures(ctx, userId);
    return 'recovery';
  }
  throw codeError(recovery ? 'security.codeOrRecoveryFormat' : 'security.codeFormat');
}

/** What the sign-in's second step counts wrong codes with: the server's rate limiter (server/platform/http/rate-limit.ts) and two of its limits. */
export interface SignInCodeCounter {
  limiter: {
    hit(bucket: string, key: string, limit: Limit): Promise<number>;
    clear(bucket: string, key: string): Promise<void>;
  };
  /** Wrong codes of one ticket from one address: past it the ticket takes no more codes */
  perTicket: Limit;
  /** Authenticator codes tried at the second step of one account, from every ticket: past it only recovery codes are taken */
  perAccount: Limit;
}

/**
 * Checks the code of a sign-in's second step (an authenticator code or a recovery code). Wrong codes
 * count for the ticket and its address (`ticketKey`), never for the account's sessions, so someone
 * who has the password cannot lock its owner out of withdrawals or turning the authenticator off.
 * Authenticator codes are also counted per account from every ticket (a password holder rotating
 * tickets and addresses must not guess without end); past that only a recovery code is taken, and
 * an unused recovery code always is.
 */
export async function checkSignInCode(
  ctx: TotpContext,
  counter: SignInCodeCounter,
  userId: number,
  ticketKey: string,
  code: string,
  now: number,
): Promise<CodeKind> {
  const row = await totpOf(ctx.db, userId);
  if (row?.enabled_at == null) throw new ApiError(ResultCode.error, 'security.totpNotOn');
  const text = code.trim();
  const totp = /^\d{6}$/.test(text);
  if (!totp && !isRecoveryCode(text)) throw codeError('security.codeOrRecoveryFormat');
  const { limiter, perTicket, perAccount } = counter;
  let tried: number;
  try {
    // counted before the check, so parallel guesses cannot pass the limit; a right code forgets it
    tried = await limiter.hit('code-fail-ticket', ticketKey, perTicket);
  } catch (error) {
    if (error instanceof ApiError && error.code === ResultCode.rateLimited) throw codeError('security.ticketCodesUsedUp');
    throw error;
  }
  const wrong: WrongCode = async (key) => {
    const remaining = Math.max(0, perTicket.max - tried);
    if (remaining === 0) return codeError('security.ticketCodesUsedUp');
    return codeError(key === 'security.codeWrong' ? 'security.ticketCodeWrong' : key, { remaining }, { remaining });
  };
  if (totp) {
    await limiter.hit('code-check-outside', String(userId), perAccount);
    await takeTotpCode(ctx, row, text, now, wrong);
  } else {
    await takeRecoveryCode(ctx, row, text, now, wrong);
  }
  await limiter.clear('code-fail-ticket', ticketKey);
  return totp ? 'totp' : 'recovery';
}

/** For withdrawals and security changes: nothing when the user has no authenticator; else the code in `totp` must be good. */
export async function requireCodeIfOn(ctx: TotpContext, userId: number, code: string | undefined, now: number): Promise<void> {
  if (!(await hasTotp(ctx.db, userId))) return;
  if (!code?.trim()) throw validationError('totp', 'security.codeRequired');
  await checkUserCode(ctx, userId, code, now);
}

/** Turns the authenticator off (its secret and recovery codes are deleted). The caller checked a code. */
export async function removeTotp(db: Db, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('user_totp').where('user_id', '=', userId).execute();
  });
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
