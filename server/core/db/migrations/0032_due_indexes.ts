// Indexes that let every scheduled job read only what is due (issue 45), on SQLite and PostgreSQL:
// - spot_orders_resting: the open limit orders of a pair by side and price (integer units held as
//   text, so indexed as integers), for the fill pass's "buy at or above the price, sell at or below".
//   Partial (open orders only): filled and cancelled orders never enter it.
// - financing_orders_next / mining_orders_next: by status and the time the order's next step falls
//   due (the next day's payout while days remain, else the end of the term), the same expression the
//   earn jobs query (server/earn/due.ts); without it both jobs read every order in term each second.
// - the rows the expiry and retention jobs delete, by the time they are kept until (those tables had
//   no index on it, so every pass scanned them whole).
import { type Kysely, sql } from 'kysely';

/** Table, column(s): one index `<table>_<first column>` each */
const DUE_COLUMNS: [table: string, columns: string[]][] = [
  ['captchas', ['used_at']],
  ['webauthn_challenges', ['expires_at']],
  ['webauthn_challenges', ['used_at']],
  ['sessions', ['created_at']],
  ['operator_sessions', ['last_seen_at']],
  ['verification_codes', ['expires_at']],
  ['login_tickets', ['expires_at']],
  ['freeze_links', ['expires_at']],
  ['password_links', ['expires_at']],
  ['signins', ['at']],
  ['outbox', ['created_at']],
];

const indexName = (table: string, column: string) => `${table}_${column}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index spot_orders_resting on spot_orders (symbol, side, (cast(price as bigint))) where status = 'open'`.execute(db);
  await sql`create index financing_orders_next on financing_orders (status, (case when days_paid < term_days then started_at + (days_paid + 1) * cast(86400000 as bigint) else due_at end))`.execute(
    db,
  );
  await sql`create index mining_orders_next on mining_orders (status, (case when days_paid < term_days then started_at + (days_paid + 1) * cast(86400000 as bigint) else ends_at end))`.execute(
    db,
  );
  for (const [table, columns] of DUE_COLUMNS) await db.schema.createIndex(indexName(table, columns[0])).on(table).columns(columns).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, columns] of DUE_COLUMNS) await db.schema.dropIndex(indexName(table, columns[0])).execute();
  for (const name of ['mining_orders_next', 'financing_orders_next', 'spot_orders_resting']) await db.schema.dropIndex(name).execute();
}
