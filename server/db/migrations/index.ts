// Migrations are listed here in order; the Migrator gets them from this in-code provider.
import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_init.ts';
import * as m0002 from './0002_trading.ts';
import * as m0003 from './0003_market_history.ts';
import * as m0004 from './0004_idempotency.ts';
import * as m0005 from './0005_funds.ts';
import * as m0006 from './0006_product_names.ts';

export const migrations: Record<string, Migration> = {
  '0001_init': m0001,
  '0002_trading': m0002,
  '0003_market_history': m0003,
  '0004_idempotency': m0004,
  '0005_funds': m0005,
  '0006_product_names': m0006,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
