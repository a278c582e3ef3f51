// Sessions: one row per signed-in device (only the sha256 of its token is stored), so a user can
// see where they are signed in and sign devices out; the sessions that lived on the users row move
// here. Also the user's anti-phishing code, which every email and SMS of the platform starts with.
import { type Kysely, sql } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('sessions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('device', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(45)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'id']).execute();
  await sql`insert into sessions (user_id, token_hash, device, ip, created_at, last_seen_at)
            select id, token_hash, '', '', token_issued_at, token_issued_at from users
            where token_hash is not null and token_issued_at is not null`.execute(db);
  await db.schema.dropIndex('users_token_hash').execute();
  await db.schema.alterTable('users').dropColumn('token_hash').execute();
  await db.schema.alterTable('users').dropColumn('token_issued_at').execute();
  await db.schema.alterTable('users').addColumn('anti_phishing_code', 'varchar(20)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('anti_phishing_code').execute();
  await db.schema.alterTable('users').addColumn('token_hash', 'varchar(64)').execute();
  await db.schema.alterTable('users').addColumn('token_issued_at', 'bigint').execute();
  await db.schema.createIndex('users_token_hash').on('users').column('token_hash').execute();
  await db.schema.dropTable('sessions').execute();
}
