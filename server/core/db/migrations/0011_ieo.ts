// IEO projects and subscriptions (new-coin offerings), and referral rewards paid per subscription.
// Money columns are TEXT holding integer units (10^-8); times are epoch ms; flags are 0/1.
import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('ieo_projects'))
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('names', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('logo', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('decimals', 'integer', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('total', 'text', (c) => c.notNull())
    .addColumn('sold', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('price', 'text', (c) => c.notNull())
    .addColumn('price_coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('lock_days', 'integer', (c) => c.notNull())
    .addColumn('user_cap', 'text', (c) => c.notNull())
    .addColumn('order_min', 'text', (c) => c.notNull())
    .addColumn('order_max', 'text', (c) => c.notNull())
    .addColumn('prohibited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('ieo_orders'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('ieo_projects.id'))
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('payment', 'text', (c) => c.notNull())
    .addColumn('price', 'text', (c) => c.notNull())
    .addColumn('price_coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('lock_days', 'integer', (c) => c.notNull())
    .addColumn('thaw_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('released_at', 'bigint')
    .execute();
  await db.schema.createIndex('ieo_orders_user').on('ieo_orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('ieo_orders_due').on('ieo_orders').columns(['status', 'thaw_at']).execute();
  await db.schema.createIndex('ieo_orders_project_user').on('ieo_orders').columns(['project_id', 'user_id']).execute();

  // One row per (order, level): the unique key makes a reward payable once.
  await withId(db, db.schema.createTable('ieo_rewards'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('ieo_orders.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coin', 'varchar(16)', (c) => c.notNull())
    .addColumn('rate', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ieo_rewards_order_level').on('ieo_rewards').columns(['order_id', 'level']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ieo_rewards', 'ieo_orders', 'ieo_projects']) await db.schema.dropTable(table).ifExists().execute();
}
