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

/** Most SQL texts given a prepared statement of their own; past it a text runs unnamed (parsed each time). */
const MAX_NAMED_STATEMENTS = 2000;
const statementNames = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `k${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Prepares each SQL text once per connection: Kysely sends every query unnamed, so PostgreSQL
 * parsed and planned each of an order's dozen statements anew. A named statement is parsed once
 * and then only bound and run (one order at a time: 4.2 ms → 3.2 ms).
 */
class PreparingClient extends pg.Client {
  // Kysely's driver calls query(sql, parameters); everything else (pg's own calls) passes as it is
  override query(...args: unknown[]): never {
    const [text, values] = args;
    const name = args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length > 0 ? statementName(text) : undefined;
    const run = super.query as (...a: unknown[]) => never;
    return name ? run.call(this, { name, text, values }) : run.apply(this, args);
  }
}

/**
 * The pool of a data dir's schema, made on the dialect's first use (it creates the schema first
 * when it is not `public`). `prepared`: statements are prepared once per connection (not for
 * migrations: a statement prepared before a migration changes its table would fail after).
 */
export function postgresPool(url: string, dataDir: string, max?: number, prepared = true): () => Promise<pg.Pool> {
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
      ...(prepared ? { Client: PreparingClient } : {}),
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

/** How to open a second handle on a database's schema without prepared statements (for its migrations). */
const unprepared = new WeakMap<object, () => Kysely<Database>>();

export function openPostgres(url: string, dataDir: string, prepared = true): Kysely<Database> {
  const db = new Kysely<Database>({ dialect: new SchemaDialect({ pool: postgresPool(url, dataDir, undefined, prepared) }, schemaFor(dataDir)) });
  unprepared.set(db, () => openPostgres(url, dataDir, false));
  return rememberSchema(db, dataDir);
}

/** A handle on the same schema whose statements are never prepared (undefined for SQLite); the caller destroys it. */
export function openUnprepared(db: Kysely<Database>): Kysely<Database> | undefined {
  return unprepared.get(db)?.();
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
