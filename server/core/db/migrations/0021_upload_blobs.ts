// Uploaded images' bytes in the database instead of DATA_DIR/uploads, so every instance on one
// PostgreSQL serves an image any of them received. A table of its own rather than a column of
// `uploads`: the ownership checks read `uploads` often and never need the bytes. Files an older
// version left on disk are copied in at start (importUploadFiles in server/platform/uploads), where
// the data dir is known; a migration only sees the database.
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const bytesType = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('upload_blobs')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey().references('uploads.name').onDelete('cascade'))
    .addColumn('bytes', bytesType, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload_blobs').execute();
}
