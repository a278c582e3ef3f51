// How an audit row's hash is made. Since migration 0029 it is an HMAC-SHA256 under a key derived
// from SECRET_KEY (never in the database) over the row's sequence number, its content and the
// previous row's hash, so someone who can write the database but not read the key cannot make a
// row that verifies, nor recompute the chain after an edit. Rows from before were plain SHA-256
// over the content and the link (no key, no seq); they stay verifiable as such, but only before
// the first keyed row (audit-verify.ts, anchor.ts).
import { createHash, createHmac } from 'node:crypto';
import type { AuditRow } from '../../core/db/types.ts';

export const GENESIS_HASH = '0'.repeat(64);

export type ChainContent = Omit<AuditRow, 'id' | 'hash'>;

/** The content's fields, in a fixed order, each as text (PostgreSQL returns bigint columns as text). */
function contentText(row: ChainContent, withSeq: boolean): string {
  const fields = [row.at, row.actor, row.operator_id, row.ip, row.action, row.target_kind, row.target_id, row.before_json, row.after_json, row.prev_hash];
  return JSON.stringify((withSeq ? [row.seq, ...fields] : fields).map((f) => (f === null || f === undefined ? null : String(f))));
}

/** The hash of a row from before keyed hashes: sha256 over its content and link, no key. */
export function plainHash(row: ChainContent): string {
  return createHash('sha256').update(contentText(row, false)).digest('hex');
}

/** The hash of a row: HMAC-SHA256 under the trail's key over its seq, content and link. */
export function keyedHash(key: Buffer, row: ChainContent): string {
  return createHmac('sha256', key).update(contentText(row, true)).digest('hex');
}
