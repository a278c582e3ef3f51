// "Take it" (issue 41): an operator working on a waiting review item holds it for a while
// (schemas/config/reviews.json take.minutes), so two operators do not work the same one. One row an
// item; a decision removes it, and an expired one is taken over.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('review_claims')
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id'))
    .addColumn('operator', 'varchar(32)', (c) => c.notNull())
    .addColumn('taken_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('review_claims_pk', ['kind', 'item_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('review_claims').execute();
}
