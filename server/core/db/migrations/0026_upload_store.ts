// Where an upload's bytes are: 'db' (upload_blobs) or 's3' (the bucket of S3_URL). Rows from
// before are 'db'; an installation that turns S3_URL on later still serves its older images.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('store', 'varchar(8)', (c) => c.notNull().defaultTo('db'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('store').execute();
}
