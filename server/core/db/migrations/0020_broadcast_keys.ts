// A broadcast's key: the sending operator's and their request's Idempotency-Key, unique, so a
// double submit of the console's broadcast form sends one notice (server/content/notices.ts).
// Null for event notices and for broadcasts from the command line.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notices').addColumn('broadcast_key', 'varchar(100)').execute();
  await db.schema.createIndex('notices_broadcast_key').unique().on('notices').column('broadcast_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notices_broadcast_key').execute();
  await db.schema.alterTable('notices').dropColumn('broadcast_key').execute();
}
