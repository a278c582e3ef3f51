// Global set-up of the PostgreSQL server test run (vitest.pg.config.ts): refuses to run without
// DATABASE_URL and drops the schemas this run made (their names start with its prefix) at the end.
import pg from 'pg';

async function dropRunSchemas(): Promise<void> {
  const prefix = process.env.DATABASE_SCHEMA_PER_DATA_DIR;
  if (!prefix) return;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('select nspname as name from pg_namespace where starts_with(nspname, $1)', [prefix]);
    for (const { name } of rows) await client.query(`drop schema "${name}" cascade`);
  } finally {
    await client.end();
  }
}

export function setup(): () => Promise<void> {
  if (!process.env.DATABASE_URL?.startsWith('postgres')) throw new Error('The PostgreSQL test run needs DATABASE_URL=postgres://user@host:port/database');
  return dropRunSchemas;
}
