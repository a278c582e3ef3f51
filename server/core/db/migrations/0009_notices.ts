// Notifications, their read state, and announcements per language.
//   notices       an event notice to one user (user_id, event, params JSON: translated when read,
//                 in the reader's language) or an operator broadcast (user_id NULL, texts JSON:
//                 {prefix: {title, body}}, English required)
//   notice_reads  who has read which notice (the same for both kinds; one row per reader)
//   articles.translations  {prefix: {title, summary, content}}: the row's own columns stay the
//                 English text every language falls back to
import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notices'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('event', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('texts', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notices_user_created').on('notices').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('notice_reads')
    .addColumn('notice_id', 'integer', (c) => c.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('notice_reads_pk', ['notice_id', 'user_id'])
    .execute();
  await db.schema.createIndex('notice_reads_user').on('notice_reads').columns(['user_id', 'notice_id']).execute();

  await db.schema
    .alterTable('articles')
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('articles').dropColumn('translations').execute();
  await db.schema.dropTable('notice_reads').ifExists().execute();
  await db.schema.dropTable('notices').ifExists().execute();
}
