// Where the audit chain's head is kept outside the database, so that rows cut off the end, or a
// chain rewritten by someone with the database, are found: a checkpoint file beside the secret
// key (DATA_DIR/audit-checkpoint.json, mode 0600, replaced whole by a rename), or, when
// AUDIT_EXPORT_DIR is set, an append-only export there (audit-log.jsonl, one JSON line per row,
// for a log shipper or write-once storage), whose last line is the head.
import { closeSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AuditRow } from '../../core/db/types.ts';

/** The head as last anchored: its seq and hash, and from which seq on every row is keyed. */
export interface Anchor {
  seq: number;
  hash: string;
  /** The first row with a keyed hash (rows before it are plain SHA-256 from an older release); null while there is none */
  keyedFrom: number | null;
}

export interface AnchorStore {
  /** Where it is, for messages */
  where: string;
  /** The anchored head; undefined when nothing was anchored yet. Throws when the file is there but unreadable. */
  read(): Anchor | undefined;
  /** Records rows appended after the head (in seq order, verified) and the new head they end in. */
  advance(rows: AuditRow[], head: Anchor): void;
}

export const CHECKPOINT_FILE = 'audit-checkpoint.json';
export const EXPORT_FILE = 'audit-log.jsonl';

function anchorOf(value: unknown, where: string): Anchor {
  const a = value as Partial<Anchor> | null;
  const keyedFrom = a?.keyedFrom;
  if (!a || !Number.isInteger(a.seq) || typeof a.hash !== 'string' || !/^[0-9a-f]{64}$/.test(a.hash) || !(keyedFrom === null || Number.isInteger(keyedFrom)))
    throw new Error(`${where} does not hold an audit anchor (seq, hash, keyedFrom)`);
  return { seq: a.seq!, hash: a.hash, keyedFrom: keyedFrom ?? null };
}

function readIfThere(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export function checkpointStore(dataDir: string): AnchorStore {
  const file = join(resolve(dataDir), CHECKPOINT_FILE);
  return {
    where: file,
    read() {
      const text = readIfThere(file);
      if (text === undefined) return undefined;
      try {
        return anchorOf(JSON.parse(text), file);
      } catch {
        return anchorOf(null, file);
      }
    },
    advance(_rows, head) {
      mkdirSync(resolve(dataDir), { recursive: true });
      // whole or not at all: a reader never sees half a file
      const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      writeFileSync(temporary, `${JSON.stringify({ ...head, at: new Date().toISOString() })}\n`, { mode: 0o600, flag: 'wx', flush: true });
      renameSync(temporary, file);
    },
  };
}

/** The last line of a file (reading back from its end), or undefined when it has none. */
function lastLine(file: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const size = statSync(file).size;
    const chunk = 64 * 1024;
    let tail = '';
    for (let end = size; end > 0; ) {
      const start = Math.max(0, end - chunk);
      const buf = Buffer.alloc(end - start);
      readSync(fd, buf, 0, buf.length, start);
      tail = buf.toString('utf8') + tail;
      const lines = tail.replace(/\n+$/, '').split('\n');
      if (lines.length > 1 || start === 0) return lines.at(-1) || undefined;
      end = start;
    }
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** One exported row: the row as stored, with the head it makes. */
function exportLine(row: AuditRow, keyedFrom: number | null): string {
  return JSON.stringify({
    seq: Number(row.seq),
    id: Number(row.id),
    at: new Date(Number(row.at)).toISOString(),
    actor: row.actor,
    operatorId: row.operator_id,
    ip: row.ip,
    action: row.action,
    targetKind: row.target_kind,
    targetId: row.target_id,
    before: row.before_json,
    after: row.after_json,
    prevHash: row.prev_hash,
    hash: row.hash,
    keyedFrom,
  });
}

export function exportStore(exportDir: string): AnchorStore {
  const file = join(resolve(exportDir), EXPORT_FILE);
  return {
    where: file,
    read() {
      const line = lastLine(file);
      if (line === undefined) return undefined;
      try {
        return anchorOf(JSON.parse(line), file);
      } catch {
        return anchorOf(null, `the last line of ${file}`);
      }
    },
    advance(rows, head) {
      if (rows.length === 0) return;
      mkdirSync(resolve(exportDir), { recursive: true });
      writeFileSync(file, rows.map((r) => `${exportLine(r, head.keyedFrom)}\n`).join(''), { mode: 0o600, flag: 'a', flush: true });
    },
  };
}

/** The store an installation anchors in: AUDIT_EXPORT_DIR's export when it is set, else the checkpoint in DATA_DIR. */
export function anchorStoreFor(dataDir: string, env: NodeJS.ProcessEnv = process.env): AnchorStore {
  return env.AUDIT_EXPORT_DIR ? exportStore(env.AUDIT_EXPORT_DIR) : checkpointStore(dataDir);
}
