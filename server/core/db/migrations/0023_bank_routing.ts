// Bank cards by country (issue 24): a card outside the IBAN countries names its bank by the local
// routing code (ABA in the US, sort code in GB, IFSC in IN …); a bank withdrawal keeps a copy.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['bank_cards', 'bank_withdrawals']) {
    await db.schema
      .alterTable(table)
      .addColumn('routing', 'varchar(16)', (c) => c.notNull().defaultTo(''))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['bank_withdrawals', 'bank_cards']) await db.schema.alterTable(table).dropColumn('routing').execute();
}
