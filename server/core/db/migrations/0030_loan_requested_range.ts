// The range a loan applicant asks for (spec §5 "min and max amounts are required"): the operator
// approves an amount within it. Units of the coin; null on applications that named one amount
// (any approved amount up to it).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('loan_orders').addColumn('requested_min', 'text').execute();
  await db.schema.alterTable('loan_orders').addColumn('requested_max', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('loan_orders').dropColumn('requested_max').execute();
  await db.schema.alterTable('loan_orders').dropColumn('requested_min').execute();
}
