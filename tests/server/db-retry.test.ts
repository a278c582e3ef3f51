// A transaction PostgreSQL gives up (deadlock 40P01, serialization failure 40001) runs again
// (server/core/db/retry.ts): its first attempt leaves nothing, the request's idempotency mark is
// written by the attempt that commits (server/core/request-scope.ts), other errors are not
// retried, and on PostgreSQL a real deadlock between two transactions ends with both done.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase } from '../../server/core/db/index.ts';
import { isPostgres } from '../../server/core/db/locks.ts';
import { retryTransactionConflicts } from '../../server/core/db/retry.ts';
import { guardTransactions, runInRequestScope } from '../../server/core/request-scope.ts';
import { tempDir } from './helpers.ts';

let db: Db;

beforeAll(async () => {
  db = openDatabase(tempDir());
  await migrateToLatest(db);
  // on PostgreSQL openDatabase already did; a second wrapper would only multiply the attempts
  if (!isPostgres(db)) retryTransactionConflicts(db);
  guardTransactions(db);
});
afterAll(() => db.destroy());

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
// notices serve as plain rows to write: their event names say which step wrote them
const noticeCount = async (event: string) => (await db.selectFrom('notices').select('id').where('event', '=', event).execute()).length;

function insertNotice(trx: Db, event: string) {
  return trx.insertInto('notices').values({ user_id: null, event, created_at: 0 }).execute();
}

describe('a transaction that loses a deadlock', () => {
  it('runs again: the first attempt rolls back, the second commits once', async () => {
    let attempts = 0;
    await db.transaction().execute(async (trx) => {
      attempts++;
      await insertNotice(trx, 'retried');
      if (attempts === 1) throw deadlock();
    });
    expect(attempts).toBe(2);
    expect(await noticeCount('retried')).toBe(1);
  });

  it('gives up after a few attempts, and other errors are not retried', async () => {
    let attempts = 0;
    await expect(
      db.transaction().execute(async () => {
        attempts++;
        throw deadlock();
      }),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(attempts).toBe(4);
    attempts = 0;
    await expect(
      db.transaction().execute(async () => {
        attempts++;
        throw new Error('insufficient balance');
      }),
    ).rejects.toThrow('insufficient balance');
    expect(attempts).toBe(1);
  });

  it("writes the request's first-commit mark again in the attempt that commits", async () => {
    let marks = 0;
    const scope = {
      deadline: Date.now() + 10_000,
      gone: () => false,
      // the deadlock comes after the work and the mark, as one at the commit would
      onFirstCommit: async (trx: Db) => {
        await insertNotice(trx, 'mark');
        if (++marks === 1) throw deadlock();
      },
    };
    await runInRequestScope(scope, () => db.transaction().execute((trx) => insertNotice(trx, 'work')));
    expect(marks).toBe(2);
    expect(await noticeCount('mark')).toBe(1);
    expect(await noticeCount('work')).toBe(1);
  });

  it.skipIf(!process.env.DATABASE_URL)('on PostgreSQL, two transactions locking two rows in opposite orders both finish', async () => {
    await insertNotice(db, 'left');
    await insertNotice(db, 'right');
    const lock = (trx: Db, event: string) => sql`select id from notices where event = ${event} for update`.execute(trx);
    let bothHoldOne!: () => void;
    let holding = 0;
    const met = new Promise<void>((resolve) => (bothHoldOne = resolve));
    const crossing = (first: string, second: string) =>
      db.transaction().execute(async (trx) => {
        await lock(trx, first);
        if (++holding === 2) bothHoldOne();
        await Promise.race([met, new Promise((resolve) => setTimeout(resolve, 500))]);
        await lock(trx, second);
      });
    await Promise.all([crossing('left', 'right'), crossing('right', 'left')]);
  });
});
