// Fixed-term financing (staking): products the operator offers, the customers' orders with the
// product's terms copied at purchase, and one payout row per (order, day) so a day is paid once.
// Money columns are TEXT integer units (10^-8); rates are decimal-string ratios; times are ms.
import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('financing_products'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('names', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('daily_rate', 'varchar(16)', (c) => c.notNull())
    .addColumn('term_days', 'integer', (c) => c.notNull())
    .addColumn('cycle_days', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('min_amount', 'text', (c) => c.notNull())
    .addColumn('max_amount', 'text', (c) => c.notNull())
    .addColumn('penalty_rate', 'varchar(16)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('financing_orders'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('principal', 'text', (c) => c.notNull())
    .addColumn('daily_rate', 'varchar(16)', (c) => c.notNull())
    .addColumn('term_days', 'integer', (c) => c.notNull())
    .addColumn('penalty_rate', 'varchar(16)', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('days_paid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('earnings_paid', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('penalty', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('ended_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('financing_orders_user').on('financing_orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('financing_orders_status').on('financing_orders').columns(['status', 'id']).execute();

  await withId(db, db.schema.createTable('financing_payouts'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('financing_orders.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('financing_payouts_order_day').on('financing_payouts').columns(['order_id', 'day']).unique().execute();
  await db.schema.createIndex('financing_payouts_user').on('financing_payouts').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('financing_payouts').execute();
  await db.schema.dropTable('financing_orders').execute();
  await db.schema.dropTable('financing_products').execute();
}
