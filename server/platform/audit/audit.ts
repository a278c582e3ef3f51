// The audit trail: one row per operator write (console or CLI), each carrying the previous row's
// hash and its own, sha256 over its content and that link. Editing, inserting or deleting a row in
// the middle breaks the chain at that row, and `ops audit verify` names it. Rows are only ever
// appended: no code path updates or deletes them.
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../../core/db/index.ts';
import { lockNamed } from '../../core/db/locks.ts';
import type { AuditRow, Database } from '../../core/db/types.ts';

export const GENESIS_HASH = '0'.repeat(64);
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

type Content = Omit<AuditRow, 'id' | 'hash'>;

/** The hash of a row: sha256 over its content, field by field in a fixed order, and the previous hash. */
export function auditHash(row: Content): string {
  const fields = [row.at, row.actor, row.operator_id, row.ip, row.action, row.target_kind, row.target_id, row.before_json, row.after_json, row.prev_hash];
  return createHash('sha256')
    .update(JSON.stringify(fields.map((f) => (f === null || f === undefined ? null : String(f)))))
    .digest('hex');
}

async function append(trx: Transaction<Database>, entry: AuditEntry, now: number): Promise<void> {
  // appends take turns until commit: two that read the same last hash would fork the chain
  await lockNamed(trx, 'audit_log');
  const last = await trx.selectFrom('audit_log').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
  const content: Content = {
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
    .values({ ...content, hash: auditHash(content) })
    .execute();
}

/**
 * Appends one row. Inside the caller's transaction when given one (the write and its audit row
 * commit together); otherwise in a transaction of its own, since reading the last hash and
 * appending must not interleave with another append.
 */
export async function appendAudit(db: Db | Transaction<Database>, entry: AuditEntry, now: number): Promise<void> {
  if (db.isTransaction) return append(db as Transaction<Database>, entry, now);
  await db.transaction().execute((trx) => append(trx, entry, now));
}

export type ChainCheck = { ok: true; rows: number } | { ok: false; rows: number; id: number; problem: string };

/** Walks the chain from the first row; the first row whose link or content does not match ends the walk. */
export async function verifyAuditChain(db: Db, batch = 1000): Promise<ChainCheck> {
  let prev = GENESIS_HASH;
  let after = 0;
  let rows = 0;
  for (;;) {
    const page = await db.selectFrom('audit_log').selectAll().where('id', '>', after).orderBy('id').limit(batch).execute();
    for (const row of page) {
      rows++;
      if (row.prev_hash !== prev)
        return { ok: false, rows, id: Number(row.id), problem: 'its link to the row before does not match (a row before it was removed or inserted)' };
      if (auditHash(row) !== row.hash) return { ok: false, rows, id: Number(row.id), problem: 'its content does not match its hash (it was edited)' };
      prev = row.hash;
      after = Number(row.id);
    }
    if (page.length < batch) return { ok: true, rows };
  }
}
