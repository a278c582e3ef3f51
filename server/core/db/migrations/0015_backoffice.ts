// The back office: operators (their own accounts, never customers), their sessions, the audit
// trail chained by hashes, and the approvals that money needs from two operators.
import { type Kysely, sql } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('operators'))
    .addColumn('name', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('roles', 'varchar(128)', (c) => c.notNull())
    .addColumn('totp_secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('totp_last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('operator_sessions'))
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('ip', 'varchar(45)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operator_sessions_operator').on('operator_sessions').column('operator_id').execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor', 'varchar(80)', (c) => c.notNull())
    .addColumn('operator_id', 'integer')
    .addColumn('ip', 'varchar(45)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('prev_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_kind', 'target_id']).execute();

  await withId(db, db.schema.createTable('approvals'))
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('args_json', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('first_operator_id', 'integer', (c) => c.notNull().references('operators.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('second_operator_id', 'integer', (c) => c.references('operators.id'))
    .addColumn('decided_at', 'bigint')
    .addColumn('reason', 'varchar(200)')
    .execute();
  // one open approval per item: two first approvals of the same withdrawal cannot both start one
  await db.schema
    .createIndex('approvals_open_target')
    .on('approvals')
    .columns(['action', 'target_kind', 'target_id'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['approvals', 'audit_log', 'operator_sessions', 'operators']) await db.schema.dropTable(t).execute();
}
