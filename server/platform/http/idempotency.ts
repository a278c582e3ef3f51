// Idempotent create requests (issue 10). An authenticated POST or PUT that carries an
// `Idempotency-Key` header runs at most once per user and key within 24 hours:
//
// - the first request inserts a pending row (primary key user_id + key) before its handler
//   runs; the handler's first committing transaction marks it "written" in that same transaction
//   (server/core/request-scope.ts), and its result is stored ("done") when it succeeds. When the
//   handler fails before writing, the row is removed and a retry runs again;
// - a row left pending by a process that died (or a request abandoned at its deadline) is
//   released once the client's timeout has passed since it began: a replay then runs the request
//   (nothing of it was written). A row left "written" without a result (the process died between
//   the commit and storing the answer) answers idempotency.alreadyDone and never runs again;
// - a repeat with the same key and the same request returns the stored result (the same
//   envelope) and writes nothing; one sent while the first still runs waits for it;
// - the same key with another method, path or body is refused: code 7 idempotency.keyReused;
// - keys older than 24 hours (by the injected clock) are expired: the key may be used again,
//   and old rows are purged at most once a minute.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../core/db/index.ts';
import { ApiError, validationError } from '../../core/errors.ts';
import { CLIENT_TIMEOUT_MS, currentRequestScope, requestAbandoned } from '../../core/request-scope.ts';
import { ResultCode } from '../../../contract/result-codes.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const PURGE_EVERY_MS = 60_000;
/** How long a repeat waits for a first request that another process (or a crashed one) holds. */
const WAIT_MS = 15_000;
const POLL_MS = 20;

/** The request's Idempotency-Key, undefined when none was sent; code 7 idempotency.keyInvalid when malformed. */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) throw validationError('Idempotency-Key', 'idempotency.keyInvalid');
  return raw;
}

/** JSON with object keys sorted, so the order a client writes its fields in does not matter. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests "the same": method, route and body. */
export function fingerprintOf(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonical(body ?? null)}`)
    .digest('hex');
}

/**
 * Marks this request's own pending row, in the handler's transaction. A row another instance
 * released as abandoned meanwhile (and perhaps a replay took) is not ours: the handler's writes
 * roll back instead of landing beside the replay's.
 */
async function markWritten(trx: Db, userId: number, key: string, createdAt: number): Promise<void> {
  const marked = await trx
    .updateTable('idempotency_keys')
    .set({ status: 'written' })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('status', '=', 'pending')
    .where('created_at', '=', createdAt)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) throw requestAbandoned();
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class IdempotencyStore {
  /** First requests running in this process, by user and key: repeats wait on them. */
  private readonly running = new Map<string, Promise<void>>();
  private lastPurge = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** Deletes keys older than 24 hours; returns how many. */
  async purgeExpired(): Promise<number> {
    const result = await this.db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<=', this.now() - IDEMPOTENCY_TTL_MS)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private async purgeNowAndThen(): Promise<void> {
    const now = this.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    await this.purgeExpired();
  }

  /** Runs `work` once for this user and key; a repeat of the same request gets the first result. */
  async run(userId: number, key: string, fingerprint: string, work: () => Promise<unknown>): Promise<unknown> {
    await this.purgeNowAndThen();
    const id = `${userId}\u0000${key}`;
    const waitUntil = Date.now() + WAIT_MS;
    for (;;) {
      const now = this.now();
      const inserted = await this.db
        .insertInto('idempotency_keys')
        .values({ user_id: userId, key, fingerprint, status: 'pending', response: null, created_at: now, completed_at: null })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return this.first(id, { userId, key, createdAt: now }, work);

      const row = await this.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
      if (!row) continue; // the first request failed and let the key go: run this one
      if (Number(row.created_at) <= now - IDEMPOTENCY_TTL_MS) {
        await this.db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).where('created_at', '=', row.created_at).execute();
        continue;
      }
      if (row.fingerprint !== fingerprint) throw new ApiError(ResultCode.error, 'idempotency.keyReused', { field: 'Idempotency-Key' });
      if (row.status === 'done') return JSON.parse(row.response ?? 'null') as unknown;
      const running = this.running.get(id);
      const abandoned = !running && Number(row.created_at) <= now - CLIENT_TIMEOUT_MS;
      if (abandoned && row.status === 'written') throw new ApiError(ResultCode.error, 'idempotency.alreadyDone', { field: 'Idempotency-Key' });
      if (abandoned) {
        await this.db
          .deleteFrom('idempotency_keys')
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .where('status', '=', 'pending')
          .where('created_at', '=', row.created_at)
          .execute();
        continue;
      }
      if (running) await running;
      else if (Date.now() < waitUntil) await sleep(POLL_MS);
      else throw new ApiError(ResultCode.error, 'idempotency.inProgress', { field: 'Idempotency-Key' });
    }
  }

  private async first(id: string, mine: { userId: number; key: string; createdAt: number }, work: () => Promise<unknown>): Promise<unknown> {
    const { userId, key } = mine;
    let settle = () => {};
    this.running.set(
      id,
      new Promise<void>((resolve) => {
        settle = resolve;
      }),
    );
    const row = this.db.updateTable('idempotency_keys').where('user_id', '=', userId).where('key', '=', key);
    const scope = currentRequestScope();
    if (scope) scope.onFirstCommit = (trx) => markWritten(trx, userId, key, mine.createdAt);
    try {
      const result = (await work()) ?? null;
      await row.set({ status: 'done', response: JSON.stringify(result), completed_at: this.now() }).execute();
      return result;
    } catch (error) {
      // a handler that failed after a commit keeps its "written" mark: a retry must not write again
      await this.db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).where('status', '=', 'pending').execute();
      throw error;
    } finally {
      this.running.delete(id);
      settle();
    }
  }
}
