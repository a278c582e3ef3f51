// Hot statements compiled once. Kysely builds an operation tree and compiles it to SQL on every
// call (about 15 % of the server's CPU under order load); the order path's statements are the same
// text every time, only their values change. A compiled statement is built once per dialect with
// stand-in values, and each call runs that SQL with its own values put where the stand-ins were
// (Kysely's `compile()` and `executeQuery()`). The SQL text is then the same as before, so the
// SQLite statement cache and PostgreSQL's named statements keep working.
//
// The build function must only pass its arguments into the query as values (where, values, set):
// it is run once, with stand-ins, never with the caller's values.
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './types.ts';

type Tx = Kysely<Database>;

/** A stand-in value: unlike any value the app stores (a NUL byte, then the argument's position). */
const STAND_IN = '\u0000compiled-argument:';

interface Template {
  compiled: CompiledQuery;
  /** Per parameter of the SQL, the caller's argument it takes, or -1 for a constant of the query */
  from: number[];
}

function templateOf(compiled: CompiledQuery, count: number): Template {
  const from = compiled.parameters.map((p) => (typeof p === 'string' && p.startsWith(STAND_IN) ? Number(p.slice(STAND_IN.length)) : -1));
  for (let i = 0; i < count; i++) if (!from.includes(i)) throw new Error(`compiled query: argument ${i} is not a value of the query (${compiled.sql})`);
  return { compiled, from };
}

function bind(t: Template, values: readonly unknown[]): CompiledQuery {
  return { ...t.compiled, parameters: t.from.map((i, at) => (i < 0 ? t.compiled.parameters[at] : values[i])) };
}

const standIns = (count: number) => Array.from({ length: count }, (_, i) => `${STAND_IN}${i}`);

/** Templates by dialect (each Kysely instance's adapter, which its transactions share), then by shape. */
const templates = new WeakMap<object, Map<string, Template>>();

function cached(db: Tx, shape: string, count: number, compile: (values: unknown[]) => CompiledQuery): Template {
  const adapter = db.getExecutor().adapter;
  let byShape = templates.get(adapter);
  if (!byShape) templates.set(adapter, (byShape = new Map()));
  let t = byShape.get(shape);
  if (!t) byShape.set(shape, (t = templateOf(compile(standIns(count)), count)));
  return t;
}

let nextName = 0;

/**
 * A query compiled once per dialect: `const q = compiledQuery((db, id: number) => db.selectFrom(…).where('id', '=', id))`,
 * then `await q(db, 7)` (db may be a transaction). Answers Kysely's QueryResult.
 */
export function compiledQuery<A extends unknown[], O>(build: (db: Tx, ...args: A) => Compilable<O>): (db: Tx, ...args: A) => Promise<QueryResult<O>> {
  const shape = `q${nextName++}`;
  const count = build.length - 1;
  // the arguments are counted from the build's own parameters: one with a default or a rest is not counted
  return async (db, ...args) => {
    if (args.length !== count) throw new Error(`compiled query: ${args.length} arguments for a build of ${count}`);
    const t = cached(db, shape, count, (s) => build(db, ...(s as A)).compile());
    return db.executeQuery(bind(t, args)) as Promise<QueryResult<O>>;
  };
}

/**
 * A query over lists of rows (multi-row inserts), compiled once per dialect and per length of each
 * list: `build` gets lists of stand-in rows with the keys of the caller's rows (the rows of one
 * list must all have the same keys, and no list may be empty).
 */
export function compiledRowsQuery<L extends Record<string, unknown>[][], O>(
  build: (db: Tx, ...lists: L) => Compilable<O>,
): (db: Tx, ...lists: L) => Promise<QueryResult<O>> {
  const name = `r${nextName++}`;
  return async (db, ...lists) => {
    const keys = lists.map((rows) => Object.keys(rows[0]));
    const values: unknown[] = [];
    lists.forEach((rows, l) => {
      for (const row of rows) for (const k of keys[l]) values.push(row[k]);
    });
    const shape = `${name}:${lists.map((rows, l) => `${rows.length}:${keys[l].join(',')}`).join(';')}`;
    const t = cached(db, shape, values.length, (s) => {
      let at = 0;
      const standInLists = lists.map((rows, l) => rows.map(() => Object.fromEntries(keys[l].map((k) => [k, s[at++]]))));
      return build(db, ...(standInLists as L)).compile();
    });
    return db.executeQuery(bind(t, values)) as Promise<QueryResult<O>>;
  };
}
