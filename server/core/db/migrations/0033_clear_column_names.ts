// The spec's wire names stay at the edge (the schema and the handler that maps it): inside the
// database the columns say what they hold. bank_cards/bank_withdrawals.ibna -> iban,
// withdrawal_addresses.czline -> network, deposits.cate -> origin (1 the customer, 2 an
// operator), articles.cate -> category. SQLite (3.25+) and PostgreSQL rename in place and keep
// the indexes that name the column.
import type { Kysely } from 'kysely';

const RENAMES: Array<[table: string, from: string, to: string]> = [
  ['bank_cards', 'ibna', 'iban'],
  ['bank_withdrawals', 'ibna', 'iban'],
  ['withdrawal_addresses', 'czline', 'network'],
  ['deposits', 'cate', 'origin'],
  ['articles', 'cate', 'category'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, from, to] of RENAMES) await db.schema.alterTable(table).renameColumn(from, to).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, from, to] of RENAMES) await db.schema.alterTable(table).renameColumn(to, from).execute();
}
