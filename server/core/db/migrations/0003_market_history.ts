// Market history: the simulator's state per market, every bar it published (1-minute and
// daily bars; the other periods are sums of them) and the one-second prices futures settle
// from. Prices and amounts are TEXT integers (ticks and base units), as money is elsewhere.
// Futures orders get the reason of an invalid settlement. The operator-chosen market seed of
// `ops market-seed` (removed) is dropped: the seed is now secret and random per installation.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('market_state')
    .addColumn('symbol', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('genesis_sec', 'bigint', (c) => c.notNull())
    .addColumn('genesis_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('sec', 'bigint', (c) => c.notNull())
    .addColumn('x', 'text', (c) => c.notNull())
    .addColumn('price', 'text', (c) => c.notNull())
    .addColumn('rng_offset', 'bigint', (c) => c.notNull())
    .addColumn('minute_start', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('market_bars')
    .addColumn('symbol', 'varchar(16)', (c) => c.notNull())
    .addColumn('unit', 'varchar(8)', (c) => c.notNull())
    .addColumn('idx', 'bigint', (c) => c.notNull())
    .addColumn('open', 'text', (c) => c.notNull())
    .addColumn('high', 'text', (c) => c.notNull())
    .addColumn('low', 'text', (c) => c.notNull())
    .addColumn('close', 'text', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('vol', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('market_bars_pk', ['symbol', 'unit', 'idx'])
    .execute();

  await db.schema
    .createTable('market_ticks')
    .addColumn('symbol', 'varchar(16)', (c) => c.notNull())
    .addColumn('sec', 'bigint', (c) => c.notNull())
    .addColumn('price', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('market_ticks_pk', ['symbol', 'sec'])
    .execute();
  await db.schema.createIndex('market_ticks_sec').on('market_ticks').column('sec').execute();

  await db.schema
    .alterTable('futures_orders')
    .addColumn('reason', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db
    .deleteFrom('settings' as never)
    .where('key' as never, '=', 'market.seed' as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('futures_orders').dropColumn('reason').execute();
  for (const table of ['market_ticks', 'market_bars', 'market_state']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
