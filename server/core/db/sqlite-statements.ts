// Kysely prepares every statement anew on SQLite (an order runs about 11, each re-parsed and
// re-planned: 15 % of the server's time under load). better-sqlite3's prepared statements can be
// run again with new parameters, so the database handed to Kysely keeps them by SQL text.
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/** Most distinct statements kept; past it the least recently added goes (lists of varying length make new texts). */
const MAX_STATEMENTS = 1000;

/** `sqlite` as Kysely's SqliteDialect wants it, preparing each SQL text once. */
export function withStatementCache(sqlite: SqliteDatabase): KyselySqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
