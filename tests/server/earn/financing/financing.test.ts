// Fixed-term financing (staking): the seeded products, purchases within the product's range
// with the principal frozen and the terms copied, every refusal writing nothing, the customer's
// orders, totals and payouts, the daily payouts (exact, once, caught up after downtime and a
// restart), maturity (principal back once) and early redemption (penalty exact, once).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runEarnWork } from '../../../../server/earn/jobs.ts';
import { DAY_MS } from '../../../../server/earn/products/earn-units.ts';
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

async function relogin(): Promise<void> {
  for (const u of [alice, bob]) {
    const r = await login(s.app, u.email, 'Secret-pass-123');
    expect(r.code, r.msg).toBe(0);
    u.token = r.data.token;
  }
}

async function balance(id: number, coin = 'USDT'): Promise<{ available: bigint; frozen: bigint }> {
  const row = await s.app.db.selectFrom('balances').select(['available', 'frozen']).where('user_id', '=', id).where('coin', '=', coin).executeTakeFirst();
  return { available: BigInt(row?.available ?? 0), frozen: BigInt(row?.frozen ?? 0) };
}

async function counts(): Promise<{ orders: number; ledger: number; payouts: number }> {
  const n = async (t: 'financing_orders' | 'ledger' | 'financing_payouts') =>
    Number(
      (
        await s.app.db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { orders: await n('financing_orders'), ledger: await n('ledger'), payouts: await n('financing_payouts') };
}

const buy = (token: string, body: Record<string, unknown>, lang?: string) =>
  call(s.app, 'POST', '/financing_order/createFinancing_order', { token, body, lang });
const redeem = (token: string, ID: unknown) => call(s.app, 'POST', '/financing_order/redemption', { token, body: { ID } });
const orders = (token: string, query: Record<string, string | number> = {}) => call(s.app, 'GET', '/financing_order/getFinancing_orderList', { token, query });
const orderOf = async (token: string, id: number): Promise<Loose> => (await orders(token, { pageSize: 100 })).data.list.find((o: Loose) => o.ID === id);
const job = () => runEarnWork({ db: s.app.db, market: s.app.market, now: c.now });

beforeAll(async () => {
  s = await startServer({ scheduler: false }, c);
  const a = await registerByEmail(s.app, 'alice-fin@example.com');
  const b = await registerByEmail(s.app, 'bob-fin@example.com');
  alice = { token: a.token, id: a.user.ID, email: 'alice-fin@example.com' };
  bob = { token: b.token, id: b.user.ID, email: 'bob-fin@example.com' };
  await adminDeposit(s.app.db, alice.id, 'USDT', '20000', c.now());
  await adminDeposit(s.app.db, bob.id, 'USDT', '1000', c.now());
});
afterAll(() => s.app.close());
afterEach(async () => {
  expect(await ledgerMismatches(s.app.db)).toEqual([]);
});

describe('GET /financing/getFinancingList and /financing/findFinancing', () => {
  it('lists the seeded products with their terms as terms', async () => {
    const r = await call(s.app, 'GET', '/financing/getFinancingList', { token: alice.token });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.total).toBe(3);
    expect(r.data.list[0]).toEqual({
      ID: 1,
      name: 'USDT 7-day staking',
      coin: 'USDT',
      decimals: 6,
      min: '100.000000',
      max: '10000.000000',
      dailyRate: '0.001',
      yearlyRate: '0.365',
      termDays: 7,
      cycleDays: 1,
      penaltyRate: '0.01',
      terms: msg('en', 'finance.terms', { rate: '0.1', cycle: 1, term: 7, penalty: '1' }),
    });
    const de = await call(s.app, 'GET', '/financing/findFinancing', { token: alice.token, query: { ID: 3 }, lang: 'de' });
    expect(de.data).toMatchObject({ ID: 3, name: 'BTC-Staking 14 Tage', coin: 'BTC', decimals: 8, min: '0.01000000', yearlyRate: '0.073' });
    const missing = await call(s.app, 'GET', '/financing/findFinancing', { token: alice.token, query: { ID: 99 } });
    expect(missing.code).toBe(7);
  });
});

describe('POST /financing_order/createFinancing_order', () => {
  it('refuses bad input with a valid session and writes nothing', async () => {
    const before = await counts();
    const bal = await balance(alice.id);
    const cases: [Record<string, unknown>, number, string | null][] = [
      [{ financing_id: 1 }, 7, null],
      [{ money: '100' }, 7, null],
      [{ financing_id: 'x', money: '100' }, 7, null],
      [{ financing_id: 99, money: '100' }, 7, msg('en', 'finance.productUnknown')],
      [{ financing_id: 1, money: '0' }, 4006, msg('en', 'finance.moneyMin', { limit: '100.00' })],
      [{ financing_id: 1, money: '-5' }, 7, null],
      [{ financing_id: 1, money: 1e21 }, 4018, null],
      [{ financing_id: 1, money: '1e3' }, 7, null],
      [{ financing_id: 1, money: '100.1234567' }, 7, null],
      [{ financing_id: 1, money: '99.99' }, 4006, msg('en', 'finance.moneyMin', { limit: '100.00' })],
      [{ financing_id: 1, money: '10000.01' }, 4018, msg('en', 'finance.moneyMax', { limit: '10000.00' })],
      [{ financing_id: 2, money: '20001' }, 4020, null],
    ];
    for (const [body, code, text] of cases) {
      const r = await buy(alice.token, body);
      expect(r.code, `${JSON.stringify(body)}: ${r.msg}`).toBe(code);
      expect(r.msg).not.toBe('');
      if (text) expect(r.msg).toBe(text);
    }
    // bob has 1000: product 2 (500 … 50000) for 900 is fine but 1500 is short
    const short = await buy(bob.token, { financing_id: 2, money: '1500' });
    expect(short.code).toBe(4020);
    expect(await counts()).toEqual(before);
    expect(await balance(alice.id)).toEqual(bal);
  });

  it('a closed product is refused; the decimals of the coin are named', async () => {
    expect((await runCli(['financing', 'close', '1'], s.dataDir)).code).toBe(0);
    const r = await buy(alice.token, { financing_id: 1, money: '100' });
    expect(r.code).toBe(7);
    expect((await runCli(['financing', 'open', '1'], s.dataDir)).code).toBe(0);
    const dec = await buy(alice.token, { financing_id: 1, money: '100.1234567' }, 'de');
    expect(dec.msg).toContain('6');
  });

  it('buys within the limits: the principal is frozen exactly and the terms are copied', async () => {
    const before = await balance(alice.id);
    const r = await buy(alice.token, { financing_id: 1, money: '1000.5' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({
      financing_id: 1,
      coin: 'USDT',
      money: '1000.500000',
      dailyRate: '0.001',
      termDays: 7,
      penaltyRate: '0.01',
      status: 1,
      earnings: '0.000000',
      daysPaid: 0,
    });
    expect(r.data.penalty).toBe('10.005000');
    expect(r.data).toMatchObject({ penaltyNow: '10.005000', penaltyPaid: '' });
    expect(r.data.redeemBack).toBe('990.495000');
    expect(r.data.dueAt).toBe(new Date(c.now() + 7 * DAY_MS).toISOString());
    const after = await balance(alice.id);
    expect(after.available).toBe(before.available - units('1000.5'));
    expect(after.frozen).toBe(before.frozen + units('1000.5'));
    // a later change of the product does not touch the order
    expect((await runCli(['financing', 'update', '1', 'dailyRate=0.002', 'penaltyRate=0.05'], s.dataDir)).code).toBe(0);
    const o = await orderOf(alice.token, r.data.ID);
    expect(o).toMatchObject({ dailyRate: '0.001', penaltyRate: '0.01' });
    expect((await runCli(['financing', 'update', '1', 'dailyRate=0.001', 'penaltyRate=0.01'], s.dataDir)).code).toBe(0);
  });

  it('a double submit with the same Idempotency-Key makes one order', async () => {
    const before = await counts();
    const send = () =>
      s.app.inject({
        method: 'POST',
        url: '/api/financing_order/createFinancing_order',
        headers: { 'x-token': alice.token, 'idempotency-key': 'fin-key-1' },
        payload: { financing_id: 2, money: '500' },
      });
    const [a, b] = await Promise.all([send(), send()]);
    const ids = [a.json(), b.json()].filter((j: Loose) => j.code === 0).map((j: Loose) => j.data.ID);
    expect(ids.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ids).size).toBe(1);
    expect((await counts()).orders).toBe(before.orders + 1);
  });
});

describe('orders, redemption and payouts', () => {
  it("another user's order is neither listed nor redeemable", async () => {
    const mine = (await orders(alice.token)).data.list[0];
    expect((await orders(bob.token)).data.list).toEqual([]);
    const before = await counts();
    const r = await redeem(bob.token, mine.ID);
    expect(r.code).toBe(7);
    expect(r.msg).toBe(msg('en', 'errors.notFound'));
    for (const bad of [undefined, 'x', 0, -1]) expect((await redeem(bob.token, bad)).code).toBe(7);
    expect(await counts()).toEqual(before);
  });

  it('pays each day exactly once, catching up, and returns the principal at maturity once', async () => {
    const r = await buy(bob.token, { financing_id: 1, money: '333.333333' });
    expect(r.code, r.msg).toBe(0);
    const id = r.data.ID;
    const start = await balance(bob.id);
    // 333.333333 × 0.001 = 0.333333333 → 0.333333 a day
    const daily = units('0.333333');
    c.advance(DAY_MS - 1);
    await job();
    expect((await balance(bob.id)).available).toBe(start.available);
    c.advance(1);
    await job();
    await job();
    expect((await balance(bob.id)).available).toBe(start.available + daily);
    c.advance(3 * DAY_MS + 5000);
    await job();
    await job();
    expect((await balance(bob.id)).available).toBe(start.available + 4n * daily);
    const payouts = await s.app.db.selectFrom('financing_payouts').select(['day', 'amount']).where('order_id', '=', id).orderBy('day').execute();
    expect(payouts.map((p) => [p.day, p.amount])).toEqual([1, 2, 3, 4].map((d) => [d, daily.toString()]));

    // a restart in the middle pays no day twice; it comes up just past maturity (day 7), so the
    // market has three days, not ten, to bring up to date at start
    await s.app.close();
    c.advance(3 * DAY_MS + 1000);
    s = await startServer({ dataDir: s.dataDir, scheduler: false }, c);
    await relogin();
    await job();
    await job();
    const end = await balance(bob.id);
    expect(end.available).toBe(start.available + 7n * daily + units('333.333333'));
    expect(end.frozen).toBe(start.frozen - units('333.333333'));
    const o = await orderOf(bob.token, id);
    expect(o).toMatchObject({
      status: 3,
      daysPaid: 7,
      earnings: '2.333331',
      penalty: '',
      penaltyNow: '',
      penaltyPaid: '',
      redeemBack: '',
      redeemable: false,
      nextPayoutAt: '',
    });
    const ledger = await s.app.db
      .selectFrom('ledger')
      .select('type')
      .where('ref_id', '=', id)
      .where('user_id', '=', bob.id)
      .where('type', 'in', ['finance_purchase', 'finance_earnings', 'finance_redemption', 'finance_penalty'])
      .execute();
    expect(ledger.filter((l) => l.type === 'finance_earnings')).toHaveLength(7);
    expect(ledger.filter((l) => l.type === 'finance_redemption')).toHaveLength(1);
    const again = await redeem(bob.token, id);
    expect(again.code).toBe(7);
    expect(again.msg).toBe(msg('en', 'finance.notInTerm', { id }));
  });

  it('redeems early: days due are paid, the penalty is exact, and a second redemption changes nothing', async () => {
    const r = await buy(alice.token, { financing_id: 2, money: '777.777777' });
    expect(r.code, r.msg).toBe(0);
    const id = r.data.ID;
    c.advance(2 * DAY_MS + 10);
    await relogin();
    const before = await balance(alice.id);
    const shown = await orderOf(alice.token, id);
    // 777.777777 × 0.03 = 23.33333331 → 23.333333; back 754.444444
    expect(shown).toMatchObject({ penalty: '23.333333', redeemBack: '754.444444', redeemable: true });
    const done = await redeem(alice.token, id);
    expect(done.code, done.msg).toBe(0);
    // 777.777777 × 0.0015 = 1.1666666655 → 1.166666 a day, 2 days due
    const after = await balance(alice.id);
    expect(after.available).toBe(before.available + 2n * units('1.166666') + units('754.444444'));
    expect(after.frozen).toBe(before.frozen - units('777.777777'));
    const o = await orderOf(alice.token, id);
    expect(o).toMatchObject({ status: 2, daysPaid: 2, penalty: '23.333333', penaltyNow: '', penaltyPaid: '23.333333', redeemBack: '', redeemable: false });
    const rowsOf = async () => ({
      payouts: (await s.app.db.selectFrom('financing_payouts').select('day').where('order_id', '=', id).execute()).length,
      ledger: (
        await s.app.db
          .selectFrom('ledger')
          .select('id')
          .where('ref_id', '=', id)
          .where('type', 'in', ['finance_purchase', 'finance_earnings', 'finance_redemption', 'finance_penalty'])
          .execute()
      ).length,
    });
    const n = await rowsOf();
    expect(n).toEqual({ payouts: 2, ledger: 1 + 2 + 2 });
    const twice = await redeem(alice.token, id);
    expect(twice.code).toBe(7);
    expect(twice.msg).toBe(msg('en', 'finance.notInTerm', { id }));
    // three more days would be due on an order still in its term: none is paid on a redeemed one
    c.advance(3 * DAY_MS);
    await relogin();
    await job();
    expect(await rowsOf()).toEqual(n);
  });

  it('lists orders by status, the totals and one row per payout', async () => {
    const ended = await orders(bob.token, { status: 3 });
    expect(ended.data.list.every((o: Loose) => o.status === 3)).toBe(true);
    const all = await orders(alice.token);
    const sum = await call(s.app, 'GET', '/financing_order/sum', { token: alice.token });
    expect(sum.code, sum.msg).toBe(0);
    const inTerm = all.data.list.filter((o: Loose) => o.status === 1);
    const principal = inTerm.reduce((a: bigint, o: Loose) => a + units(o.money), 0n);
    const earnings = all.data.list.reduce((a: bigint, o: Loose) => a + units(o.earnings), 0n);
    expect(sum.data.list).toHaveLength(1);
    expect(units(sum.data.list[0].principal)).toBe(principal);
    expect(units(sum.data.list[0].earnings)).toBe(earnings);
    const payouts = await call(s.app, 'GET', '/financing_order/earningsList', { token: bob.token, query: { pageSize: 100 } });
    expect(payouts.data.total).toBe(7);
    expect(payouts.data.list[0]).toMatchObject({ coin: 'USDT', day: 7, amount: '0.333333', name: 'USDT 7-day staking' });
    expect((await call(s.app, 'GET', '/financing_order/earningsList', { token: alice.token, query: { pageSize: 0 } })).code).toBe(7);
  });
});

describe('ops financing', () => {
  it('creates, updates, opens, closes and lists products; refuses bad terms', async () => {
    const ops = (...a: string[]) => runCli(a, s.dataDir);
    const made = await ops('financing', 'create', 'name=Test staking', 'coin=USDT', 'min=10', 'max=100', 'dailyRate=0.0005', 'termDays=3', 'penaltyRate=0');
    expect(made.code, made.out).toBe(0);
    expect(made.out).toContain('Created financing product 4');
    expect((await ops('financing', 'create', 'name=Bad', 'coin=USDT', 'min=10', 'max=100', 'dailyRate=0.5', 'termDays=3', 'penaltyRate=0')).code).toBe(1);
    expect((await ops('financing', 'create', 'name=Bad', 'coin=USDT', 'min=100', 'max=10', 'dailyRate=0.001', 'termDays=3', 'penaltyRate=0')).code).toBe(1);
    expect((await ops('financing', 'create', 'name=Bad', 'coin=XXX', 'min=1', 'max=10', 'dailyRate=0.001', 'termDays=3', 'penaltyRate=0')).code).toBe(1);
    expect((await ops('financing', 'close', '4')).out).toContain('closed');
    expect((await ops('financing', 'close', '4')).out).toContain('nothing changed');
    const list = await ops('financing', 'list');
    expect(list.out).toContain('Test staking');
    expect((await ops('financing', 'name', '4', 'de', 'Test-Staking')).out).toContain('"Test-Staking" in de');
    expect((await ops('financing', 'show')).code).toBe(1);
    expect((await ops('financing', 'name', '4', 'en', 'Test')).out).toMatch(/^lang: Choose a language other than English: de, /);
    expect((await ops('financing', 'name', '99', 'de', 'Nope')).out).toContain('There is no product with the id 99.');
    expect((await ops('financing', 'name', '4', 'de', '-')).out).toContain('English name in de');
    expect((await call(s.app, 'GET', '/financing/getFinancingList', { token: alice.token })).data.total).toBe(3);
  });
});
