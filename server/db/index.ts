// Opens the SQLite database (WAL mode) through Kysely and runs the migrations.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrationProvider } from './migrations/index.ts';
import type { Database } from './types.ts';

export type Db = Kysely<Database>;

export function databaseFile(dataDir: string): string {
  return join(dataDir, 'app.db');
}

export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(databaseFile(dataDir));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** `count(*)` as a plain number (PostgreSQL returns bigint counts as strings). */
/** An epoch-ms column as the ISO time the API sends. */
export function isoTime(ms: number): string {
  return new Date(Number(ms)).toISOString();
}

export function toCount(value: unknown): number {
  return Number(value ?? 0);
}
