// Verification codes are stored as an HMAC ("hmac$<salt>$<mac>", ~100 characters, server/platform/codes/codes.ts)
// instead of the 6 digits: the column is widened where its length is enforced (PostgreSQL; SQLite
// does not enforce varchar lengths). Rows stored before are left as they are: a plain code never
// matches an HMAC and expired 10 minutes after it was sent.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .alterTable('verification_codes')
    .alterColumn('code', (c) => c.setDataType('varchar(128)'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  // an HMAC does not fit the old width; codes live 10 minutes, so the new ones simply go
  await sql`delete from verification_codes where length(code) > 8`.execute(db);
  await db.schema
    .alterTable('verification_codes')
    .alterColumn('code', (c) => c.setDataType('varchar(8)'))
    .execute();
}
