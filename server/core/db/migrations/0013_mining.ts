// Mining machines: machines the operator offers, the customers' orders with the machine's terms
// copied at purchase (they wait for review, then run for their term), and one payout row per
// (order, day) so a day's output is paid once. Money columns are TEXT integer units (10^-8);
// ratios are decimal strings; times are ms; flags 0/1.
import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('mining_machines'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('names', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('price_coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('price', 'text', (c) => c.notNull())
    .addColumn('output_coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('income_type', 'integer', (c) => c.notNull())
    .addColumn('daily_output', 'text', (c) => c.notNull())
    .addColumn('frozen_ratio', 'varchar(16)', (c) => c.notNull().defaultTo('0'))
    .addColumn('release_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('term_days', 'integer', (c) => c.notNull())
    .addColumn('max_quantity', 'text', (c) => c.notNull())
    .addColumn('reward_ratio', 'varchar(16)', (c) => c.notNull().defaultTo('0'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('mining_orders'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('machine_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'text', (c) => c.notNull())
    .addColumn('price_coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('price', 'text', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('output_coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('income_type', 'integer', (c) => c.notNull())
    .addColumn('daily_output', 'text', (c) => c.notNull())
    .addColumn('frozen_ratio', 'varchar(16)', (c) => c.notNull())
    .addColumn('release_days', 'integer', (c) => c.notNull())
    .addColumn('term_days', 'integer', (c) => c.notNull())
    .addColumn('reward_ratio', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('reward', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('reviewed_at', 'bigint')
    .addColumn('started_at', 'bigint')
    .addColumn('ends_at', 'bigint')
    .addColumn('days_paid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('output_paid', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('ended_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mining_orders_user').on('mining_orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('mining_orders_status').on('mining_orders').columns(['status', 'id']).execute();

  await withId(db, db.schema.createTable('mining_payouts'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('mining_orders.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('frozen', 'text', (c) => c.notNull())
    .addColumn('price', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('paid_at', 'bigint', (c) => c.notNull())
    .addColumn('release_at', 'bigint', (c) => c.notNull())
    .addColumn('released_at', 'bigint')
    .execute();
  await db.schema.createIndex('mining_payouts_order_day').on('mining_payouts').columns(['order_id', 'day']).unique().execute();
  await db.schema.createIndex('mining_payouts_release').on('mining_payouts').columns(['released_at', 'release_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mining_payouts').execute();
  await db.schema.dropTable('mining_orders').execute();
  await db.schema.dropTable('mining_machines').execute();
}
