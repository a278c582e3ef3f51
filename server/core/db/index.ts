// Opens the database through Kysely and runs the migrations: SQLite (WAL mode) in the data dir,
// the embedded default, or PostgreSQL when DATABASE_URL is set (postgres.ts).
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Transaction } from 'kysely';
import { migrationProvider } from './migrations/index.ts';
import { openPostgres, openUnprepared, postgresHasTables, postgresSchemaOf, schemaFor } from './postgres.ts';
import { retryTransactionConflicts } from './retry.ts';
import { withStatementCache } from './sqlite-statements.ts';
import { ImmediateSqliteDialect } from './sqlite-immediate.ts';
import type { Database } from './types.ts';

export type Db = Kysely<Database>;

/**
 * Runs `work` in a transaction: the caller's when `db` already is one (a back-office decision
 * runs the review, its audit row and its approval record in one), else a new one.
 */
export function transact<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

export function databaseFile(dataDir: string): string {
  return join(dataDir, 'app.db');
}

/** The PostgreSQL URL when the server runs on PostgreSQL (DATABASE_URL), else undefined. */
export function postgresUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

/** Where the database of a data dir is, for messages (never the URL: it may hold a password). */
export function databaseLocation(dataDir: string): string {
  return postgresUrl() ? `schema "${schemaFor(dataDir)}" of DATABASE_URL` : databaseFile(dataDir);
}

/** Whether a server start has created the database of a data dir (the ops CLI makes none). */
export async function databaseExists(dataDir: string): Promise<boolean> {
  const url = postgresUrl();
  return url ? postgresHasTables(url, dataDir) : existsSync(databaseFile(dataDir));
}

/** How long a SQLite statement waits for another process's write lock before "database is locked" (the server's default). */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** How a process opens SQLite: its wait for another process's write lock, and whether its transactions take that lock when they begin. */
export interface SqliteOptions {
  busyTimeoutMs?: number;
  /** BEGIN IMMEDIATE (sqlite-immediate.ts): for a process that writes beside the server, the ops CLI */
  immediateTransactions?: boolean;
}

/** Opens the database of a data dir (uploads stay in the data dir on PostgreSQL too). */
export function openDatabase(dataDir: string, { busyTimeoutMs = SQLITE_BUSY_TIMEOUT_MS, immediateTransactions = false }: SqliteOptions = {}): Db {
  mkdirSync(dataDir, { recursive: true });
  const url = postgresUrl();
  if (url) {
    const db = openPostgres(url, dataDir);
    retryTransactionConflicts(db);
    return db;
  }
  const sqlite = new SQLite(databaseFile(dataDir));
  sqlite.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before it returns, so a power loss cannot undo a ledger row (NORMAL in WAL mode can)
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${Math.round(busyTimeoutMs)}`);
  const config = { database: withStatementCache(sqlite) };
  return new Kysely<Database>({ dialect: immediateTransactions ? new ImmediateSqliteDialect(config) : new SqliteDialect(config) });
}

export async function migrateToLatest(db: Db): Promise<void> {
  // on PostgreSQL through a handle of their own, so no connection of `db` has a statement prepared before a table changed
  const own = openUnprepared(db);
  try {
    await migrate(own ?? db);
  } finally {
    await own?.destroy();
  }
}

async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: postgresSchemaOf(db) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** An epoch-ms column as the ISO time the API sends. */
export function isoTime(ms: number): string {
  return new Date(Number(ms)).toISOString();
}

/** `count(*)` as a plain number (whatever type the driver returns it as). */
export function toCount(value: unknown): number {
  return Number(value ?? 0);
}
