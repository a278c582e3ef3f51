// The market leader's own database handle on PostgreSQL: every transaction it begins first
// checks that the instance still holds the leader lease with the token it was given (lease.ts
// holdsLease), and so does every write made outside a transaction (it is run in one). A leader
// that lost the lease (it paused, another instance took over) has every write refused with
// FencedOutError and nothing written. Reads outside transactions are not checked.
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  type PostgresDialectConfig,
  PostgresDriver,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { Database } from '../../core/db/types.ts';
import { postgresPool, rememberSchema, SchemaDialect, schemaFor } from '../../core/db/postgres.ts';
import { retryTransactionConflicts } from '../../core/db/retry.ts';
import { LEADER_LEASE } from './lease.ts';

/** The token the leader's writes carry; undefined while the instance does not lead. */
export interface Fence {
  token: number | undefined;
  /**
   * Called when the check fails: renews the lease, or takes it again when it only expired (this
   * instance stalled and nobody held it meanwhile); the check is then made with the token it leaves.
   */
  recover?: () => Promise<unknown>;
}

export class FencedOutError extends Error {
  constructor(token: number | undefined) {
    super(
      token === undefined
        ? 'This instance is not the market leader; the write was refused.'
        : `This instance lost the market leader lease (token ${token}); the write was refused.`,
    );
    this.name = 'FencedOutError';
  }
}

const checkQuery = (token: number) =>
  CompiledQuery.raw(
    `select 1 from cluster_lease where name = $1 and token = $2 and expires_at > (extract(epoch from clock_timestamp()) * 1000)::bigint for share`,
    [LEADER_LEASE, token],
  );

async function holds(connection: DatabaseConnection, token: number | undefined): Promise<boolean> {
  return token !== undefined && (await connection.executeQuery(checkQuery(token))).rows.length === 1;
}

async function checkFence(connection: DatabaseConnection, fence: Fence): Promise<void> {
  if (await holds(connection, fence.token)) return;
  if (fence.recover && fence.token !== undefined) {
    await fence.recover();
    if (await holds(connection, fence.token)) return;
  }
  throw new FencedOutError(fence.token);
}

const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode', 'RawNode']);

/** A pooled connection that knows whether it is in a transaction; a write outside one runs in a fenced one. */
class FencedConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly fence: Fence,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction || !WRITES.has(query.query.kind)) return this.inner.executeQuery<R>(query);
    await this.inner.executeQuery(CompiledQuery.raw('begin'));
    try {
      await checkFence(this.inner, this.fence);
      const result = await this.inner.executeQuery<R>(query);
      await this.inner.executeQuery(CompiledQuery.raw('commit'));
      return result;
    } catch (error) {
      await this.inner.executeQuery(CompiledQuery.raw('rollback')).catch(() => {});
      throw error;
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class FencedDriver extends PostgresDriver {
  readonly #wrapped = new WeakMap<DatabaseConnection, FencedConnection>();

  constructor(
    config: PostgresDialectConfig,
    private readonly fence: Fence,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await super.acquireConnection();
    let wrapped = this.#wrapped.get(inner);
    if (!wrapped) this.#wrapped.set(inner, (wrapped = new FencedConnection(inner, this.fence)));
    return wrapped;
  }

  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as FencedConnection;
    await super.beginTransaction(c.inner, settings);
    try {
      await checkFence(c.inner, this.fence);
    } catch (error) {
      // Kysely rolls back only a transaction that has begun: end this one here, or the pooled connection stays in it
      await super.rollbackTransaction(c.inner).catch(() => {});
      throw error;
    }
    c.inTransaction = true;
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as FencedConnection;
    c.inTransaction = false;
    await super.commitTransaction(c.inner);
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as FencedConnection;
    c.inTransaction = false;
    await super.rollbackTransaction(c.inner);
  }

  override async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await super.releaseConnection((connection as FencedConnection).inner as never);
  }
}

class FencedDialect extends SchemaDialect {
  constructor(
    private readonly config: PostgresDialectConfig,
    schema: string,
    private readonly fence: Fence,
  ) {
    super(config, schema);
  }

  override createDriver(): Driver {
    return new FencedDriver(this.config, this.fence);
  }
}

/** The leader's handle on the data dir's schema: a small pool of its own whose writes check `fence`. */
export function openFencedPostgres(url: string, dataDir: string, fence: Fence): Kysely<Database> {
  const db = new Kysely<Database>({ dialect: new FencedDialect({ pool: postgresPool(url, dataDir, 4) }, schemaFor(dataDir), fence) });
  // a job that loses a deadlock against a customer's request runs again, as a request does
  retryTransactionConflicts(db);
  return rememberSchema(db, dataDir);
}
