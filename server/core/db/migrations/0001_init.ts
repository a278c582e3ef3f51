// Users, sessions, captchas, verification codes and their outbox, bank cards,
// withdrawal addresses and articles.
import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('email', 'varchar(64)', (c) => c.unique())
    .addColumn('phone', 'varchar(32)', (c) => c.unique())
    .addColumn('country_code', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('pay_password_hash', 'varchar(255)')
    .addColumn('invitation_code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('credit_score', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('real_name_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('barred', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('frozen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('token_hash', 'varchar(64)')
    .addColumn('token_issued_at', 'bigint')
    .addColumn('password_changed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_token_hash').on('users').column('token_hash').execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('captchas_expires_at').on('captchas').column('expires_at').execute();

  await withId(db, db.schema.createTable('verification_codes'))
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('target', 'varchar(80)', (c) => c.notNull())
    .addColumn('code', 'varchar(8)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('verification_codes_target').on('verification_codes').columns(['channel', 'target']).execute();

  await withId(db, db.schema.createTable('outbox'))
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('target', 'varchar(80)', (c) => c.notNull())
    .addColumn('code', 'varchar(8)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('bank_cards'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bankname', 'varchar(64)', (c) => c.notNull())
    .addColumn('accountname', 'varchar(64)', (c) => c.notNull())
    .addColumn('bankcard', 'varchar(34)', (c) => c.notNull())
    .addColumn('ibna', 'varchar(34)', (c) => c.notNull())
    .addColumn('swift', 'varchar(11)', (c) => c.notNull())
    .addColumn('payeeaddress', 'varchar(160)', (c) => c.notNull())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bank_cards_user').on('bank_cards').column('user_id').execute();

  await withId(db, db.schema.createTable('withdrawal_addresses'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('czline', 'varchar(16)', (c) => c.notNull())
    .addColumn('addr', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('remark', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('withdrawal_addresses_user').on('withdrawal_addresses').columns(['user_id', 'coin']).execute();

  await withId(db, db.schema.createTable('articles'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('summary', 'varchar(500)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('cate', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('articles_cate_created').on('articles').columns(['cate', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['articles', 'withdrawal_addresses', 'bank_cards', 'outbox', 'verification_codes', 'captchas', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
