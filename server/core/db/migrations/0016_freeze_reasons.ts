// Freezes with a reason: an operator freezes sign-in (users.frozen, 4008) or withdrawals alone,
// and says why; the customer is told the reason.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('frozen_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('withdraw_frozen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('withdraw_frozen_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['withdraw_frozen_reason', 'withdraw_frozen', 'frozen_reason']) await db.schema.alterTable('users').dropColumn(column).execute();
}
