// Identity verification records (user_card): one per user, its document type, name and three
// photos (upload names), the review status and the rejection reason. users.real_name_status
// (0001_init) mirrors the status for the user entity the app reads.
import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('user_cards'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('card_front', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('card_end', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('card_hand', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .execute();
  await db.schema.createIndex('user_cards_status').on('user_cards').columns(['status', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_cards').ifExists().execute();
}
