// Queries compiled once (server/core/db/compiled.ts), on SQLite by default and PostgreSQL under the
// pg run: each call runs the one compiled SQL with its own values, in or out of a transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase } from '../../server/core/db/index.ts';
import { compiledQuery, compiledRowsQuery } from '../../server/core/db/compiled.ts';
import { createUser } from '../../server/platform/sessions/users.ts';
import { tempDir } from './helpers.ts';

let db: Db;
let builds = 0;
const users: number[] = [];

const balanceOf = compiledQuery((d, userId: number, coin: string) => {
  builds++;
  return d.selectFrom('balances').select(['available', 'coin']).where('user_id', '=', userId).where('coin', '=', coin).where('frozen', '=', '0');
});

const insertBalances = compiledRowsQuery((d, rows: { user_id: number; coin: string; available: string; frozen: string; updated_at: number }[]) => {
  builds++;
  return d.insertInto('balances').values(rows);
});

const row = (userId: number, coin: string, available: string) => ({ user_id: userId, coin, available, frozen: '0', updated_at: 1 });

beforeAll(async () => {
  db = openDatabase(tempDir());
  await migrateToLatest(db);
  // balances refer to users
  for (const i of [1, 2]) users.push((await createUser(db, { email: `compiled${i}@example.com`, passwordHash: 'x' }, 1)).id);
});

afterAll(async () => {
  await db.destroy();
});

describe('compiled queries', () => {
  it('compiles once and runs with each call’s values, keeping the query’s own constants', async () => {
    builds = 0;
    await insertBalances(db, [row(users[0], 'USDT', '5'), row(users[0], 'BTC', '7')]);
    await insertBalances(db, [row(users[1], 'USDT', '9'), row(users[1], 'BTC', '11')]);
    expect(builds).toBe(1);
    expect((await balanceOf(db, users[0], 'USDT')).rows).toEqual([{ available: '5', coin: 'USDT' }]);
    expect((await balanceOf(db, users[1], 'BTC')).rows).toEqual([{ available: '11', coin: 'BTC' }]);
    expect((await balanceOf(db, -1, 'BTC')).rows).toEqual([]);
    expect(builds).toBe(2);
  });

  it('compiles a rows query once per row count', async () => {
    builds = 0;
    await insertBalances(db, [row(users[0], 'ETH', '1')]);
    await insertBalances(db, [row(users[1], 'ETH', '2')]);
    await insertBalances(db, [row(users[0], 'TRX', '3'), row(users[1], 'TRX', '4'), row(users[0], 'DOT', '5')]);
    expect(builds).toBe(2);
    expect((await balanceOf(db, users[1], 'TRX')).rows).toEqual([{ available: '4', coin: 'TRX' }]);
    expect((await balanceOf(db, users[0], 'DOT')).rows).toEqual([{ available: '5', coin: 'DOT' }]);
  });

  it('runs in the caller’s transaction', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await insertBalances(trx, [row(users[0], 'LTC', '8')]);
        expect((await balanceOf(trx, users[0], 'LTC')).rows).toEqual([{ available: '8', coin: 'LTC' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await balanceOf(db, users[0], 'LTC')).rows).toEqual([]);
  });

  it('refuses a build that does not pass an argument into the query as a value', async () => {
    const unused = compiledQuery((d, _coin: string) => d.selectFrom('balances').select('coin').where('coin', '=', 'USDT'));
    await expect(unused(db, 'BTC')).rejects.toThrow(/argument 0 is not a value of the query/);
  });
});
