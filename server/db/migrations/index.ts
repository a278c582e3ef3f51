// Migrations are listed here in order; the Migrator gets them from this in-code provider.
import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_init.ts';
import * as m0002 from './0002_trading.ts';

export const migrations: Record<string, Migration> = {
  '0001_init': m0001,
  '0002_trading': m0002,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
