// Idempotency: the Idempotency-Key of every create request (one row a user and key, kept
// 24 hours: a repeat returns the stored result and writes nothing), and the client order id
// of spot orders (unique per user; a repeat returns the first order).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    // sha-256 of method, path and the request's JSON body: a reuse with another request is refused
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    // the first result's data (JSON), null while pending
    .addColumn('response', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();

  await db.schema.alterTable('spot_orders').addColumn('client_order_id', 'varchar(64)').execute();
  await db.schema.createIndex('spot_orders_client_id').unique().on('spot_orders').columns(['user_id', 'client_order_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('spot_orders_client_id').ifExists().execute();
  await db.schema.alterTable('spot_orders').dropColumn('client_order_id').execute();
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
}
