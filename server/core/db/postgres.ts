// PostgreSQL through Kysely's PostgresDialect, used when DATABASE_URL is set. The schema, the
// migrations and the queries are the same as on SQLite; what differs is set here:
//  - int8 values (bigint columns: epoch ms, counts) come back as JS numbers, as SQLite returns
//    them; a value beyond 2^53 stays a string of digits rather than losing digits. numeric stays
//    a string. Money is TEXT holding integer units (contract/decimal.ts), so it is never parsed.
//  - transactions run side by side under READ COMMITTED: each read-then-write locks the rows it
//    changes (server/core/db/locks.ts; applyChanges locks the balances it changes) or writes
//    conditionally, and a transaction that loses a deadlock is run again (retry.ts).
//  - DATABASE_SCHEMA_PER_DATA_DIR=<prefix> (the PostgreSQL test run) gives each data dir a schema
//    of its own, so every test server starts empty and a restart on the same data dir finds its data.
import { createHash } from 'node:crypto';
import { type DatabaseIntrospector, Kysely, PostgresDialect, type PostgresDialectConfig, type SchemaMetadata, sql, type TableMetadata } from 'kysely';
import pg from 'pg';
import type { Database } from './types.ts';

const INT8_OID = 20;
const DEFAULT_SCHEMA = 'public';

/** An int8 as a number when exact (epoch ms and counts are far below 2^53), else its digits. */
export function parseInt8(text: string): number | string {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
}

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * The schema a data dir's tables live in: `public`, or under DATABASE_SCHEMA_PER_DATA_DIR=<prefix>
 * (the PostgreSQL test run) the prefix and a hash of the data dir.
 */
export function schemaFor(dataDir: string): string {
  const prefix = process.env.DATABASE_SCHEMA_PER_DATA_DIR;
  if (!prefix) return DEFAULT_SCHEMA;
  if (!/^[a-z][a-z0-9_]{0,40}$/.test(prefix)) throw new Error(`DATABASE_SCHEMA_PER_DATA_DIR must be a lower-case schema name prefix, not "${prefix}"`);
  return `${prefix}${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;
}

const schemas = new WeakMap<object, string>();

/** The schema of a database opened by openPostgres (undefined for SQLite). */
export function postgresSchemaOf(db: Kysely<Database>): string | undefined {
  return schemas.get(db);
}

/** The pool of a data dir's schema, made on the dialect's first use (it creates the schema first when it is not `public`). */
export function postgresPool(url: string, dataDir: string, max?: number): () => Promise<pg.Pool> {
  const schema = schemaFor(dataDir);
  return async () => {
    if (schema !== DEFAULT_SCHEMA) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create schema if not exists "${schema}"`);
      } finally {
        await client.end();
      }
    }
    const created = new pg.Pool({
      connectionString: url,
      types,
      ...(max ? { max } : {}),
      ...(schema === DEFAULT_SCHEMA ? {} : { options: `-c search_path=${schema}` }),
    });
    // an idle connection that drops (server restart) is replaced on next use; unhandled, the event would end the process
    created.on('error', (error) => console.error(`PostgreSQL: idle connection lost: ${error.message}`));
    return created;
  };
}

/** Remembers a Kysely instance's schema (for the migrator; postgresSchemaOf). */
export function rememberSchema(db: Kysely<Database>, dataDir: string): Kysely<Database> {
  schemas.set(db, schemaFor(dataDir));
  return db;
}

/**
 * Lists the tables of one schema. Kysely's own lists every column of every table of every schema
 * (with a sequence lookup per column), and its migrator asks it several times a start whether its
 * two tables exist: with the test run's hundreds of schemas that took seconds per start.
 */
class OneSchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly schema: string,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`select nspname as name from pg_catalog.pg_namespace where nspname = ${this.schema}`.execute(this.db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string }>`select tablename as name from pg_catalog.pg_tables where schemaname = ${this.schema}`.execute(this.db);
    return rows.map(({ name }) => ({ name, schema: this.schema, isView: false, columns: [] }));
  }

  async getMetadata(): Promise<{ tables: TableMetadata[] }> {
    return { tables: await this.getTables() };
  }
}

/** PostgreSQL confined to a data dir's schema: its pool sets the search path, its introspector looks only there. */
export class SchemaDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly schema: string,
  ) {
    super(config);
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OneSchemaIntrospector(db, this.schema);
  }
}

export function openPostgres(url: string, dataDir: string): Kysely<Database> {
  return rememberSchema(new Kysely<Database>({ dialect: new SchemaDialect({ pool: postgresPool(url, dataDir) }, schemaFor(dataDir)) }), dataDir);
}

/** Whether a server has created the tables of this data dir (its migration table exists). */
export async function postgresHasTables(url: string, dataDir: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_catalog.pg_tables where schemaname = $1 and tablename = 'kysely_migration'", [schemaFor(dataDir)]);
    return (found.rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}
