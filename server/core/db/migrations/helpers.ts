import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

/** Adds an auto-incrementing integer primary key named `id`, on SQLite and PostgreSQL. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    return table.addColumn('id', 'serial', (c) => c.primaryKey());
  }
  return table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
