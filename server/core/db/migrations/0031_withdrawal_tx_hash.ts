// The transaction hash of a completed crypto withdrawal, once the back office records it; null
// before (and for every withdrawal from before this column).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('withdrawals').addColumn('tx_hash', 'varchar(128)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('withdrawals').dropColumn('tx_hash').execute();
}
