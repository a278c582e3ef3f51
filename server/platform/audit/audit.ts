// The audit trail: one row per operator write (console or CLI), each numbered (seq) and carrying
// the previous row's hash and its own, an HMAC under a key derived from SECRET_KEY over its
// content and that link (chain-hash.ts). Editing, inserting or deleting a row breaks the chain
// at that row; the head is anchored outside the database after each commit (trail.ts), so rows
// cut off the end are found too; `ops audit verify` names each (audit-verify.ts). Rows are only
// ever appended: no code path updates or deletes them.
import type { Transaction } from 'kysely';
import type { Db } from '../../core/db/index.ts';
import { lockNamed } from '../../core/db/locks.ts';
import type { Database } from '../../core/db/types.ts';
import { type ChainContent, GENESIS_HASH, keyedHash } from './chain-hash.ts';
import { markAppended, trailOf } from './trail.ts';

export { GENESIS_HASH };
// password, pay_password, oldPassword, password_hash, totp_secret, token… but not mustChangePassword
const SECRET_KEY = /(^|_)(pass(word)?|secret|token|totp|pin)$|hash$|^(old|new|login|pay|confirm)Password$/i;

export interface AuditEntry {
  /** "operator <name>" or "cli <os user>" */
  actor: string;
  operatorId?: number | null;
  ip: string;
  action: string;
  targetKind: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Who a row names: an operator with the request's address, or the CLI's OS user. */
export type AuditActor = Pick<AuditEntry, 'actor' | 'operatorId' | 'ip'>;

/** A copy with every secret-looking field (passwords, hashes, tokens, TOTP secrets) replaced by "***". */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? value.toString() : value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) && v !== null && v !== undefined ? '***' : maskSecrets(v)]));
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(maskSecrets(value)));

async function append(trx: Transaction<Database>, entry: AuditEntry, now: number): Promise<void> {
  const { key } = trailOf(trx);
  // appends take turns until commit: two that read the same last row would fork the chain
  await lockNamed(trx, 'audit_log');
  const last = await trx.selectFrom('audit_log').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  const content: ChainContent = {
    seq: Number(last?.seq ?? 0) + 1,
    at: now,
    actor: entry.actor.slice(0, 80),
    operator_id: entry.operatorId ?? null,
    ip: entry.ip.slice(0, 45),
    action: entry.action.slice(0, 64),
    target_kind: entry.targetKind.slice(0, 32),
    target_id: String(entry.targetId).slice(0, 64),
    before_json: json(entry.before),
    after_json: json(entry.after),
    prev_hash: last?.hash ?? GENESIS_HASH,
  };
  await trx
    .insertInto('audit_log')
    .values({ ...content, hash: keyedHash(key, content) })
    .execute();
  markAppended(trx);
}

/**
 * Appends one row. Inside the caller's transaction when given one (the write and its audit row
 * commit together; the head is anchored after that commit); otherwise in a transaction of its
 * own, since reading the last hash and appending must not interleave with another append.
 */
export async function appendAudit(db: Db | Transaction<Database>, entry: AuditEntry, now: number): Promise<void> {
  if (db.isTransaction) return append(db as Transaction<Database>, entry, now);
  await db.transaction().execute((trx) => append(trx, entry, now));
}
