// The paying bank's reference of a completed bank withdrawal, once the back office records it
// (issue 41); null before (and for every bank withdrawal from before this column).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bank_withdrawals').addColumn('bank_reference', 'varchar(36)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bank_withdrawals').dropColumn('bank_reference').execute();
}
