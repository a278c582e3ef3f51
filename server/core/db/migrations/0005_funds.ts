// Funds: the coin table with its networks (operator-managed), uploaded images, deposits,
// crypto and bank withdrawals, wire transfers, loan products and loan orders, and the user
// columns of the withdrawal password and withdrawal blocks. Money columns are TEXT holding
// integer base units (10^-8); statuses are small integers (1 under review, then per table).
import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createCoinTables(db);
  await createUploads(db);
  await createDepositsAndWithdrawals(db);
  await createBankWithdrawalsAndWireTransfers(db);
  await createLoanTables(db);
  await addWithdrawalPasswordAndWhitelistColumns(db);
}

async function createCoinTables(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('coins'))
    .addColumn('coin', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('logo', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('decimals', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('coin_networks'))
    .addColumn('coin_id', 'integer', (c) => c.notNull().references('coins.id').onDelete('cascade'))
    .addColumn('network', 'varchar(16)', (c) => c.notNull())
    .addColumn('deposit_address', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('deposit_min', 'text', (c) => c.notNull())
    .addColumn('withdraw_min', 'text', (c) => c.notNull())
    .addColumn('withdraw_max', 'text', (c) => c.notNull())
    .addColumn('withdraw_fee', 'text', (c) => c.notNull())
    .addColumn('deposit_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('withdraw_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coin_networks_coin_network').on('coin_networks').columns(['coin_id', 'network']).unique().execute();
}

async function createUploads(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('uploads'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('mime', 'varchar(32)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

async function createDepositsAndWithdrawals(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('deposits'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('network', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(100)', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('fee', 'text', (c) => c.notNull())
    .addColumn('received', 'text')
    .addColumn('proof', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('cate', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .execute();
  await db.schema.createIndex('deposits_user').on('deposits').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('deposits_status').on('deposits').columns(['status', 'id']).execute();

  await withId(db, db.schema.createTable('withdrawals'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('network', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(100)', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('fee', 'text', (c) => c.notNull())
    .addColumn('manual_review', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .execute();
  await db.schema.createIndex('withdrawals_user').on('withdrawals').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('withdrawals_status').on('withdrawals').columns(['status', 'id']).execute();
}

async function createBankWithdrawalsAndWireTransfers(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('bank_withdrawals'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('fee', 'text', (c) => c.notNull())
    .addColumn('bankname', 'varchar(64)', (c) => c.notNull())
    .addColumn('accountname', 'varchar(64)', (c) => c.notNull())
    .addColumn('bankcard', 'varchar(34)', (c) => c.notNull())
    .addColumn('ibna', 'varchar(34)', (c) => c.notNull())
    .addColumn('payeeaddress', 'varchar(160)', (c) => c.notNull())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .execute();
  await db.schema.createIndex('bank_withdrawals_user').on('bank_withdrawals').columns(['user_id', 'id']).execute();

  await withId(db, db.schema.createTable('wire_transfers'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('instructions', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('credited_coin', 'varchar(16)')
    .addColumn('credited_amount', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .execute();
  await db.schema.createIndex('wire_transfers_user').on('wire_transfers').columns(['user_id', 'id']).execute();
}

async function createLoanTables(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('loan_products'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('min_amount', 'text', (c) => c.notNull())
    .addColumn('max_amount', 'text', (c) => c.notNull())
    .addColumn('free_days', 'integer', (c) => c.notNull())
    .addColumn('daily_rate', 'varchar(16)', (c) => c.notNull())
    .addColumn('term_days', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('loan_orders'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('loan_id', 'integer', (c) => c.notNull().references('loan_products.id'))
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('approved_amount', 'text')
    .addColumn('free_days', 'integer', (c) => c.notNull())
    .addColumn('daily_rate', 'varchar(16)', (c) => c.notNull())
    .addColumn('term_days', 'integer', (c) => c.notNull())
    .addColumn('repaid', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('approved_at', 'bigint')
    .addColumn('repaid_at', 'bigint')
    .execute();
  await db.schema.createIndex('loan_orders_user').on('loan_orders').columns(['user_id', 'id']).execute();
}

async function addWithdrawalPasswordAndWhitelistColumns(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('pay_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('pay_locked_until', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('pay_password_changed_at', 'bigint').execute();
  await db.schema
    .alterTable('users')
    .addColumn('address_whitelist', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('withdrawal_addresses')
    .addColumn('active_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['pay_failures', 'pay_locked_until', 'pay_password_changed_at', 'address_whitelist']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  await db.schema.alterTable('withdrawal_addresses').dropColumn('active_at').execute();
  for (const table of ['loan_orders', 'loan_products', 'wire_transfers', 'bank_withdrawals', 'withdrawals', 'deposits', 'uploads', 'coin_networks', 'coins']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
