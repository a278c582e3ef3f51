// Operators' notes on a customer (issue 41, Customer 360): who wrote it, when, the text, and
// whether it is a risk flag (shown on every review of that customer). Notes are never edited or
// removed: a correction is a new note; each one is also an audit row.
import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('customer_notes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('operator', 'varchar(32)', (c) => c.notNull())
    .addColumn('body', 'varchar(1000)', (c) => c.notNull())
    .addColumn('risk_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_notes_user').on('customer_notes').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('customer_notes').execute();
}
