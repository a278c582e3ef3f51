// Row locks for read-then-write transactions. On PostgreSQL several transactions (of one server or
// of several) run at once under READ COMMITTED, so a transaction that reads a row and writes a value
// computed from it must hold the row (SELECT … FOR UPDATE) or write conditionally. SQLite has one
// writer at a time and no FOR UPDATE: there the helpers change nothing.
//
// Lock order, so that two transactions never wait on each other: a product or an order first, then
// balances (applyChanges, server/core/ledger.ts, locks all of a call's balances at once, by user and coin).
import { PostgresAdapter, type QueryExecutorProvider, type SelectQueryBuilder, sql } from 'kysely';

/** Whether a database handle (or a transaction of one) is PostgreSQL. */
export function isPostgres(db: QueryExecutorProvider): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The query with FOR UPDATE on PostgreSQL: the rows it reads stay this transaction's until it ends. */
export function forUpdate<DB, TB extends keyof DB, O>(db: QueryExecutorProvider, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return isPostgres(db) ? query.forUpdate() : query;
}

/**
 * Holds a named lock of the schema until the transaction ends (PostgreSQL), for a write that
 * depends on something no single row holds (the audit chain's last hash).
 */
export async function lockNamed(trx: QueryExecutorProvider, name: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(current_schema() || ${`:${name}`}))`.execute(trx);
}
