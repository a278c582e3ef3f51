// A broadcast can target customers (issue 41): `audience` holds its conditions as JSON (null: everyone
// registered when it was sent, as before), and notice_recipients the customers a targeted one
// reached when it was sent (server/content/broadcast-audience.ts).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notices').addColumn('audience', 'varchar(500)').execute();
  await db.schema
    .createTable('notice_recipients')
    .addColumn('notice_id', 'integer', (c) => c.notNull().references('notices.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addPrimaryKeyConstraint('notice_recipients_pk', ['notice_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notice_recipients').execute();
  await db.schema.alterTable('notices').dropColumn('audience').execute();
}
