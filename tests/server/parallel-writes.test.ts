// Writes at the same time (server/core/db/locks.ts, applyChanges in server/core/ledger.ts): on
// PostgreSQL transactions run side by side, so what one customer does at once must not overspend,
// while different customers' orders must not wait for each other; an IEO project is not oversold
// and a subscription that fits is not refused because another one was writing. On SQLite (one
// writer) the same checks hold; the one about running side by side is PostgreSQL's alone.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from '../../contract/decimal.ts';
import type { Db } from '../../server/core/db/index.ts';
import { isPostgres } from '../../server/core/db/locks.ts';
import { balanceOf } from '../../server/core/ledger.ts';
import { createIeoProject } from '../../server/earn/ieo/ieo-catalogue.ts';
import { buyIeo, DAY_MS } from '../../server/earn/ieo/ieo.ts';
import { adminDeposit, createFakeMarket, ledgerMismatches } from '../../server/composition/money.ts';
import type { AppContext } from '../../server/platform/http/context.ts';
import { startSession } from '../../server/platform/sessions/sessions.ts';
import { createUser } from '../../server/platform/sessions/users.ts';
import { call, clock, type Envelope, startServer, type TestServer } from './helpers.ts';

const c = clock();
const market = createFakeMarket(c.now);
let s: TestServer;
let db: Db;

beforeAll(async () => {
  market.setPrice('btcusdt', '60000.00');
  s = await startServer({ market, scheduler: false }, c);
  db = s.app.db;
});
afterAll(() => s.app.close());

let n = 0;
/** A customer holding `usdt`, signed in (no password: sessions are started directly). */
async function customer(usdt: string): Promise<{ id: number; token: string }> {
  const user = await createUser(db, { email: `parallel${++n}@example.com`, passwordHash: 'unused' }, c.now());
  await adminDeposit(db, user.id, 'USDT', usdt, c.now());
  return { id: user.id, token: await startSession(db, user.id, c.now()) };
}

const marketBuy = (token: string, musdt: string) => call(s.app, 'POST', '/bborder/upbbbuy', { token, body: { symbol: 'btcusdt', buytype: 'market', musdt } });

const within = <T>(ms: number, work: Promise<T>): Promise<T | 'timed out'> =>
  Promise.race([work, new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms))]);

const onPostgres = Boolean(process.env.DATABASE_URL);

/** How many connections wait for a row lock now, asked on a connection of its own (the pool's may all be waiting). */
async function waitingForLocks(): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const r = await client.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'");
    return r.rows[0].n;
  } finally {
    await client.end();
  }
}

/**
 * Runs `work` while a transaction holds the rows `hold` locks (PostgreSQL), releasing them once
 * the work's transactions queue behind it: they then all start from the same committed state, so
 * a write that does not lock what it read is caught every time, not now and then.
 */
async function contended<T>(hold: (trx: Db) => Promise<unknown>, queued: number, work: () => Promise<T>): Promise<T> {
  if (!onPostgres) return work();
  let held!: () => void;
  let release!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const holder = db.transaction().execute(async (trx) => {
    await hold(trx);
    held();
    await released;
  });
  await holding;
  const result = work();
  for (let i = 0; i < 150 && (await waitingForLocks()) < queued; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  release();
  await holder;
  return result;
}

const holdBalance = (userId: number, coin: string) => (trx: Db) =>
  trx.selectFrom('balances').select('user_id').where('user_id', '=', userId).where('coin', '=', coin).forUpdate().execute();

const exchangeToBtc = (token: string, num: string) => call(s.app, 'POST', '/recharge/exchange', { token, body: { from_coin: 'USDT', to_coin: 'BTC', num } });

describe('one customer, many orders at once', () => {
  it('10 market buys (the per-second order limit) each needing 60 % of the balance: exactly one is placed, the others answer 4020', async () => {
    const u = await customer('10000');
    // a BTC row already there: the first buy's new row would otherwise make the others wait for its commit
    await adminDeposit(db, u.id, 'BTC', '0.1', c.now());
    const results = await contended(holdBalance(u.id, 'USDT'), 8, () => Promise.all(Array.from({ length: 10 }, () => marketBuy(u.token, '6000'))));
    expect(results.filter((r) => r.code === 0).length).toBe(1);
    for (const r of results) expect([0, 4020]).toContain(r.code);
    expect((await balanceOf(db, u.id, 'USDT')).available).toBe(units('4000'));
    expect(await ledgerMismatches(db)).toEqual([]);
  });

  it('20 exchanges into a coin it never held, each of 60 % of the balance: exactly one, and the ledger sums', async () => {
    const u = await customer('10000');
    const results = await contended(holdBalance(u.id, 'USDT'), 8, () => Promise.all(Array.from({ length: 20 }, () => exchangeToBtc(u.token, '6000'))));
    // refused by the balance check before the transaction (7, "not more than the available") or by the locked one inside it (4020)
    expect(results.filter((r) => r.code === 0).length).toBe(1);
    for (const r of results) expect([0, 7, 4020]).toContain(r.code);
    expect((await balanceOf(db, u.id, 'USDT')).available).toBe(units('4000'));
    expect((await balanceOf(db, u.id, 'BTC')).available).toBe(units(results.find((r) => r.code === 0)!.data.received as string));
    expect(await ledgerMismatches(db)).toEqual([]);
  });
});

describe.skipIf(!onPostgres)('different customers at once (PostgreSQL)', () => {
  it("B's order completes while a transaction holds A's balance, and A's waits for it, seen waiting in pg_stat_activity", async () => {
    expect(isPostgres(db)).toBe(true);
    const a = await customer('1000');
    const b = await customer('1000');
    let held!: () => void;
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const holder = db.transaction().execute(async (trx) => {
      await trx.selectFrom('balances').select('user_id').where('user_id', '=', a.id).forUpdate().execute();
      held();
      await released;
    });
    await holding;
    let aAnswer: Envelope | undefined;
    const aOrder = marketBuy(a.token, '100').then((r) => (aAnswer = r));
    try {
      const bAnswer = await within(5000, marketBuy(b.token, '100'));
      expect(bAnswer === 'timed out' ? bAnswer : bAnswer.code).toBe(0);
      for (let i = 0; i < 100 && (await waitingForLocks()) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await waitingForLocks()).toBeGreaterThan(0);
      expect(aAnswer).toBeUndefined();
    } finally {
      release();
      await holder;
    }
    expect((await aOrder).code).toBe(0);
    for (const u of [a, b]) expect((await balanceOf(db, u.id, 'USDT')).available).toBeLessThan(units('1000'));
    expect(await ledgerMismatches(db)).toEqual([]);
  });
});

describe('an IEO project subscribed at once', () => {
  it('12 buyers of 100 with 1000 left: exactly 10 are served (none refused for writing at the same time), 2 refused with 4018, never oversold', async () => {
    const now = c.now();
    const p = await createIeoProject(
      db,
      {
        coin: 'DOT',
        name: 'Parallel round',
        start: new Date(now - DAY_MS).toISOString(),
        end: new Date(now + 2 * DAY_MS).toISOString(),
        total: '1000',
        price: '2',
        lockDays: '10',
        userCap: '500',
        min: '10',
        max: '300',
        decimals: '2',
      },
      now,
    );
    const buyers: { id: number; token: string }[] = [];
    for (let i = 0; i < 12; i++) buyers.push(await customer('1000'));
    const ctx = { db, now: c.now, market: s.app.market } as unknown as AppContext;
    const hold = (trx: Db) => trx.selectFrom('ieo_projects').select('id').where('id', '=', Number(p.id)).forUpdate().execute();
    const results = await contended(hold, 8, () => Promise.allSettled(buyers.map((u) => buyIeo(ctx, { id: u.id }, { pid: Number(p.id), num: '100' }, 'en'))));
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(10);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { code: number; key?: string }).code).toBe(4018);
    const row = await db.selectFrom('ieo_projects').select(['sold', 'total']).where('id', '=', Number(p.id)).executeTakeFirstOrThrow();
    expect(row.sold).toBe(row.total);
    expect(await ledgerMismatches(db)).toEqual([]);
  });
});
