// PostgreSQL may end a transaction with a deadlock (40P01: two transactions each waiting for a row
// the other holds) or a serialization failure (40001). Locks are taken in a fixed order
// (locks.ts), so this should not happen; when it does, the transaction was rolled back whole and is
// run again, a few times, after a short random pause so that the two do not meet again. That is
// safe because a transaction's work only writes rows: the request's idempotency mark is one of
// them (request-scope.ts re-arms it for the next attempt), and nothing is sent before the commit.
import type { Kysely } from 'kysely';

const CONFLICTS = new Set(['40001', '40P01']);
const ATTEMPTS = 4;
const MAX_PAUSE_MS = 20;

/** Whether an error is PostgreSQL giving up a transaction that may succeed when run again. */
export function isTransactionConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CONFLICTS.has(code);
}

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * MAX_PAUSE_MS * attempt));

/** Makes every `db.transaction().execute(work)` run `work` again after a deadlock or serialization failure. */
export function retryTransactionConflicts<DB>(db: Kysely<DB>): void {
  const open = db.transaction.bind(db);
  db.transaction = () => {
    const builder = open();
    const execute = builder.execute.bind(builder);
    builder.execute = async <T>(work: Parameters<typeof execute<T>>[0]): Promise<T> => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await execute(work);
        } catch (error) {
          if (attempt >= ATTEMPTS || !isTransactionConflict(error)) throw error;
          await pause(attempt);
        }
      }
    };
    return builder;
  };
}
