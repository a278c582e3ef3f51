// The request a piece of work belongs to, carried through async calls (AsyncLocalStorage), so that
// every write transaction the handlers open (db.transaction().execute, wherever it is) can check it:
//
// - past the request's deadline, or once the client has gone, no transaction begins or commits:
//   the app gives up after 20 s (src/api/baseQuery.ts), and a write that lands after the customer
//   was told "timed out" is one they did not see happen;
// - the first transaction that commits runs the scope's `onFirstCommit` inside it (the idempotency
//   key's "written" mark, server/platform/http/idempotency.ts), atomically with the handler's own rows.
// Transactions outside any request (the scheduler's, start-up's) are not touched.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './db/index.ts';
import { ApiError } from './errors.ts';
import { ResultCode } from '../../contract/result-codes.ts';

/** How long the server works on a request: well inside the app's 20 s timeout, so the answer still reaches it. */
export const REQUEST_DEADLINE_MS = 15_000;
/** The client's own timeout: nothing of a request is still running this long after it arrived. */
export const CLIENT_TIMEOUT_MS = 20_000;

export interface RequestScope {
  /** Epoch ms (real clock) after which no transaction may begin or commit */
  deadline: number;
  /** Whether the client has closed the connection */
  gone: () => boolean;
  /** Runs inside the first transaction of the request that commits, before the commit */
  onFirstCommit?: (trx: Db) => Promise<void>;
}

const scopes = new AsyncLocalStorage<RequestScope>();

export function runInRequestScope<T>(scope: RequestScope, work: () => Promise<T>): Promise<T> {
  return scopes.run(scope, work);
}

export function currentRequestScope(): RequestScope | undefined {
  return scopes.getStore();
}

/** Answered when a request outlives its deadline or its client: nothing of it was written. */
export function requestAbandoned(): ApiError {
  return new ApiError(ResultCode.error, 'errors.timeout', null, undefined, 503);
}

function assertStillWanted(scope: RequestScope): void {
  if (Date.now() > scope.deadline || scope.gone()) throw requestAbandoned();
}

/** Throws requestAbandoned() when the current request is past its deadline or its client has gone (outside a request: nothing). */
export function assertRequestStillWanted(): void {
  const scope = scopes.getStore();
  if (scope) assertStillWanted(scope);
}

/**
 * Makes `db.transaction().execute(work)` honour the request scope (see the top of this file).
 * Patched on the instance because Kysely has no transaction hooks and the handlers open their
 * transactions themselves.
 */
export function guardTransactions(db: Db): void {
  const open = db.transaction.bind(db);
  db.transaction = () => {
    const builder = open();
    const execute = builder.execute.bind(builder);
    builder.execute = <T>(work: (trx: never) => Promise<T>): Promise<T> => {
      const scope = scopes.getStore();
      if (!scope) return execute(work as never);
      const onFirstCommit = scope.onFirstCommit;
      let marked = false;
      return execute(async (trx) => {
        // run again after a deadlock (db/retry.ts): the mark rolled back with the attempt that wrote it
        if (marked) scope.onFirstCommit = onFirstCommit;
        marked = false;
        assertStillWanted(scope);
        const result = await work(trx as never);
        assertStillWanted(scope);
        if (onFirstCommit && scope.onFirstCommit === onFirstCommit) {
          scope.onFirstCommit = undefined;
          marked = true;
          await onFirstCommit(trx);
        }
        return result;
      }).catch((error: unknown) => {
        // rolled back: the mark was not written either, so the next transaction of the request makes it
        if (onFirstCommit && scope.onFirstCommit === undefined) scope.onFirstCommit = onFirstCommit;
        throw error;
      });
    };
    return builder;
  };
}
