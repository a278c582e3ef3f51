// Live customer support: one conversation per customer at a time (a closed one stays as history;
// the customer's next message opens a new one), and its messages, plain text with an optional image.
import { type Kysely, sql } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('support_conversations'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('customer_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('customer_read_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('operator_read_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('closed_at', 'bigint')
    .addColumn('closed_by', 'integer')
    .execute();
  // two first messages sent at once still make one open conversation
  await db.schema
    .createIndex('support_conversations_one_open')
    .on('support_conversations')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema.createIndex('support_conversations_status').on('support_conversations').columns(['status', 'updated_at']).execute();

  await withId(db, db.schema.createTable('support_messages'))
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('support_conversations.id'))
    .addColumn('author', 'varchar(8)', (c) => c.notNull())
    .addColumn('operator_id', 'integer')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('image', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('support_messages_conversation').on('support_messages').columns(['conversation_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('support_messages').execute();
  await db.schema.dropTable('support_conversations').execute();
}
