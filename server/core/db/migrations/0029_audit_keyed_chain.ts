// The audit trail's rows get a sequence number (1, 2, 3… with no gaps, unlike `id`, which
// PostgreSQL skips after a rolled-back insert): from it `ops audit verify` counts the rows removed
// from the middle or the end, and from this release each row's keyed hash covers it. Rows from
// before are numbered in `id` order; their plain SHA-256 hashes stay as they were.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('seq', 'integer').execute();
  await sql`update audit_log set seq = (select count(*) from audit_log earlier where earlier.id <= audit_log.id)`.execute(db);
  await db.schema.createIndex('audit_log_seq').on('audit_log').column('seq').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_seq').execute();
  await db.schema.alterTable('audit_log').dropColumn('seq').execute();
}
