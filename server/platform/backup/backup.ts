// `ops backup FILE`, `ops restore FILE` and `ops verify`.
//
// A backup is a consistent copy taken while the server serves: on SQLite through the online
// backup API (one snapshot of every committed write, the WAL's included), on PostgreSQL with
// pg_dump (one transaction snapshot of the data dir's schema). Uploaded images are rows of the
// database (upload_blobs), so they are in the copy; with S3_URL they stay in the bucket, which the
// backup does not copy. The audit trail's checkpoint (DATA_DIR/audit-checkpoint.json) is read
// before the snapshot, so the copy's trail is never shorter than its anchor. The server secret
// (secret.key or SECRET_KEY) is not in the backup: keep it apart, and put it in place before
// verifying a restored install (withdrawal passwords and the audit chain's keys come from it).
//
// A restore loads a backup into an empty data dir (or an empty PostgreSQL schema) and refuses
// anything else. Verify checks an install, restored or live: the ledger sums to the balances,
// the audit chain is whole and matches its anchor, and every upload row has its bytes.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { databaseExists, databaseFile, type Db, postgresUrl } from '../../core/db/index.ts';
import { isPostgres } from '../../core/db/locks.ts';
import { schemaFor } from '../../core/db/postgres.ts';
import { ledgerMismatches } from '../../core/ledger.ts';
import { CHECKPOINT_FILE } from '../audit/anchor-store.ts';
import { describeProblem, verifyAuditTrail } from '../audit/audit-verify.ts';
import type { Bucket } from '../storage/bucket.ts';
import { type BackupManifest, extractPart, readBackupManifest, writeBackupFile } from './backup-file.ts';
import { refusal } from '../../core/errors.ts';

const run = promisify(execFile);

const DATABASE_PART = 'database';

/** The PostgreSQL client tools (pg_dump, pg_restore, psql): PG_BIN_DIR, else the PostgreSQL 15 packages' folder when it is there, else the PATH. */
function pgTool(name: 'pg_dump' | 'pg_restore' | 'psql', env: NodeJS.ProcessEnv): string {
  const dir = env.PG_BIN_DIR ?? (existsSync('/usr/lib/postgresql/15/bin') ? '/usr/lib/postgresql/15/bin' : undefined);
  return dir ? join(dir, name) : name;
}

function scratchDir(): string {
  return mkdtempSync(join(tmpdir(), 'coinapp-backup-'));
}

/** A consistent copy of the SQLite database of `dataDir` at `dest`, taken while other connections write. */
async function copySqlite(dataDir: string, dest: string): Promise<void> {
  const source = new SQLite(databaseFile(dataDir), { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // after the first step, the rest in one: a write between steps would start the copy again
    await source.backup(dest, { progress: () => 1_000_000_000 });
  } finally {
    source.close();
  }
}

/** Writes a backup of the install of `dataDir` to `file`; returns its manifest. */
export async function backupInstall(dataDir: string, file: string, now: number, env: NodeJS.ProcessEnv = process.env): Promise<BackupManifest> {
  const dir = resolve(dataDir);
  const scratch = scratchDir();
  try {
    const parts: { name: string; path: string }[] = [];
    const checkpoint = join(dir, CHECKPOINT_FILE);
    if (existsSync(checkpoint)) {
      const copy = join(scratch, CHECKPOINT_FILE);
      copyFileSync(checkpoint, copy);
      parts.push({ name: CHECKPOINT_FILE, path: copy });
    }
    const database = join(scratch, DATABASE_PART);
    const url = postgresUrl();
    mkdirSync(dirname(resolve(file)), { recursive: true });
    if (url) {
      const schema = schemaFor(dir);
      await run(pgTool('pg_dump', env), ['--format=custom', `--schema=${schema}`, '--no-owner', '--no-privileges', `--file=${database}`, `--dbname=${url}`], {
        env,
      });
      return await writeBackupFile(file, 'postgres', now, [{ name: DATABASE_PART, path: database }, ...parts], schema);
    }
    await copySqlite(dir, database);
    return await writeBackupFile(file, 'sqlite', now, [{ name: DATABASE_PART, path: database }, ...parts]);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * pg_restore's script of `dump` with schema `from` renamed `to`, outside the rows' data (the lines
 * between a COPY and its "\." are left exactly as dumped), for psql.
 */
async function renamedScript(dump: string, from: string, to: string, out: string, env: NodeJS.ProcessEnv): Promise<void> {
  const script = join(dirname(out), 'dump.sql');
  await run(pgTool('pg_restore', env), ['--no-owner', '--no-privileges', `--file=${script}`, dump], { env });
  const name = new RegExp(`(?<![\\w$])${from}(?![\\w$])`, 'g');
  const lines = readFileSync(script, 'utf8').split('\n');
  let inData = false;
  for (let i = 0; i < lines.length; i++) {
    if (inData) {
      if (lines[i] === '\\.') inData = false;
      continue;
    }
    lines[i] = lines[i].replace(name, to);
    if (/^COPY .* FROM stdin;$/.test(lines[i])) inData = true;
  }
  writeFileSync(out, lines.join('\n'));
}

/** Loads backup `file` into the empty install of `dataDir`; returns what it loaded. Refuses (ApiError) with the reason. */
export async function restoreInstall(dataDir: string, file: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const dir = resolve(dataDir);
  if (!existsSync(file)) throw refusal('refusals.backup.noFile', { file });
  const { manifest } = readBackupManifest(file);
  const url = postgresUrl();
  const wanted = url ? 'postgres' : 'sqlite';
  if (manifest.kind !== wanted) {
    throw refusal(url ? 'refusals.backup.sqliteOnPostgres' : 'refusals.backup.postgresOnSqlite', { file });
  }
  if (await databaseExists(dir)) {
    throw url
      ? refusal('refusals.backup.schemaNotEmpty', { schema: schemaFor(dir) })
      : refusal('refusals.backup.fileNotEmpty', { file: databaseFile(dir) });
  }
  if (existsSync(join(dir, CHECKPOINT_FILE)))
    throw refusal('refusals.backup.checkpointExists', { file: join(dir, CHECKPOINT_FILE) });
  mkdirSync(dir, { recursive: true });
  if (url) {
    const target = schemaFor(dir);
    const dumped = manifest.schema ?? target;
    const scratch = scratchDir();
    try {
      const dump = join(scratch, DATABASE_PART);
      await extractPart(file, DATABASE_PART, dump);
      if (dumped === target) await run(pgTool('pg_restore', env), ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`, dump], { env });
      else {
        // another data dir's schema (DATABASE_SCHEMA_PER_DATA_DIR): the same dump, written into this one's
        const script = join(scratch, 'renamed.sql');
        await renamedScript(dump, dumped, target, script, env);
        await run(pgTool('psql', env), ['--quiet', '--no-psqlrc', '--set=ON_ERROR_STOP=1', `--file=${script}`, `--dbname=${url}`], { env });
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  } else {
    const partial = `${databaseFile(dir)}.restoring`;
    await extractPart(file, DATABASE_PART, partial);
    renameSync(partial, databaseFile(dir));
  }
  if (manifest.parts.some((p) => p.name === CHECKPOINT_FILE) && !env.AUDIT_EXPORT_DIR) await extractPart(file, CHECKPOINT_FILE, join(dir, CHECKPOINT_FILE));
  return `Restored the backup of ${manifest.createdAt} into ${url ? `schema "${schemaFor(dir)}" of DATABASE_URL` : databaseFile(dir)}. Put the server secret in place (secret.key or SECRET_KEY) and run ops verify.`;
}

export interface InstallCheck {
  ok: boolean;
  lines: string[];
}

/** Upload rows whose bytes are missing or of another size (in the database, or in the bucket with S3_URL). */
async function uploadProblems(db: Db, bucket: Bucket | undefined): Promise<string[]> {
  const length = isPostgres(db) ? sql<number>`octet_length(upload_blobs.bytes)` : sql<number>`length(upload_blobs.bytes)`;
  const rows = await db
    .selectFrom('uploads')
    .leftJoin('upload_blobs', 'upload_blobs.name', 'uploads.name')
    .select(['uploads.name', 'uploads.size', 'uploads.store', length.as('stored')])
    .orderBy('uploads.id')
    .execute();
  const problems: string[] = [];
  for (const r of rows) {
    if (r.store === 's3') {
      if (!bucket) problems.push(`upload ${r.name}: stored in the bucket, but S3_URL is not set`);
      else if ((await bucket.get(r.name))?.length !== Number(r.size)) problems.push(`upload ${r.name}: the bucket does not hold its ${r.size} bytes`);
    } else if (r.stored === null) problems.push(`upload ${r.name}: no bytes in upload_blobs`);
    else if (Number(r.stored) !== Number(r.size)) problems.push(`upload ${r.name}: ${r.stored} bytes stored, the row says ${r.size}`);
  }
  return problems;
}

/** Checks the install `db` opens (its audit trail attached): ledger against balances, the audit chain, the uploads' bytes. */
export async function verifyInstall(db: Db, bucket: Bucket | undefined): Promise<InstallCheck> {
  const ledger = await ledgerMismatches(db);
  const audit = await verifyAuditTrail(db);
  const uploads = await uploadProblems(db, bucket);
  const section = (title: string, problems: string[], whole: string) => (problems.length ? [`${title}:`, ...problems.map((p) => `  - ${p}`)] : [whole]);
  const lines = [
    ...section('Ledger and balances disagree', ledger, 'Ledger: every balance is the sum of its ledger rows.'),
    ...section(
      'Audit trail broken',
      audit.problems.map(describeProblem),
      `Audit trail: ${audit.rows} rows, every hash and link matches${audit.anchor ? ` and its head matches the anchor in ${audit.anchorWhere}` : ''}.`,
    ),
    ...section('Uploads without their bytes', uploads, 'Uploads: every upload row has its bytes.'),
  ];
  return { ok: ledger.length === 0 && audit.problems.length === 0 && uploads.length === 0, lines };
}
