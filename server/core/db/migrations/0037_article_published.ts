// An article can be taken down (issue 41): customers see only published ones; the operator keeps
// and may publish it again. Every article from before was published.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('articles').addColumn('published', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('articles').dropColumn('published').execute();
}
