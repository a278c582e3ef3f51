// Separation of duties for operators (issue 38): an operator made or reset in the console enrols
// through a one-time link (only its sha256 stored, 24 hours, once); what was done to operators on
// the server host is recorded so that every admin is told until they acknowledge it.
import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('operators')
    .addColumn('enrol_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('operators')
    .addColumn('host_changes_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('operator_enrolments'))
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('purpose', 'varchar(8)', (c) => c.notNull())
    .addColumn('totp_secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('operators.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('operator_enrolments_operator').on('operator_enrolments').column('operator_id').execute();

  await withId(db, db.schema.createTable('operator_host_changes'))
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('what', 'varchar(16)', (c) => c.notNull())
    .addColumn('roles', 'varchar(128)', (c) => c.notNull())
    .addColumn('actor', 'varchar(80)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_host_changes').execute();
  await db.schema.dropTable('operator_enrolments').execute();
  await db.schema.alterTable('operators').dropColumn('host_changes_seen').execute();
  await db.schema.alterTable('operators').dropColumn('enrol_required').execute();
}
