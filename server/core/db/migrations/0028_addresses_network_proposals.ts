// A coin network's new deposit address, a new network, or switching deposits or withdrawals on
// waits here until a second operator approves it; customers read coin_networks only, so they
// never see a proposal. The proposer may be the CLI on the host (no operator id).
import { type Kysely, sql } from 'kysely';
import { withId } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('coin_network_proposals'))
    .addColumn('coin_id', 'integer', (c) => c.notNull().references('coins.id'))
    .addColumn('network', 'varchar(16)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('proposed_json', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('proposed_by', 'varchar(80)', (c) => c.notNull())
    .addColumn('proposer_operator_id', 'integer', (c) => c.references('operators.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_by', 'varchar(80)')
    .addColumn('decider_operator_id', 'integer', (c) => c.references('operators.id'))
    .addColumn('decided_at', 'bigint')
    .execute();
  // one waiting proposal per network: a second one is refused while the first waits
  await db.schema
    .createIndex('coin_network_proposals_open')
    .on('coin_network_proposals')
    .columns(['coin_id', 'network'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('coin_network_proposals').execute();
}
