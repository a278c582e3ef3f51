// Mining machines: the seeded machines, sole and shared purchases with the price frozen exactly
// and the terms copied, every refusal writing nothing, review (approve takes the price and pays
// the purchase reward, reject unfreezes; deciding twice changes nothing), the daily output (once
// per day, caught up after downtime, frozen share released later, ends at term) and income type 1
// at the market price, paying nothing while there is no current price.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runEarnWork } from '../../../../server/earn/jobs.ts';
import { DAY_MS } from '../../../../server/earn/products/earn-units.ts';
import { runMiningJob } from '../../../../server/earn/mining/mining-output.ts';
import { miningReview } from '../../../../server/earn/mining/mining-review.ts';
import type { MarketData } from '../../../../server/platform/market/types.ts';
import { runCli } from '../../../../server/ops/cli.ts';
import { adminDeposit, ledgerMismatches } from '../../../../server/composition/money.ts';
import { call, clock, login, type Loose, msg, registerByEmail, startServer, type TestServer } from '../../helpers.ts';

const c = clock();
let s: TestServer;
type U = { token: string; id: number; email: string };
let alice: U;
let bob: U;

const units = (text: string) => {
  const [i, f = ''] = text.split('.');
  return BigInt(i) * 10n ** 8n + BigInt(f.padEnd(8, '0'));
};

async function balance(id: number, coin = 'USDT'): Promise<{ available: bigint; frozen: bigint }> {
  const row = await s.app.db.selectFrom('balances').select(['available', 'frozen']).where('user_id', '=', id).where('coin', '=', coin).executeTakeFirst();
  return { available: BigInt(row?.available ?? 0), frozen: BigInt(row?.frozen ?? 0) };
}

async function counts(): Promise<{ orders: number; ledger: number; payouts: number }> {
  const n = async (t: 'mining_orders' | 'ledger' | 'mining_payouts') =>
    Number(
      (
        await s.app.db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { orders: await n('mining_orders'), ledger: await n('ledger'), payouts: await n('mining_payouts') };
}

async function relogin(): Promise<void> {
  for (const u of [alice, bob]) {
    const r = await login(s.app, u.email, 'Secret-pass-123');
    expect(r.code, r.msg).toBe(0);
    u.token = r.data.token;
  }
}

/** The test server's market with `price` as the live price of every symbol; null: every price stale. */
function marketAt(price: string | null): MarketData {
  return new Proxy(s.app.market, {
    get(target, prop) {
      if (prop === 'price')
        return (symbol: string) => {
          if (price === null) throw new Error(`stale ${symbol}`);
          return price;
        };
      if (prop === 'isStale') return () => price === null;
      const v = Reflect.get(target, prop) as unknown;
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

const sole = (token: string, body: Record<string, unknown>, lang?: string) =>
  call(s.app, 'POST', '/mining_machine/buySingleMining_machine', { token, body, lang });
const share = (token: string, body: Record<string, unknown>, lang?: string) =>
  call(s.app, 'POST', '/mining_machine/buyShareMining_machine', { token, body, lang });
const orders = (token: string, query: Record<string, string | number> = {}) => call(s.app, 'GET', '/mining_machine_order/getMyorderList', { token, query });
const orderOf = async (id: number): Promise<Loose> => {
  await relogin(); // the test clock moves past the session's lifetime
  return (await orders(alice.token, { pageSize: 100 })).data.list.find((o: Loose) => o.ID === id);
};
const job = (price: string | null = '2000') => runMiningJob({ db: s.app.db, market: marketAt(price), now: c.now });

beforeAll(async () => {
  s = await startServer({ scheduler: false }, c);
  const a = await registerByEmail(s.app, 'alice-mine@example.com');
  const b = await registerByEmail(s.app, 'bob-mine@example.com');
  alice = { token: a.token, id: a.user.ID, email: 'alice-mine@example.com' };
  bob = { token: b.token, id: b.user.ID, email: 'bob-mine@example.com' };
  await adminDeposit(s.app.db, alice.id, 'USDT', '20000', c.now());
  await adminDeposit(s.app.db, bob.id, 'USDT', '100', c.now());
});
afterAll(() => s.app.close());
afterEach(async () => {
  expect(await ledgerMismatches(s.app.db)).toEqual([]);
});

describe('GET /mining_machine/getMining_machineList and findMining_machine', () => {
  it('lists the seeded machines with their terms, filters by type, finds one', async () => {
    const r = await call(s.app, 'GET', '/mining_machine/getMining_machineList', { token: alice.token });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.total).toBe(2);
    expect(r.data.list[0]).toMatchObject({
      ID: 1,
      name: 'BTC miner S19',
      type: 1,
      priceCoin: 'USDT',
      price: '1000.000000',
      outputCoin: 'BTC',
      // the buy form's preview rounds each day down to the output coin's decimals, as the job does
      outputDecimals: 8,
      incomeType: 2,
      dailyOutput: '0.0002',
      frozenRatio: '0.2',
      releaseDays: 7,
      termDays: 30,
      maxPerOrder: '10',
      rewardRatio: '0.01',
    });
    expect(r.data.list[0].terms).toContain(msg('en', 'mining.dailyCoins', { amount: '0.0002', coin: 'BTC' }));
    const shared = await call(s.app, 'GET', '/mining_machine/getMining_machineList', { token: alice.token, query: { type: 2 } });
    expect(shared.data.list.map((m: Loose) => m.ID)).toEqual([2]);
    const de = await call(s.app, 'GET', '/mining_machine/findMining_machine', { token: alice.token, query: { ID: 2 }, lang: 'de' });
    expect(de.data).toMatchObject({ ID: 2, name: 'Geteilte ETH-Anlage', type: 2, incomeType: 1, maxPerOrder: '50', outputDecimals: 8 });
    expect((await call(s.app, 'GET', '/mining_machine/findMining_machine', { token: alice.token, query: { ID: 99 } })).code).toBe(7);
  });
});

describe('purchases', () => {
  it('refuses bad input with a valid session and writes nothing', async () => {
    const before = await counts();
    const bal = await balance(alice.id);
    const soleCases: [Record<string, unknown>, number, string | null][] = [
      [{ id: 1 }, 7, null],
      [{ num: 1 }, 7, null],
      [{ id: 'x', num: 1 }, 7, null],
      [{ id: 99, num: 1 }, 7, msg('en', 'mining.machineUnknown')],
      [{ id: 2, num: 1 }, 7, msg('en', 'mining.soldInShares')],
      [{ id: 1, num: 0 }, 7, msg('en', 'mining.numInvalid')],
      [{ id: 1, num: '-1' }, 7, null],
      [{ id: 1, num: '1.5' }, 7, msg('en', 'mining.numInvalid')],
      [{ id: 1, num: '1e1' }, 7, null],
      [{ id: 1, num: 11 }, 4018, msg('en', 'mining.numMax', { limit: '10' })],
    ];
    for (const [body, code, text] of soleCases) {
      const r = await sole(alice.token, body);
      expect(r.code, `${JSON.stringify(body)}: ${r.msg}`).toBe(code);
      expect(r.msg).not.toBe('');
      if (text) expect(r.msg).toBe(text);
    }
    const shareCases: [Record<string, unknown>, number, string | null][] = [
      [{ id: 2, sharbltxt: '10' }, 7, null],
      [{ id: 1, sharbltxt: '10', gxfe: '1000' }, 7, msg('en', 'mining.soldWhole')],
      [{ id: 2, sharbltxt: '0', gxfe: '0' }, 7, msg('en', 'mining.shareInvalid')],
      [{ id: 2, sharbltxt: '10.123', gxfe: '1012.3' }, 7, null],
      [{ id: 2, sharbltxt: '150', gxfe: '15000' }, 4018, msg('en', 'mining.shareMax', { limit: '50' })],
      [{ id: 2, sharbltxt: '60', gxfe: '6000' }, 4018, msg('en', 'mining.shareMax', { limit: '50' })],
      [{ id: 2, sharbltxt: '25', gxfe: '2499' }, 7, msg('en', 'mining.shareAmountMismatch', { amount: '2500.000000 USDT' })],
      [{ id: 2, sharbltxt: '25', gxfe: '-2500' }, 7, null],
    ];
    for (const [body, code, text] of shareCases) {
      const r = await share(alice.token, body);
      expect(r.code, `${JSON.stringify(body)}: ${r.msg}`).toBe(code);
      expect(r.msg).not.toBe('');
      if (text) expect(r.msg).toBe(text);
    }
    expect((await sole(bob.token, { id: 1, num: 1 })).code).toBe(4020);
    expect((await share(bob.token, { id: 2, sharbltxt: '1.5', gxfe: '150' })).code).toBe(4020);
    expect((await sole(alice.token, { id: 1, num: 1.5 }, 'de')).msg).toBe(msg('de', 'mining.numInvalid'));
    expect(await counts()).toEqual(before);
    expect(await balance(alice.id)).toEqual(bal);
  });

  it('a closed machine is refused', async () => {
    expect((await runCli(['mining', 'close', '1'], s.dataDir)).code).toBe(0);
    expect((await sole(alice.token, { id: 1, num: 1 })).code).toBe(7);
    expect((await runCli(['mining', 'open', '1'], s.dataDir)).code).toBe(0);
  });

  it('buys whole machines and shares: the price is frozen exactly and the order waits for review', async () => {
    const before = await balance(alice.id);
    const a = await sole(alice.token, { id: 1, num: '2' });
    expect(a.code, a.msg).toBe(0);
    expect(a.data).toMatchObject({
      machine_id: 1,
      type: 1,
      num: '2',
      sharePercent: '',
      amount: '2000.000000',
      status: 2,
      outputCoin: 'BTC',
      dailyOutput: '0.0004',
      termDays: 30,
      startedAt: '',
    });
    const b = await share(alice.token, { id: 2, sharbltxt: 25, gxfe: '2500' });
    expect(b.code, b.msg).toBe(0);
    expect(b.data).toMatchObject({ machine_id: 2, type: 2, num: '', sharePercent: '25', amount: '2500.000000', status: 2, incomeType: 1, dailyOutput: '7.5' });
    const c2 = await share(alice.token, { id: 2, sharbltxt: '12.34', gxfe: '1234' });
    expect(c2.code, c2.msg).toBe(0);
    expect(await balance(alice.id)).toEqual({ available: before.available - units('5734'), frozen: before.frozen + units('5734') });
    const pending = await orders(alice.token, { status: 2 });
    expect(pending.data.total).toBe(3);
    expect((await orders(alice.token, { type: 2 })).data.total).toBe(2);
    expect((await orders(bob.token)).data.list).toEqual([]);
  });

  it('a double submit with the same Idempotency-Key makes one order', async () => {
    const before = await counts();
    const send = () =>
      s.app.inject({
        method: 'POST',
        url: '/api/mining_machine/buySingleMining_machine',
        headers: { 'x-token': alice.token, 'idempotency-key': 'mine-key-1' },
        payload: { id: 1, num: 1 },
      });
    const [a, b] = await Promise.all([send(), send()]);
    const ids = [a.json(), b.json()].filter((j: Loose) => j.code === 0).map((j: Loose) => j.data.ID);
    expect(new Set(ids).size).toBe(1);
    expect((await counts()).orders).toBe(before.orders + 1);
  });
});

describe('review', () => {
  it('reject unfreezes the price with the reason; deciding twice changes nothing', async () => {
    const before = await balance(alice.id);
    const ledger = (await counts()).ledger;
    const out = await runCli(['reject', 'mining', '3', 'Sold', 'out'], s.dataDir);
    expect(out.code, out.out).toBe(0);
    expect(out.out).toContain('Unfroze 1234.000000 USDT');
    expect(await balance(alice.id)).toEqual({ available: before.available + units('1234'), frozen: before.frozen - units('1234') });
    const again = await runCli(['approve', 'mining', '3'], s.dataDir);
    expect(again.out).toBe('Mining order 3 is already rejected (reason: Sold out); nothing changed.');
    expect((await counts()).ledger).toBe(ledger + 1);
    expect(await orderOf(3)).toMatchObject({ status: 3, reason: 'Sold out' });
    // the idempotent duplicate (order 4) is rejected too
    expect((await runCli(['reject', 'mining', '4', 'duplicate'], s.dataDir)).code).toBe(0);
  });

  it('approve takes the frozen price and pays the purchase reward, once', async () => {
    const before = await balance(alice.id);
    const ledger = (await counts()).ledger;
    const out = await miningReview.approve(s.app.db, 1, [], c.now());
    expect(out).toContain('Paid the purchase reward 20.000000 USDT');
    // 2000 leaves the frozen balance; 1 % of it comes back as the reward
    expect(await balance(alice.id)).toEqual({ available: before.available + units('20'), frozen: before.frozen - units('2000') });
    expect(await miningReview.approve(s.app.db, 1, [], c.now())).toBe('Mining order 1 is already running; nothing changed.');
    expect(await miningReview.reject(s.app.db, 1, 'no', c.now())).toBe('Mining order 1 is already running; nothing changed.');
    expect((await counts()).ledger).toBe(ledger + 2);
    const o = await orderOf(1);
    expect(o).toMatchObject({ status: 1, reward: '20.000000', daysPaid: 0 });
    expect(o.startedAt).toBe(new Date(c.now()).toISOString());
    const types = await s.app.db
      .selectFrom('ledger')
      .select(['type', 'amount', 'frozen_change'])
      .where('ref_id', '=', 1)
      .where('type', 'in', ['mining_purchase', 'mining_purchase_reward'])
      .orderBy('id')
      .execute();
    expect(types.map((t) => t.type)).toEqual(['mining_purchase', 'mining_purchase', 'mining_purchase_reward']);
    await miningReview.approve(s.app.db, 2, [], c.now());
    expect((await runCli(['reviews'], s.dataDir)).out).not.toContain('mining');
  });
});

describe('daily output', () => {
  it('pays each full day once (coin amount), catches up after downtime, releases the frozen share, ends at term', async () => {
    const btc = () => balance(alice.id, 'BTC');
    expect(await job()).toBe(0);
    c.advance(DAY_MS - 1);
    expect(await job()).toBe(0);
    c.advance(1);
    // order 1: day 1 of 2 machines × 0.0002 BTC; 20 % frozen. Order 2 (ETH) pays its day too.
    expect(await runEarnWork({ db: s.app.db, market: marketAt('2000'), now: c.now })).toBe(2);
    expect(await job()).toBe(0);
    expect(await btc()).toEqual({ available: units('0.00032'), frozen: units('0.00008') });
    // down for three days: days 2-4 of both orders are each paid once on the next run, and the
    // ETH order's day 1 frozen part is released (3 days after its day)
    c.advance(3 * DAY_MS);
    expect(await job()).toBe(7);
    expect(await job()).toBe(0);
    expect(await btc()).toEqual({ available: units('0.00128'), frozen: units('0.00032') });
    const rows = await s.app.db.selectFrom('mining_payouts').select(['day']).where('order_id', '=', 1).orderBy('day').execute();
    expect(rows.map((r) => r.day)).toEqual([1, 2, 3, 4]);
    // day 1's frozen part is released 7 days after day 1 (day 8)
    c.advance(4 * DAY_MS);
    await job();
    expect(await btc()).toEqual({ available: units('0.00256') + units('0.00008'), frozen: units('0.00064') - units('0.00008') });
    expect((await orderOf(1)).daysPaid).toBe(8);
    // the term is 30 days: after day 30 the order ends and pays nothing more
    c.advance(30 * DAY_MS);
    await job('2000');
    await job('2000');
    const o = await orderOf(1);
    expect(o).toMatchObject({ status: 4, daysPaid: 30, output: '0.01200000' });
    expect(await btc()).toEqual({ available: units('0.012'), frozen: 0n });
    const released = await s.app.db
      .selectFrom('ledger')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('ref_id', '=', 1)
      .where('type', '=', 'mining_earnings_frozen')
      .executeTakeFirstOrThrow();
    expect(Number(released.n)).toBe(30);
  });

  it('income type 1 converts the USDT value at the market price; without a price it pays nothing and retries', async () => {
    // order 2 (25 % of the ETH rig, 60 days) was paid at 2000 USDT/ETH so far: 7.5 USDT a day
    const paid = await s.app.db.selectFrom('mining_payouts').selectAll().where('order_id', '=', 2).orderBy('day').execute();
    expect(paid[0]).toMatchObject({ day: 1, amount: units('0.00375').toString(), frozen: units('0.000375').toString(), price: '2000' });
    const days = paid.length;
    const ethPayouts = async () =>
      Number(
        (
          await s.app.db
            .selectFrom('mining_payouts')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('order_id', '=', 2)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const ethTotal = async () => {
      const b = await balance(alice.id, 'ETH');
      return b.available + b.frozen;
    };
    const total = await ethTotal();
    c.advance(2 * DAY_MS);
    await job(null);
    // no current price: no ETH output (releases of frozen parts still happen), and the day waits
    expect(await ethPayouts()).toBe(days);
    expect(await ethTotal()).toBe(total);
    expect((await orderOf(2)).daysPaid).toBe(days);
    await job('3000');
    expect(await ethPayouts()).toBe(days + 2);
    expect(await ethTotal()).toBe(total + units('0.005'));
    const now = await s.app.db.selectFrom('mining_payouts').selectAll().where('order_id', '=', 2).where('day', '>', days).orderBy('day').execute();
    expect(now.map((p) => p.day)).toEqual([days + 1, days + 2]);
    expect(now[0]).toMatchObject({ amount: units('0.0025').toString(), frozen: units('0.00025').toString(), price: '3000' });
  });

  it('running the job after a restart pays nothing twice', async () => {
    await s.app.close();
    s = await startServer({ scheduler: false, dataDir: s.dataDir }, c);
    await relogin();
    const before = await counts();
    expect(await job()).toBe(0);
    expect(await counts()).toEqual(before);
  });
});

describe('ops mining', () => {
  it('creates, updates, closes and lists machines; refuses bad terms and writes nothing', async () => {
    const cli = (...args: string[]) => runCli(args, s.dataDir);
    const n = async () => (await s.app.db.selectFrom('mining_machines').selectAll().execute()).length;
    const before = await n();
    for (const bad of [
      ['mining', 'create', 'name=X1', 'type=sole'],
      ['mining', 'create', 'name=LTC box', 'type=both', 'price=100', 'outputCoin=BTC', 'incomeType=coin', 'dailyOutput=0.001', 'termDays=10', 'maxPerOrder=5'],
      ['mining', 'create', 'name=LTC box', 'type=sole', 'price=100', 'outputCoin=NOPE', 'incomeType=coin', 'dailyOutput=0.001', 'termDays=10', 'maxPerOrder=5'],
      ['mining', 'create', 'name=LTC box', 'type=sole', 'price=-1', 'outputCoin=BTC', 'incomeType=coin', 'dailyOutput=0.001', 'termDays=10', 'maxPerOrder=5'],
      [
        'mining',
        'create',
        'name=LTC box',
        'type=sole',
        'price=100',
        'outputCoin=BTC',
        'incomeType=coin',
        'dailyOutput=0.001',
        'termDays=10',
        'maxPerOrder=5',
        'frozenRatio=2',
      ],
      [
        'mining',
        'create',
        'name=LTC box',
        'type=shared',
        'price=100',
        'outputCoin=BTC',
        'incomeType=coin',
        'dailyOutput=0.001',
        'termDays=10',
        'maxPerOrder=150',
      ],
    ]) {
      const r = await cli(...bad);
      expect(r.code, r.out).toBe(1);
    }
    expect(await n()).toBe(before);
    const created = await cli(
      'mining',
      'create',
      'name=BNB box',
      'type=shared',
      'price=500',
      'outputCoin=BNB',
      'incomeType=value',
      'dailyOutput=2',
      'termDays=10',
      'maxPerOrder=20',
      'frozenRatio=0.5',
      'releaseDays=2',
    );
    expect(created.code, created.out).toBe(0);
    expect(created.out).toContain(
      '(shared): 500.000000 USDT a machine, 2 USDT worth of BNB a day per machine for 10 days, at most 20 % of a machine per order, 50 % frozen for 2 days',
    );
    const id = String(before + 1);
    expect((await cli('mining', 'update', id, 'maxPerOrder=30')).out).toContain('at most 30 % of a machine per order');
    expect((await cli('mining', 'close', id)).out).toContain('closed');
    expect((await cli('mining', 'close', id)).out).toContain('already closed; nothing changed');
    expect((await cli('mining', 'list')).out).toContain('"BNB box" (shared)');
    const listed = await call(s.app, 'GET', '/mining_machine/getMining_machineList', { token: alice.token });
    expect(listed.data.list.map((m: Loose) => m.name)).not.toContain('BNB box');
  });
});
