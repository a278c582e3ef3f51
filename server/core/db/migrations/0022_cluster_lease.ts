// The market leader's lease (server/platform/cluster/lease.ts): one row per lease name, held by
// one server instance until `expires_at` (epoch ms of the database's clock). `token` grows by
// one with every new holder; the leader's writes check it (fencing), so an old leader that
// wakes up after losing the lease cannot write. Used on PostgreSQL; SQLite serves one instance.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cluster_lease')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(100)', (c) => c.notNull())
    .addColumn('token', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cluster_lease').execute();
}
