// An installation's audit trail: the key its rows are hashed under (derived from SECRET_KEY) and
// the store outside the database its head is anchored in, attached to a database handle when it
// is opened (server start, each CLI run). Rows are appended inside callers' transactions, so the
// head is anchored after the transaction that appended commits: the handle's transactions are
// wrapped to do that. Anchoring reads the committed rows after the anchored head, checks each
// one's link and keyed hash, and moves the anchor forward over those that hold; it never moves it
// back, and never over a row that does not verify (that is for `ops audit verify` to name). Several
// processes anchoring at once (instances sharing DATA_DIR, a CLI beside the server) take turns
// under a database lock, so each reads the anchor the one before wrote.
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../core/db/index.ts';
import { isPostgres, lockNamed } from '../../core/db/locks.ts';
import type { AuditRow, Database } from '../../core/db/types.ts';
import { serverSecret } from '../security/secret-key.ts';
import { type Anchor, type AnchorStore, anchorStoreFor } from './anchor-store.ts';
import { GENESIS_HASH, keyedHash, plainHash } from './chain-hash.ts';

export interface AuditTrail {
  key: Buffer;
  store: AnchorStore;
  db: Db;
  /** anchorings of this process, one after the other */
  queue: Promise<void>;
  onAnchorError(error: unknown): void;
}

const trails = new WeakMap<object, AuditTrail>();
const appendedIn = new WeakSet<object>();
const BATCH = 500;

/** The trail of a database handle or of one of its transactions. */
export function trailOf(db: object): AuditTrail {
  const trail = trails.get(db);
  if (!trail) throw new Error('this database handle has no audit trail: call attachAuditTrail when opening it');
  return trail;
}

/** Notes that a transaction appended a row, so that the head is anchored once it commits. */
export function markAppended(trx: Transaction<Database>): void {
  appendedIn.add(trx);
}

/**
 * Attaches the trail of a data dir to a freshly opened handle (before anything writes through it):
 * its key from SECRET_KEY or DATA_DIR/secret.key, its anchor in DATA_DIR or AUDIT_EXPORT_DIR.
 */
export function attachAuditTrail(db: Db, dataDir: string, env: NodeJS.ProcessEnv = process.env): void {
  const trail: AuditTrail = {
    key: serverSecret(dataDir, env).subkey('audit-chain'),
    store: anchorStoreFor(dataDir, env),
    db,
    queue: Promise.resolve(),
    onAnchorError: (error) => console.error(`Audit trail: the head could not be anchored in ${trail.store.where}: ${(error as Error).message}`),
  };
  trails.set(db, trail);
  const open = db.transaction.bind(db);
  db.transaction = () => {
    const builder = open();
    const execute = builder.execute.bind(builder);
    builder.execute = async <T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> => {
      const used: object[] = [];
      const result = await execute((trx) => {
        trails.set(trx, trail);
        used.push(trx);
        return work(trx);
      });
      if (used.some((trx) => appendedIn.has(trx))) await anchorAuditTrail(db);
      return result;
    };
    return builder;
  };
}

/** Anchors the committed head now (after an append's commit; at start, so a trail from an older release is anchored before anything else is written). */
export function anchorAuditTrail(db: Db): Promise<void> {
  const trail = trailOf(db);
  trail.queue = trail.queue.then(() => advanceAnchor(trail)).catch(trail.onAnchorError);
  return trail.queue;
}

/** Takes the anchoring turn until the transaction ends: on SQLite a no-op write takes the database's one write lock. */
async function holdAnchorTurn(trx: Transaction<Database>): Promise<void> {
  if (isPostgres(trx)) await lockNamed(trx, 'audit_anchor');
  else await trx.updateTable('audit_log').set({ seq: (eb) => eb.ref('seq') }).where(sql<boolean>`0 = 1`).execute();
}

/** Whether a row continues the chain after `prev`: next in seq, linked, and hashed under the key (or, before any keyed row, plain SHA-256). */
export function continues(key: Buffer, prev: Pick<Anchor, 'seq' | 'hash' | 'keyedFrom'>, row: AuditRow): 'keyed' | 'plain' | false {
  if (Number(row.seq) !== prev.seq + 1 || row.prev_hash !== prev.hash) return false;
  if (keyedHash(key, row) === row.hash) return 'keyed';
  return prev.keyedFrom === null && plainHash(row) === row.hash ? 'plain' : false;
}

async function advanceAnchor(trail: AuditTrail): Promise<void> {
  await trail.db.transaction().execute(async (trx) => {
    await holdAnchorTurn(trx);
    const anchored = trail.store.read();
    let head: Anchor = anchored ?? { seq: 0, hash: GENESIS_HASH, keyedFrom: null };
    const rows: AuditRow[] = [];
    let whole = true;
    for (let more = true; more && whole; ) {
      const page = await trx.selectFrom('audit_log').selectAll().where('seq', '>', head.seq).orderBy('seq').limit(BATCH).execute();
      more = page.length === BATCH;
      for (const row of page) {
        const kind = continues(trail.key, head, row);
        if (!kind) {
          whole = false;
          break;
        }
        head = { seq: Number(row.seq), hash: row.hash, keyedFrom: head.keyedFrom ?? (kind === 'keyed' ? Number(row.seq) : null) };
        rows.push(row);
      }
    }
    // a trail of plain rows read whole to its end: every row after it must be keyed
    if (whole && head.keyedFrom === null) head = { ...head, keyedFrom: head.seq + 1 };
    if (!whole) trail.onAnchorError(new Error(`the row after row ${head.seq} does not continue the chain, so the anchor stays there (run "npm run ops -- audit verify")`));
    if (rows.length > 0 || head.keyedFrom !== (anchored?.keyedFrom ?? null)) trail.store.advance(rows, head);
  });
}
