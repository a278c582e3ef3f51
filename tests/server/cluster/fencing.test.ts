// The leader lease's fencing on PostgreSQL: once the lease has expired or passed to another
// instance, every write of the old leader's fenced handle is refused and nothing of it is
// written, whether in a transaction or not; a take-over waits for a transaction the leader is
// in the middle of.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase, postgresUrl } from '../../../server/core/db/index.ts';
import { FencedOutError, openFencedPostgres, type Fence } from '../../../server/platform/cluster/fenced-db.ts';
import { acquireLease, LEADER_LEASE, renewLease } from '../../../server/platform/cluster/lease.ts';
import { startLeadership } from '../../../server/platform/cluster/leadership.ts';
import { tempDir } from '../helpers.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const row = (key: string) => ({ key, value: 'x', updated_at: 0 });

describe.skipIf(!postgresUrl())('leader fencing (PostgreSQL)', () => {
  const dir = tempDir();
  let db: Db;
  let old: Db;
  const fence: Fence = { token: undefined };

  beforeAll(async () => {
    db = openDatabase(dir);
    await migrateToLatest(db);
    old = openFencedPostgres(postgresUrl()!, dir, fence);
  });
  afterAll(async () => {
    await old.destroy();
    await db.destroy();
  });

  const keys = async () => (await db.selectFrom('settings').select('key').where('key', 'like', 'fence-%').orderBy('key').execute()).map((r) => r.key);

  it('lets the holder write, and refuses every write of a leader that paused past its lease', async () => {
    await expect(old.insertInto('settings').values(row('fence-0')).execute()).rejects.toThrow(FencedOutError); // never held it
    fence.token = await acquireLease(db, LEADER_LEASE, 'old', 300);
    expect(fence.token).toBeGreaterThan(0);
    await old.insertInto('settings').values(row('fence-1')).execute();
    await old.transaction().execute((trx) => trx.insertInto('settings').values(row('fence-2')).execute());

    await sleep(400); // the old leader "pauses" past its lease: nobody has taken it yet, still it may not write
    await expect(old.insertInto('settings').values(row('fence-3')).execute()).rejects.toThrow(FencedOutError);

    const next = await acquireLease(db, LEADER_LEASE, 'new', 5000);
    expect(next).toBe(fence.token! + 1);
    expect(await renewLease(db, LEADER_LEASE, fence.token!, 5000)).toBe(false);
    await expect(old.insertInto('settings').values(row('fence-4')).execute()).rejects.toThrow(FencedOutError);
    await expect(old.transaction().execute((trx) => trx.insertInto('settings').values(row('fence-5')).execute())).rejects.toThrow(FencedOutError);
    await expect(old.updateTable('settings').set({ value: 'changed' }).where('key', '=', 'fence-1').execute()).rejects.toThrow(FencedOutError);
    expect(await keys()).toEqual(['fence-1', 'fence-2']);
    expect((await db.selectFrom('settings').select('value').where('key', '=', 'fence-1').executeTakeFirst())?.value).toBe('x');
  });

  it('makes a take-over wait for the transaction the leader is in, never splitting it', async () => {
    await db.updateTable('cluster_lease').set({ expires_at: 0 }).execute();
    fence.token = await acquireLease(db, LEADER_LEASE, 'old', 300);
    let tookOver = 0;
    let committed = 0;
    await old.transaction().execute(async (trx) => {
      await trx.insertInto('settings').values(row('fence-6')).execute();
      void (async () => {
        await sleep(350); // the lease has expired meanwhile; the new holder must wait for this transaction
        await acquireLease(db, LEADER_LEASE, 'new', 5000);
        tookOver = Date.now();
      })();
      await sleep(600);
      committed = Date.now();
    });
    while (!tookOver) await sleep(20);
    expect(tookOver).toBeGreaterThanOrEqual(committed);
    expect(await keys()).toContain('fence-6');
  });

  it('keeps leading after a stall past the lease when nobody took it meanwhile, and stops when someone did', async () => {
    await db.updateTable('cluster_lease').set({ expires_at: 0 }).execute();
    const own: Fence = { token: undefined };
    let stopped = 0;
    const leading = await startLeadership({ db, instance: 'stalls', fence: own, ttlMs: 300, beatMs: 100, lead: async () => async () => void stopped++ });
    try {
      const first = own.token!;
      const until = Date.now() + 500;
      while (Date.now() < until); // the event loop stalls past the lease; nobody else wants it
      await sleep(250);
      expect(own.token).toBe(first + 1);
      expect(stopped).toBe(0);

      await db
        .updateTable('cluster_lease')
        .set({ holder: 'other', token: first + 5 })
        .execute(); // another instance took it meanwhile
      const until2 = Date.now() + 500;
      while (Date.now() < until2);
      await sleep(250);
      expect(stopped).toBe(1);
    } finally {
      await leading.close();
    }
  });
});
