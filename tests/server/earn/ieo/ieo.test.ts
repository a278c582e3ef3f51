// IEO: the project list and detail, POST /issue/buySubmit within the project's limits (payment,
// frozen coins and the three referral levels, all exact and in one transaction), every refusal
// with a valid session writing nothing, idempotent double submits, concurrent buys that never
// oversell, the subscription records, and the thaw: released exactly once, also after a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUnits, mul, roundTo, units } from '../../../../contract/decimal.ts';
import type { Db } from '../../../../server/core/db/index.ts';
import type { AppContext } from '../../../../server/platform/http/context.ts';
import { buyIeo, DAY_MS } from '../../../../server/earn/ieo/ieo.ts';
import { runEarnWork } from '../../../../server/earn/jobs.ts';
import { createIeoProject } from '../../../../server/earn/ieo/ieo-catalogue.ts';
import { ieoCommand } from '../../../../server/earn/ieo/ieo-ops.ts';
import { runDueWork } from '../../../../server/composition/money.ts';
import { applyChanges, balanceOf as rawBalance, ledgerMismatches } from '../../../../server/core/ledger.ts';
import { call, clock, msg, registerByEmail, startServer, type TestServer, refusalText } from '../../helpers.ts';

const c = clock();
let s: TestServer;
let db: Db;
const U = (v: string) => units(v);
const balanceOf = async (d: Db, id: number, coin: string) => {
  const b = await rawBalance(d, id, coin);
  return { available: b.available, frozen: b.frozen };
};

beforeAll(async () => {
  s = await startServer({}, c);
  db = s.app.db;
});
afterAll(() => s.app.close());

async function credit(userId: number, coin: string, amount: string) {
  await db.transaction().execute((trx) => applyChanges(trx, [{ userId, coin, type: 'admin_deposit', available: U(amount), frozen: 0n, refId: null }], c.now()));
}

let n = 0;
async function user(invitationCode?: string) {
  n++;
  const r = await registerByEmail(s.app, `ieo${n}@example.com`, 'Secret-pass-123', invitationCode);
  return { token: r.token as string, id: r.user.ID as number, code: r.user.invitationCode as string };
}

/** A live DOT project: 2 USDT a coin, 10–300 per order, 500 per user, 1000 in all, frozen 10 days after the end. */
async function project(over: Record<string, string> = {}) {
  const now = c.now();
  return createIeoProject(
    db,
    {
      coin: 'DOT',
      name: 'Test round',
      start: new Date(now - DAY_MS).toISOString(),
      end: new Date(now + 2 * DAY_MS).toISOString(),
      total: '1000',
      price: '2',
      lockDays: '10',
      userCap: '500',
      min: '10',
      max: '300',
      decimals: '2',
      ...over,
    },
    now,
  );
}

const buy = (token: string, body: unknown, key?: string) =>
  key === undefined
    ? call(s.app, 'POST', '/issue/buySubmit', { token, body })
    : s.app
        .inject({ method: 'POST', url: '/api/issue/buySubmit', headers: { 'x-token': token, 'idempotency-key': key }, payload: body as object })
        .then((r) => r.json());

async function counts() {
  const q = async (t: 'ieo_orders' | 'ieo_rewards' | 'ledger') =>
    Number(
      (
        await db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { orders: await q('ieo_orders'), rewards: await q('ieo_rewards'), ledger: await q('ledger') };
}

const sold = async (id: number) => (await db.selectFrom('ieo_projects').select('sold').where('id', '=', id).executeTakeFirstOrThrow()).sold;

describe('subscribing', () => {
  let a: Awaited<ReturnType<typeof user>>;
  let b: typeof a;
  let cc: typeof a;
  let d: typeof a;
  let pid: number;

  beforeAll(async () => {
    a = await user();
    b = await user(a.code);
    cc = await user(b.code);
    d = await user(cc.code);
    await credit(d.id, 'USDT', '1000');
    pid = Number((await project()).id);
  });

  it('lists the seeded demo projects and the new one with their state and my limits', async () => {
    const r = await call(s.app, 'GET', '/issue/list', { token: d.token, query: { page: 1, pageSize: 20 } });
    expect(r.code, r.msg).toBe(0);
    const states = r.data.list.map((p: { state: number }) => p.state);
    expect(states).toEqual([...states].sort((x: number, y: number) => ({ 2: 0, 1: 1, 3: 2 })[x]! - { 2: 0, 1: 1, 3: 2 }[y]!));
    expect(new Set(states)).toEqual(new Set([1, 2, 3]));
    const mine = r.data.list.find((p: { ID: number }) => p.ID === pid);
    expect(mine).toMatchObject({
      coin: 'DOT',
      total: '1000.00',
      sold: '0.00',
      price: '2.000000',
      priceCoin: 'USDT',
      lockDays: 10,
      orderMin: '10.00',
      orderMax: '300.00',
      userCap: '500.00',
      myRemaining: '500.00',
      maxNow: '300.00',
      state: 2,
      open: true,
    });
    expect(mine.thawAt).toBe(new Date(c.now() + 12 * DAY_MS).toISOString());
    const detail = await call(s.app, 'GET', '/issue/detail', { token: d.token, query: { ID: pid }, lang: 'de-DE' });
    expect(detail.code).toBe(0);
    expect(detail.data.terms).toContain('2 USDT');
    expect(detail.data.timing).toBe(
      msg('de-DE', 'ieo.timing.endsIn', { days: 2, hours: 0, minutes: 1 }).replace('1 Min', detail.data.timing.match(/(\d+) Min/)![1] + ' Min'),
    );
    expect((await call(s.app, 'GET', '/issue/detail', { token: d.token, query: { ID: 999999 } })).code).toBe(7);
  });

  it('takes the payment, credits the coins frozen and pays three referral levels, exactly', async () => {
    const demoBefore = await counts();
    const r = await buy(d.token, { pid, num: '100' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({
      pid,
      coin: 'DOT',
      amount: '100.00',
      payment: '200.000000',
      status: 1,
      lockDays: 10,
      thawAt: new Date(c.now() + 12 * DAY_MS).toISOString(),
    });
    expect(await balanceOf(db, d.id, 'USDT')).toEqual({ available: U('800'), frozen: 0n });
    expect(await balanceOf(db, d.id, 'DOT')).toEqual({ available: 0n, frozen: U('100') });
    expect((await balanceOf(db, cc.id, 'USDT')).available).toBe(U('10'));
    expect((await balanceOf(db, b.id, 'USDT')).available).toBe(U('6'));
    expect((await balanceOf(db, a.id, 'USDT')).available).toBe(U('2'));
    const after = await counts();
    expect(after.orders - demoBefore.orders).toBe(1);
    expect(after.rewards - demoBefore.rewards).toBe(3);
    const types = await db
      .selectFrom('ledger')
      .select(['type', 'user_id', 'frozen_change'])
      .where('ref_id', '=', r.data.ID)
      .where('type', 'in', ['ieo_subscribe', 'ieo_reward_1', 'ieo_reward_2', 'ieo_reward_3'])
      .orderBy('id')
      .execute();
    expect(types.map((t) => t.type)).toEqual(['ieo_subscribe', 'ieo_subscribe', 'ieo_reward_1', 'ieo_reward_2', 'ieo_reward_3']);
    expect(types[1].frozen_change).toBe(U('100').toString());
    expect(await sold(pid)).toBe(U('100').toString());
    expect(await ledgerMismatches(db)).toEqual([]);
  });

  it('refuses bad input and every limit with a clear message, writing nothing', async () => {
    const before = await counts();
    const usdt = await balanceOf(db, d.id, 'USDT');
    const cases: [unknown, number, string?][] = [
      [{ pid }, 7, msg(undefined, 'ieo.numRequired')],
      [{ num: '20' }, 7, msg(undefined, 'ieo.projectRequired')],
      [{ pid: 'x', num: '20' }, 7],
      [{ pid, num: '0' }, 4006],
      [{ pid, num: '-5' }, 7],
      [{ pid, num: '1e2' }, 7],
      [{ pid, num: 'abc' }, 7],
      [{ pid, num: '12.345' }, 7],
      [{ pid, num: '5' }, 4006, msg(undefined, 'ieo.numMin', { limit: '10.00' })],
      [{ pid, num: '301' }, 4018, msg(undefined, 'ieo.numMax', { limit: '300.00' })],
      [{ pid: 999999, num: '20' }, 7, msg(undefined, 'ieo.projectUnknown')],
    ];
    for (const [body, code, text] of cases) {
      const r = await buy(d.token, body);
      expect(r.code, JSON.stringify(body)).toBe(code);
      if (text) expect(r.msg).toBe(text);
    }
    // the user cap: 100 bought, 500 allowed; 300 more leaves 100, so 150 is refused naming 100
    expect((await buy(d.token, { pid, num: '300' })).code).toBe(0);
    const afterCap = await counts();
    const capped = await buy(d.token, { pid, num: '150' });
    expect(capped.code).toBe(4018);
    expect(capped.msg).toBe(msg(undefined, 'ieo.numMax', { limit: '100.00' }));
    expect(await counts()).toEqual(afterCap);
    expect(afterCap.orders - before.orders).toBe(1);
    expect((await balanceOf(db, d.id, 'USDT')).available).toBe(usdt.available - U('600'));
    expect(await ledgerMismatches(db)).toEqual([]);
  });

  it('answers 4020 on an insufficient balance, saying how many coins it pays for, and writes nothing', async () => {
    const poor = await user(d.code);
    await credit(poor.id, 'USDT', '19.99');
    const before = await counts();
    const r = await buy(poor.token, { pid, num: '10' });
    expect(r.code).toBe(4020);
    expect(r).toMatchObject({ msg: msg(undefined, 'ieo.numAvailable', { limit: '9.99' }), data: { field: 'num' } });
    expect(await counts()).toEqual(before);
    expect(await balanceOf(db, poor.id, 'USDT')).toEqual({ available: U('19.99'), frozen: 0n });
    expect((await balanceOf(db, d.id, 'USDT')).available).toBe(U('200'));
  });

  it('refuses an upcoming, an ended and a closed project, naming why', async () => {
    const now = c.now();
    const upcoming = await project({ start: new Date(now + DAY_MS).toISOString(), end: new Date(now + 3 * DAY_MS).toISOString() });
    const ended = await project({ start: new Date(now - 3 * DAY_MS).toISOString(), end: new Date(now - DAY_MS).toISOString() });
    const closed = await project();
    expect(await ieoCommand(db, ['close', String(closed.id)], now)).toMatch(/closed/);
    expect(await ieoCommand(db, ['close', String(closed.id)], now)).toMatch(/already closed; nothing changed/);
    const before = await counts();
    const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    expect(await buy(d.token, { pid: upcoming.id, num: '10' })).toMatchObject({ code: 7, msg: msg(undefined, 'ieo.notStarted', { start: utc(now + DAY_MS) }) });
    expect(await buy(d.token, { pid: ended.id, num: '10' })).toMatchObject({ code: 7, msg: msg(undefined, 'ieo.ended', { end: utc(now - DAY_MS) }) });
    expect(await buy(d.token, { pid: closed.id, num: '10' })).toMatchObject({ code: 7, msg: msg(undefined, 'ieo.closed') });
    expect(await counts()).toEqual(before);
    // the project says so before anyone taps Subscribe: the form is off with the reason
    const blockOf = async (id: number) => (await call(s.app, 'GET', '/issue/detail', { token: d.token, query: { ID: id } })).data.block;
    expect(await blockOf(Number(upcoming.id))).toEqual({ reason: 'ieoNotStarted', until: now + DAY_MS, link: null });
    expect(await blockOf(Number(ended.id))).toEqual({ reason: 'ieoEnded', until: now - DAY_MS, link: null });
    expect(await blockOf(Number(closed.id))).toEqual({ reason: 'ieoPaused', until: null, link: null });
    expect(await blockOf(pid)).toBeNull();
  });

  it('says a project is sold out, or the caller’s cap reached, when less than the minimum is left', async () => {
    const soldOut = await project({ total: '1000' });
    await db
      .updateTable('ieo_projects')
      .set({ sold: U('995').toString() })
      .where('id', '=', Number(soldOut.id))
      .execute();
    const blockOf = async (id: number) => (await call(s.app, 'GET', '/issue/detail', { token: d.token, query: { ID: id } })).data.block;
    expect(await blockOf(Number(soldOut.id))).toEqual({ reason: 'ieoSoldOut', until: null, link: null });
    const capped = await project({ userCap: '15' });
    const e = await user();
    await credit(e.id, 'USDT', '20');
    expect((await buy(e.token, { pid: capped.id, num: '10' })).code).toBe(0);
    const blockFor = async (token: string, id: number) => (await call(s.app, 'GET', '/issue/detail', { token, query: { ID: id } })).data.block;
    expect(await blockFor(e.token, Number(capped.id))).toEqual({ reason: 'ieoCapReached', until: null, link: null });
    expect(await blockOf(Number(capped.id))).toBeNull();
  });

  it('makes one order of a double submit with the same Idempotency-Key', async () => {
    const e = await user();
    await credit(e.id, 'USDT', '100');
    const before = await counts();
    const [r1, r2] = await Promise.all([buy(e.token, { pid, num: '20' }, 'ieo-key-1'), buy(e.token, { pid, num: '20' }, 'ieo-key-1')]);
    expect(r1.code).toBe(0);
    expect(r2).toEqual(r1);
    expect((await counts()).orders - before.orders).toBe(1);
    expect((await balanceOf(db, e.id, 'USDT')).available).toBe(U('60'));
  });

  it('shows only my subscriptions, with the status filter and the profit at the market price', async () => {
    const r = await call(s.app, 'GET', '/issue/issueRecordList', { token: d.token, query: { page: 1, pageSize: 20, status: 1 } });
    expect(r.code).toBe(0);
    expect(r.data.total).toBe(2);
    const o = r.data.list.find((x: { amount: string }) => x.amount === '100.00');
    const value = roundTo(mul(U('100'), U(s.app.market.price('dotusdt')), 'down'), 6, 'down');
    expect(o.profit).toBe(formatUnits(value - U('200'), 6));
    expect((await call(s.app, 'GET', '/issue/issueRecordList', { token: d.token, query: { status: 2 } })).data.total).toBe(0);
    const other = await call(s.app, 'GET', '/issue/issueRecordList', { token: a.token, query: {} });
    expect(other.data.total).toBe(0);
  });
});

describe('concurrency', () => {
  it('never sells more than the total to simultaneous buyers', async () => {
    const p = await project({ total: '1000', max: '300', userCap: '300' });
    const buyers = [];
    for (let i = 0; i < 6; i++) {
      const u = await user();
      await credit(u.id, 'USDT', '600');
      buyers.push(u);
    }
    const results = await Promise.all(buyers.map((u) => buy(u.token, { pid: p.id, num: '300' })));
    const ok = results.filter((r) => r.code === 0).length;
    expect(ok).toBe(3);
    for (const r of results.filter((x) => x.code !== 0)) expect(r.code).toBe(4018);
    expect(await sold(Number(p.id))).toBe(U('900').toString());
    const orders = await db.selectFrom('ieo_orders').select('id').where('project_id', '=', p.id).execute();
    expect(orders.length).toBe(3);
    // which three win is up to the database (PostgreSQL does not keep arrival order); two refused buyers try again
    const [fifth, sixth] = buyers.filter((_, i) => results[i].code !== 0);
    const last = await buy(fifth.token, { pid: p.id, num: '100' });
    expect(last.code).toBe(0);
    expect((await buy(sixth.token, { pid: p.id, num: '10' })).code).toBe(4018);
    expect(await sold(Number(p.id))).toBe(U('1000').toString());
    expect(await ledgerMismatches(db)).toEqual([]);
  });

  it('refuses with 4018 what simultaneous subscriptions past the live-limit check would oversell', async () => {
    const p = await project({ total: '1000', max: '300', userCap: '300' });
    const ctx = { db, now: c.now, market: s.app.market } as unknown as AppContext;
    const buyers = [];
    for (let i = 0; i < 5; i++) {
      const u = await user();
      await credit(u.id, 'USDT', '600');
      buyers.push(u);
    }
    const results = await Promise.allSettled(buyers.map((u) => buyIeo(ctx, { id: u.id }, { pid: Number(p.id), num: '300' }, 'en')));
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(3);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { code: number }).code).toBe(4018);
    expect(await sold(Number(p.id))).toBe(U('900').toString());
    expect(await ledgerMismatches(db)).toEqual([]);
  });
});

describe('thaw', () => {
  it('releases the coins at the thaw time exactly once, also after a restart', async () => {
    const c2 = clock(c.now());
    const s2 = await startServer({}, c2);
    try {
      const u = (await registerByEmail(s2.app, 'thaw@example.com')) as { token: string; user: { ID: number } };
      const db2 = s2.app.db;
      await db2
        .transaction()
        .execute((trx) =>
          applyChanges(trx, [{ userId: u.user.ID, coin: 'USDT', type: 'admin_deposit', available: U('100'), frozen: 0n, refId: null }], c2.now()),
        );
      const p = await createIeoProject(
        db2,
        {
          coin: 'NEWC',
          name: 'Thaw test',
          start: new Date(c2.now() - DAY_MS).toISOString(),
          end: new Date(c2.now() + DAY_MS).toISOString(),
          total: '100',
          price: '1',
          lockDays: '3',
          userCap: '50',
          min: '1',
          max: '50',
        },
        c2.now(),
      );
      const r = await call(s2.app, 'POST', '/issue/buySubmit', { token: u.token, body: { pid: p.id, num: 40 } });
      expect(r.code, r.msg).toBe(0);
      const thawAt = c2.now() + 4 * DAY_MS;
      expect(r.data.thawAt).toBe(new Date(thawAt).toISOString());
      const ctx = () => ({ db: s2.app.db, market: s2.app.market, now: c2.now });
      c2.advance(thawAt - c2.now() - 1);
      expect(await runEarnWork(ctx())).toBe(0);
      expect(await balanceOf(db2, u.user.ID, 'NEWC')).toEqual({ available: 0n, frozen: U('40') });
      c2.advance(1);
      expect(await runEarnWork(ctx())).toBe(1);
      expect(await runEarnWork(ctx())).toBe(0);
      await runDueWork(ctx());
      expect(await balanceOf(db2, u.user.ID, 'NEWC')).toEqual({ available: U('40'), frozen: 0n });
      const order = await db2.selectFrom('ieo_orders').selectAll().where('id', '=', r.data.ID).executeTakeFirstOrThrow();
      expect(order.status).toBe(2);
      expect(Number(order.released_at)).toBe(thawAt);
      const history = await call(s2.app, 'GET', '/issue/issueRecordList', { token: u.token, query: { status: 2 } });
      expect(history.data.list[0]).toMatchObject({ status: 2, releasedAt: new Date(thawAt).toISOString(), profit: '0.000000', profitRatio: '0.0000' });
      expect(await ledgerMismatches(db2)).toEqual([]);

      // a second order thaws while the server is down; the restarted server releases it once
      const p2 = await createIeoProject(
        db2,
        {
          coin: 'NEWD',
          name: 'Restart test',
          start: new Date(c2.now() - DAY_MS).toISOString(),
          end: new Date(c2.now() + DAY_MS).toISOString(),
          total: '100',
          price: '1',
          lockDays: '0',
          userCap: '50',
          min: '1',
          max: '50',
        },
        c2.now(),
      );
      expect((await call(s2.app, 'POST', '/issue/buySubmit', { token: u.token, body: { pid: p2.id, num: '10' } })).code).toBe(0);
      await s2.app.close();
      c2.advance(5 * DAY_MS);
      const s3 = await startServer({ dataDir: s2.dataDir }, c2);
      try {
        const ctx3 = { db: s3.app.db, market: s3.app.market, now: c2.now };
        // two runs at once (both see the order due): it is released once
        await Promise.all([runDueWork(ctx3), runEarnWork(ctx3), runEarnWork(ctx3)]);
        expect(await balanceOf(s3.app.db, u.user.ID, 'NEWD')).toEqual({ available: U('10'), frozen: 0n });
        expect(await balanceOf(s3.app.db, u.user.ID, 'NEWC')).toEqual({ available: U('40'), frozen: 0n });
        const releases = await s3.app.db.selectFrom('ledger').select('ref_id').where('type', '=', 'asset_release').where('user_id', '=', u.user.ID).execute();
        expect(releases.length).toBe(2);
        expect(await ledgerMismatches(s3.app.db)).toEqual([]);
      } finally {
        await s3.app.close();
      }
    } finally {
      await s2.app.close().catch(() => undefined);
    }
  });
});

describe('ops ieo', () => {
  it('creates, checks, updates, opens and lists projects; orders keep their terms', async () => {
    const now = c.now();
    const args = [
      'coin=ABC',
      'name=Ops round',
      'start=2025-01-10T00:00',
      'end=2025-01-20T00:00',
      'total=1000',
      'price=0.5',
      'lockDays=5',
      'userCap=100',
      'min=1',
      'max=50',
    ];
    const created = await ieoCommand(db, ['create', ...args], now);
    expect(created).toMatch(/^Created IEO project (\d+) "Ops round" \(ABC\): 1000\.00000000 ABC from 2025-01-10T00:00 to 2025-01-20T00:00 UTC/);
    const id = created.match(/project (\d+)/)![1];
    expect(await refusalText(ieoCommand(db, ['create', ...args.slice(1)], now))).toMatch(/^coin: Still to fill in: coin/);
    expect(await refusalText(ieoCommand(db, ['create', ...args, 'min=60'], now))).toMatch(/min is given twice/);
    expect(await refusalText(ieoCommand(db, ['update', id, 'min=60'], now))).toMatch(/^min: The minimum \(60\) must not be above the maximum \(50/);
    expect(await refusalText(ieoCommand(db, ['update', id, 'end=2025-01-01'], now))).toMatch(/^end: The end must be after the start/);
    expect(await refusalText(ieoCommand(db, ['update', id, 'price=0.0000001'], now))).toMatch(/^price: At most 6 decimals/);
    expect(await refusalText(ieoCommand(db, ['update', id, 'priceCoin=NOPE'], now))).toMatch(/^priceCoin: There is no coin NOPE in the coin table/);
    expect(await refusalText(ieoCommand(db, ['update', '999999', 'min=2'], now))).toMatch(/There is no product with the id 999999/);
    expect(await ieoCommand(db, ['update', id, 'lockDays=9'], now)).toMatch(/9 days after the end[\s\S]*existing ones keep theirs/);
    expect(await ieoCommand(db, ['open', id], now)).toMatch(/already open; nothing changed/);
    expect(await ieoCommand(db, ['list'], now)).toMatch(new RegExp(`${id}\\s+ABC\\s+Ops round.*live`));
  });
});
