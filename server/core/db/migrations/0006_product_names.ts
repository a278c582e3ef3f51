// Loan product names per language: a JSON object from the language prefix (de, jp, …) to the
// name; the `name` column stays the English name every language falls back to.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('loan_products')
    .addColumn('names', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('loan_products').dropColumn('names').execute();
}
