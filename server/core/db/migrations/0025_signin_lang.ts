// The language each sign-in asked for (its `lang` header, as resolved to a locale code): a notice
// an operator's action sends the customer (the authenticator reset) goes out in the language of the
// customer's latest sign-in, not the operator's. Empty where unknown (English then).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('signins')
    .addColumn('lang', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('signins').dropColumn('lang').execute();
}
