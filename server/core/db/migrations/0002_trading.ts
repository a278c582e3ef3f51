// Trading: balances, the ledger (financial records), spot orders, futures orders and
// operator settings. Money columns are TEXT holding integer base units (10^-8), so no
// amount ever passes through a float, on SQLite and PostgreSQL alike.
import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('balances')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('available', 'text', (c) => c.notNull())
    .addColumn('frozen', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('balances_pk', ['user_id', 'coin'])
    .execute();

  await withId(db, db.schema.createTable('ledger'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('type', 'varchar(24)', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('frozen_change', 'text', (c) => c.notNull())
    .addColumn('available_after', 'text', (c) => c.notNull())
    .addColumn('frozen_after', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_user_coin').on('ledger').columns(['user_id', 'coin', 'id']).execute();
  await db.schema.createIndex('ledger_user_type').on('ledger').columns(['user_id', 'type', 'created_at']).execute();

  await withId(db, db.schema.createTable('spot_orders'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('symbol', 'varchar(16)', (c) => c.notNull())
    .addColumn('base', 'varchar(16)', (c) => c.notNull())
    .addColumn('quote', 'varchar(16)', (c) => c.notNull())
    .addColumn('side', 'varchar(4)', (c) => c.notNull())
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('price', 'text')
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('filled', 'text', (c) => c.notNull())
    .addColumn('total', 'text', (c) => c.notNull())
    .addColumn('avg_price', 'text')
    .addColumn('fee', 'text', (c) => c.notNull())
    .addColumn('fee_coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('fee_rate', 'varchar(16)', (c) => c.notNull())
    .addColumn('frozen', 'text', (c) => c.notNull())
    .addColumn('price_decimals', 'integer', (c) => c.notNull())
    .addColumn('amount_decimals', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spot_orders_user').on('spot_orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('spot_orders_open').on('spot_orders').columns(['status', 'symbol']).execute();

  await withId(db, db.schema.createTable('futures_orders'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('symbol', 'varchar(16)', (c) => c.notNull())
    .addColumn('direction', 'varchar(4)', (c) => c.notNull())
    .addColumn('stake', 'text', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('profit_ratio', 'varchar(16)', (c) => c.notNull())
    .addColumn('open_price', 'text', (c) => c.notNull())
    .addColumn('open_time', 'bigint', (c) => c.notNull())
    .addColumn('settle_at', 'bigint', (c) => c.notNull())
    .addColumn('close_price', 'text')
    .addColumn('close_time', 'bigint')
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('result', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('pnl', 'text')
    .addColumn('payout', 'text')
    .addColumn('price_decimals', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('futures_orders_user').on('futures_orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('futures_orders_due').on('futures_orders').columns(['status', 'settle_at']).execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['settings', 'futures_orders', 'spot_orders', 'ledger', 'balances']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
