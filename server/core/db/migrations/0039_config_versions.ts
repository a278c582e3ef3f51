// Run-time configuration (issue 42): an operator's proposed change to a config file waits in
// config_changes until a second operator decides it; an approval publishes the next row of
// config_versions, which holds every changed file whole (so a rollback is a copy of an older row,
// and an instance applies a version by reading one row). Neither table is ever edited after its
// decision; a rollback is a version of its own.
import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('config_changes'))
    .addColumn('file', 'varchar(100)', (c) => c.notNull())
    .addColumn('changes_json', 'text', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull().references('operators.id'))
    .addColumn('author', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('decided_by', 'varchar(32)')
    .addColumn('decided_at', 'bigint')
    .addColumn('decision_reason', 'varchar(500)')
    .addColumn('version', 'integer')
    .execute();
  await db.schema.createIndex('config_changes_status').on('config_changes').columns(['status', 'id']).execute();
  await db.schema
    .createTable('config_versions')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('file', 'varchar(100)', (c) => c.notNull())
    .addColumn('files_json', 'text', (c) => c.notNull())
    .addColumn('diff_json', 'text', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('author', 'varchar(32)', (c) => c.notNull())
    .addColumn('approver', 'varchar(32)')
    .addColumn('change_id', 'integer')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('config_versions').execute();
  await db.schema.dropTable('config_changes').execute();
}
