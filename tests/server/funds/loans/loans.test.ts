// Loans: the products (seeded, operator-managed), applications within a product's range with its
// terms copied, the customer's loans with the interest owed so far computed at read time with the
// server clock, and the review kind "loan": approve (pays out, loan_disbursement), reject with a
// reason, deciding twice, and repayments (loan_repayment) up to what is owed.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../../server/funds/loans/loan-interest.ts';
import { loanReview } from '../../../../server/funds/loans/loan-review.ts';
import { runCli } from '../../../../server/ops/cli.ts';
import { adminDeposit, ledgerMismatches } from '../../../../server/composition/money.ts';
import { call, clock, login, type Loose, msg, registerByEmail, startServer, type TestServer, verifyIdentity, refusalText } from '../../helpers.ts';

const c = clock();
let s: TestServer;
let alice: { token: string; id: number; email: string };
let bob: { token: string; id: number; email: string };

/** Moves the clock on; sessions last 7 days, so both users log in again. */
async function advance(ms: number): Promise<void> {
  c.advance(ms);
  for (const u of [alice, bob]) {
    const r = await login(s.app, u.email, 'Secret-pass-123');
    expect(r.code, r.msg).toBe(0);
    u.token = r.data.token;
  }
}

const units = (text: string) => {
  const [i, f = ''] = text.split('.');
  return BigInt(i) * 10n ** 8n + BigInt(f.padEnd(8, '0'));
};

async function available(id: number, coin: string): Promise<bigint> {
  const row = await s.app.db.selectFrom('balances').select('available').where('user_id', '=', id).where('coin', '=', coin).executeTakeFirst();
  return BigInt(row?.available ?? 0);
}

async function counts(): Promise<{ orders: number; ledger: number }> {
  const o = await s.app.db
    .selectFrom('loan_orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const l = await s.app.db
    .selectFrom('ledger')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return { orders: Number(o.n), ledger: Number(l.n) };
}

const apply = (token: string, body: Record<string, unknown>, lang?: string) => call(s.app, 'POST', '/loan_order/createLoan_order', { token, body, lang });
const orders = (token: string, query: Record<string, string | number> = {}) => call(s.app, 'GET', '/loan_order/getLoan_orderList', { token, query });
const orderOf = async (token: string, id: number): Promise<Loose> => (await orders(token, { pageSize: 100 })).data.list.find((o: Loose) => o.ID === id);
const products = (token: string, query: Record<string, string | number> = {}) => call(s.app, 'GET', '/loan/getLoanList', { token, query });

beforeAll(async () => {
  s = await startServer({ scheduler: false }, c);
  const a = await registerByEmail(s.app, 'alice-loan@example.com');
  const b = await registerByEmail(s.app, 'bob-loan@example.com');
  alice = { token: a.token, id: a.user.ID, email: 'alice-loan@example.com' };
  bob = { token: b.token, id: b.user.ID, email: 'bob-loan@example.com' };
  for (const u of [alice, bob]) await verifyIdentity(s.app.db, u.id);
});
afterAll(() => s.app.close());
afterEach(async () => {
  expect(await ledgerMismatches(s.app.db)).toEqual([]);
});

describe('GET /loan/getLoanList and /loan/findLoan', () => {
  it('lists the seeded products with their terms, paged', async () => {
    const r = await products(alice.token);
    expect(r.code, r.msg).toBe(0);
    expect(r.data.total).toBe(3);
    expect(r.data.list[0]).toEqual({
      ID: 1,
      name: 'Quick USDT loan',
      coin: 'USDT',
      decimals: 6,
      min: '100.000000',
      max: '5000.000000',
      freeDays: 7,
      dailyRate: '0.0005',
      termDays: 30,
      // 5000 × 0.0005 × (30 − 7) = 57.5
      terms: msg('en', 'loan.terms', { rate: '0.05', free: 7, term: 30, max: '5000', coin: 'USDT', interest: '57.5' }),
    });
    expect(r.data.list[2]).toMatchObject({ name: 'BTC loan', coin: 'BTC', decimals: 8, min: '0.01000000', max: '2.00000000', dailyRate: '0.0002' });
    const page = await products(alice.token, { page: 2, pageSize: 2 });
    expect(page.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.data.list.map((p: Loose) => p.ID)).toEqual([3]);
    const de = await call(s.app, 'GET', '/loan/findLoan', { token: alice.token, lang: 'de', query: { ID: 1 } });
    expect(de.data.terms).toBe(msg('de', 'loan.terms', { rate: '0.05', free: 7, term: 30, max: '5000', coin: 'USDT', interest: '57.5' }));
    expect(de.data.terms).toContain('57,5');
  });

  it('a closed product, or one whose coin the operator disabled, is neither listed nor found', async () => {
    expect((await runCli(['loan', 'close', '2'], s.dataDir)).code).toBe(0);
    expect((await runCli(['coin', 'disable', 'BTC'], s.dataDir)).code).toBe(0);
    try {
      const r = await products(alice.token);
      expect(r.data.list.map((p: Loose) => p.ID)).toEqual([1]);
      expect(r.data.total).toBe(1);
      for (const ID of [2, 3, 999]) {
        const f = await call(s.app, 'GET', '/loan/findLoan', { token: alice.token, query: { ID } });
        expect(f).toMatchObject({ code: 7, msg: msg('en', 'errors.notFound') });
      }
      const a = await apply(alice.token, { loan_id: 2, amount: '6000' });
      expect(a).toMatchObject({ code: 7, data: { field: 'loan_id' }, msg: msg('en', 'loan.productUnknown') });
    } finally {
      await runCli(['loan', 'open', '2'], s.dataDir);
      await runCli(['coin', 'enable', 'BTC'], s.dataDir);
    }
  });

  it('refuses bad paging and ids with a valid session', async () => {
    expect(await products(alice.token, { pageSize: 0 })).toMatchObject({ code: 7, data: { field: 'pageSize' } });
    expect(await call(s.app, 'GET', '/loan/findLoan', { token: alice.token, query: { ID: 'x' } })).toMatchObject({ code: 7, data: { field: 'ID' } });
  });
});

describe('POST /loan_order/createLoan_order', () => {
  it('applies for an amount within the range: waiting for review, the product terms copied, no balance change', async () => {
    const before = await counts();
    const r = await apply(alice.token, { loan_id: 1, amount: '1000' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({
      loan_id: 1,
      name: 'Quick USDT loan',
      coin: 'USDT',
      amount: '1000.000000',
      approvedAmount: '',
      status: 1,
      freeDays: 7,
      dailyRate: '0.0005',
      termDays: 30,
      interest: '',
      owed: '',
      dueAt: '',
      CreatedAt: new Date(c.now()).toISOString(),
    });
    expect(await counts()).toEqual({ orders: before.orders + 1, ledger: before.ledger });
    expect(await available(alice.id, 'USDT')).toBe(0n);
    // the range's ends are allowed, and a JSON number is read by its decimal form
    expect((await apply(alice.token, { loan_id: 1, amount: '100' })).code).toBe(0);
    expect((await apply(alice.token, { loan_id: 1, amount: 5000 })).code).toBe(0);
    expect((await apply(alice.token, { loan_id: 3, amount: 0.12345678 })).data).toMatchObject({ coin: 'BTC', amount: '0.12345678' });
  });

  it('keeps the terms it was made under when the operator changes the product', async () => {
    const r = await apply(bob.token, { loan_id: 1, amount: '200' });
    expect((await runCli(['loan', 'update', '1', 'dailyRate=0.001', 'freeDays=3'], s.dataDir)).code).toBe(0);
    try {
      expect(await orderOf(bob.token, r.data.ID)).toMatchObject({ dailyRate: '0.0005', freeDays: 7, termDays: 30 });
      expect((await apply(bob.token, { loan_id: 1, amount: '200' })).data).toMatchObject({ dailyRate: '0.001', freeDays: 3 });
    } finally {
      await runCli(['loan', 'update', '1', 'dailyRate=0.0005', 'freeDays=7'], s.dataDir);
    }
  });

  it('refuses, with a valid session and writing nothing: outside the range, bad amounts, unknown product, changed terms', async () => {
    const cases: [Record<string, unknown>, string, string, Record<string, string | number>?][] = [
      [{ loan_id: 1, amount: '99.999999' }, 'amount', 'loan.amountMin', { limit: '100.00' }],
      [{ loan_id: 1, amount: '5000.000001' }, 'amount', 'loan.amountMax', { limit: '5000.00' }],
      [{ loan_id: 1, amount: 5001 }, 'amount', 'loan.amountMax', { limit: '5000.00' }],
      [{ loan_id: 1, amount: '100.1234567' }, 'amount', 'loan.amountDecimals', { limit: 6 }],
      [{ loan_id: 3, amount: '0.123456789' }, 'amount', 'loan.amountDecimals', { limit: 8 }],
      [{ loan_id: 1, amount: '0' }, 'amount', 'loan.amountMin', { limit: '100.00' }],
      [{ loan_id: 1, amount: '-500' }, 'amount', 'loan.amountInvalid'],
      [{ loan_id: 1, amount: '1e3' }, 'amount', 'loan.amountInvalid'],
      [{ loan_id: 1, amount: 1e21 }, 'amount', 'loan.amountMax', { limit: '5000.00' }],
      [{ loan_id: 1, amount: -500 }, 'amount', 'loan.amountMin', { limit: '100.00' }],
      [{ loan_id: 1, amount: true }, 'amount', 'loan.amountInvalid'],
      [{ loan_id: 1 }, 'amount', 'loan.amountRequired'],
      [{ amount: '500' }, 'loan_id', 'loan.productRequired'],
      [{ loan_id: 'one', amount: '500' }, 'loan_id', 'loan.productRequired'],
      [{ loan_id: 0, amount: '500' }, 'loan_id', 'loan.productRequired'],
      [{ loan_id: 999, amount: '500' }, 'loan_id', 'loan.productUnknown'],
      [{ loan_id: 1, amount: '500', min: '50', max: '5000' }, 'min', 'loan.rangeOutside', { min: '100.000000', max: '5000.000000', coin: 'USDT' }],
      [{ loan_id: 1, amount: '500', max: '9000' }, 'max', 'loan.rangeOutside', { min: '100.000000', max: '5000.000000', coin: 'USDT' }],
      [{ loan_id: 1, amount: '500', rate: '0' }, 'rate', 'validation.unknownField', { field: 'rate' }],
    ];
    for (const [body, field, key, params] of cases) {
      const before = await counts();
      const r = await apply(alice.token, body, 'de');
      expect(r.code, JSON.stringify(body)).toBe(7);
      expect(r.data.field, JSON.stringify(body)).toBe(field);
      expect(r.msg, JSON.stringify(body)).toBe(msg('de', key, params));
      expect(await counts()).toEqual(before);
    }
  });

  it('a double-submitted application (same Idempotency-Key) makes one order', async () => {
    const before = await counts();
    const send = () =>
      s.app.inject({
        method: 'POST',
        url: '/api/loan_order/createLoan_order',
        headers: { 'x-token': bob.token, 'idempotency-key': 'loan-apply-once' },
        payload: { loan_id: 1, amount: '300' },
      });
    const [a, b] = [(await send()).json(), (await send()).json()];
    expect(a.code).toBe(0);
    expect(b).toEqual(a);
    expect((await counts()).orders).toBe(before.orders + 1);
  });
});

describe('GET /loan_order/getLoan_orderList', () => {
  it('lists only the caller’s loans, newest first, filtered by status', async () => {
    const mine = await orders(bob.token, { pageSize: 100 });
    expect(mine.code, mine.msg).toBe(0);
    expect(mine.data.list.length).toBeGreaterThan(0);
    const ids = mine.data.list.map((o: Loose) => o.ID);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const theirs = await orders(alice.token, { pageSize: 100 });
    expect(theirs.data.list.some((o: Loose) => ids.includes(o.ID))).toBe(false);
    expect((await orders(bob.token, { status: 2 })).data.list).toEqual([]);
    expect((await orders(bob.token, { status: 1 })).data.total).toBe(mine.data.total);
    expect(await orders(bob.token, { status: 9 })).toMatchObject({ code: 7, data: { field: 'status' } });
  });

  it('shows one of the caller’s loans as on the list (GET /loan_order/findLoan_order); another user’s is like a missing one', async () => {
    const mine = (await orders(bob.token, { pageSize: 1 })).data.list[0];
    const one = await call(s.app, 'GET', '/loan_order/findLoan_order', { token: bob.token, query: { ID: mine.ID } });
    expect(one.code, one.msg).toBe(0);
    expect(one.data).toEqual(mine);
    const theirs = await call(s.app, 'GET', '/loan_order/findLoan_order', { token: alice.token, query: { ID: mine.ID } });
    const missing = await call(s.app, 'GET', '/loan_order/findLoan_order', { token: alice.token, query: { ID: 999999 } });
    expect(theirs).toMatchObject({ code: 7, msg: msg('en', 'errors.notFound') });
    expect(missing).toMatchObject({ code: 7, msg: theirs.msg });
  });
});

describe('review kind "loan"', () => {
  let id: number;
  let start: number;

  it('lists what waits for review', async () => {
    const r = await apply(alice.token, { loan_id: 1, amount: '1000' });
    id = r.data.ID;
    const pending = await loanReview.pending(s.app.db);
    expect(pending.find((p) => p.id === id)).toMatchObject({
      kind: 'loan',
      user: 'alice-loan@example.com',
      summary: expect.stringContaining('1000.000000 USDT · Quick USDT loan'),
    });
  });

  it('refuses an approved amount above what was asked or above the product max, or with bad decimals', async () => {
    const before = await counts();
    expect(await refusalText(loanReview.approve(s.app.db, id, ['1000.5'], c.now()))).toMatch(/more than the customer asked/);
    expect(await refusalText(loanReview.approve(s.app.db, id, ['0.1234567'], c.now()))).toMatch(/at most 6 decimals/);
    expect(await refusalText(loanReview.approve(s.app.db, id, ['0'], c.now()))).toMatch(/greater than zero/);
    expect((await runCli(['loan', 'update', '1', 'max=800'], s.dataDir)).code).toBe(0);
    try {
      expect(await refusalText(loanReview.approve(s.app.db, id, [], c.now()))).toMatch(/above the product's max \(800\.000000 USDT\)/);
    } finally {
      await runCli(['loan', 'update', '1', 'max=5000'], s.dataDir);
    }
    expect(await counts()).toEqual(before);
    expect((await orderOf(alice.token, id)).status).toBe(1);
  });

  it('approve pays the asked amount out (loan_disbursement) in one step; approving again changes nothing', async () => {
    start = c.now();
    const out = await loanReview.approve(s.app.db, id, [], start);
    expect(out).toMatch(/Approved loan \d+: paid out 1000\.000000 USDT to alice-loan@example\.com/);
    expect(await available(alice.id, 'USDT')).toBe(units('1000'));
    const row = await s.app.db.selectFrom('ledger').selectAll().where('user_id', '=', alice.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 'loan_disbursement', amount: String(units('1000')), ref_id: id });
    expect(await orderOf(alice.token, id)).toMatchObject({
      status: 2,
      approvedAmount: '1000.000000',
      interest: '0.000000',
      repaid: '0.000000',
      owed: '1000.000000',
      approvedAt: new Date(start).toISOString(),
      dueAt: new Date(start + 30 * DAY_MS).toISOString(),
    });
    expect(await loanReview.approve(s.app.db, id, [], c.now())).toBe(`Loan ${id} is already approved; nothing changed.`);
    expect(await loanReview.reject(s.app.db, id, 'too late', c.now())).toBe(`Loan ${id} is already approved; nothing changed.`);
    expect(await available(alice.id, 'USDT')).toBe(units('1000'));
  });

  it('interest: none in the free days, then approved × daily rate per full day, read with the server clock', async () => {
    await advance(7 * DAY_MS);
    expect((await orderOf(alice.token, id)).interest).toBe('0.000000');
    await advance(DAY_MS - 1);
    expect((await orderOf(alice.token, id)).interest).toBe('0.000000');
    await advance(1);
    // 8 days after approval: 1 day of interest = 1000 × 0.0005
    expect((await orderOf(alice.token, id)).interest).toBe('0.500000');
    await advance(2 * DAY_MS + 23 * 3_600_000);
    // 10 days and 23 hours: 3 full days past the free ones
    expect(await orderOf(alice.token, id)).toMatchObject({ interest: '1.500000', owed: '1001.500000' });
  });

  it('repay: at most what is owed, only from the available balance, in steps, until repaid in full', async () => {
    const repay = loanReview.actions!.repay;
    await adminDeposit(s.app.db, alice.id, 'USDT', '1.5', c.now());
    const before = await counts();
    await expect(repay.run(s.app.db, id, ['1001.500001'], c.now(), s.dataDir)).rejects.toMatchObject({
      msgKey: 'admin.repayAboveOwed',
      params: { id, owed: '1001.500000', coin: 'USDT' },
    });
    await expect(repay.run(s.app.db, id, ['abc'], c.now(), s.dataDir)).rejects.toMatchObject({ msgKey: 'admin.amountFormat' });
    expect(await refusalText(repay.run(s.app.db, id, [], c.now(), s.dataDir))).toMatch(/Usage/);
    expect(await counts()).toEqual(before);

    expect(await repay.run(s.app.db, id, ['600'], c.now(), s.dataDir)).toMatch(/Recorded a repayment of 600\.000000 USDT .*\nStill owed: 401\.500000 USDT/);
    expect(await available(alice.id, 'USDT')).toBe(units('401.5'));
    expect(await orderOf(alice.token, id)).toMatchObject({ status: 2, repaid: '600.000000', owed: '401.500000' });
    expect(await repay.run(s.app.db, id, ['401.5'], c.now(), s.dataDir)).toMatch(
      /Loan \d+ is repaid in full \(principal 1000\.000000 USDT \+ interest 1\.500000 USDT\)/,
    );
    expect(await available(alice.id, 'USDT')).toBe(0n);
    const done = await orderOf(alice.token, id);
    expect(done).toMatchObject({ status: 4, repaid: '1001.500000', interest: '1.500000', owed: '', repaidAt: new Date(c.now()).toISOString() });
    const rows = await s.app.db
      .selectFrom('ledger')
      .select(['type', 'amount'])
      .where('user_id', '=', alice.id)
      .where('type', '=', 'loan_repayment')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { type: 'loan_repayment', amount: String(-units('600')) },
      { type: 'loan_repayment', amount: String(-units('401.5')) },
    ]);
    // interest stops at repayment
    await advance(5 * DAY_MS);
    expect((await orderOf(alice.token, id)).interest).toBe('1.500000');
    await expect(repay.run(s.app.db, id, ['1'], c.now(), s.dataDir)).rejects.toMatchObject({ msgKey: 'admin.loanNotActive', params: { id } });
  });

  it('approve a smaller amount; reject with a reason the customer sees; deciding twice changes nothing', async () => {
    const a = (await apply(bob.token, { loan_id: 3, amount: '0.5' })).data.ID;
    expect(await loanReview.approve(s.app.db, a, ['0.25'], c.now())).toMatch(/paid out 0\.25000000 BTC/);
    expect(await orderOf(bob.token, a)).toMatchObject({ amount: '0.50000000', approvedAmount: '0.25000000', status: 2 });
    expect(await available(bob.id, 'BTC')).toBe(units('0.25'));
    // 5 days later 2 days past the 3 free ones: 0.25 × 0.0002 × 2 = 0.0001 BTC interest, more than bob holds on top
    await advance(5 * DAY_MS);
    expect(await orderOf(bob.token, a)).toMatchObject({ interest: '0.00010000', owed: '0.25010000' });
    const held = await counts();
    await expect(loanReview.actions!.repay.run(s.app.db, a, ['0.2501'], c.now(), s.dataDir)).rejects.toMatchObject({
      code: 4020,
      msgKey: 'admin.repayInsufficient',
      params: { available: '0.25000000', coin: 'BTC' },
    });
    expect(await counts()).toEqual(held);
    expect(await available(bob.id, 'BTC')).toBe(units('0.25'));

    const r = (await apply(bob.token, { loan_id: 1, amount: '400' })).data.ID;
    const before = await counts();
    expect(await loanReview.reject(s.app.db, r, 'Income could not be verified', c.now())).toMatch(/Rejected loan \d+ .*"Income could not be verified"/);
    expect(await orderOf(bob.token, r)).toMatchObject({ status: 3, reason: 'Income could not be verified', approvedAmount: '', interest: '' });
    expect(await loanReview.reject(s.app.db, r, 'again', c.now())).toBe(`Loan ${r} is already rejected; nothing changed.`);
    expect(await loanReview.approve(s.app.db, r, [], c.now())).toBe(`Loan ${r} is already rejected; nothing changed.`);
    await expect(loanReview.actions!.repay.run(s.app.db, r, ['1'], c.now(), s.dataDir)).rejects.toMatchObject({ msgKey: 'admin.loanNotActive' });
    expect(await counts()).toEqual(before);
    expect(await refusalText(loanReview.approve(s.app.db, 99999, [], c.now()))).toMatch(/No loan 99999/);
  });
});

describe('POST /loan_order/repay (the customer repays their own loan)', () => {
  let carol: { token: string; id: number };
  let loan: number;
  const repay = (token: string, body: Record<string, unknown>, key?: string) =>
    key === undefined
      ? call(s.app, 'POST', '/loan_order/repay', { token, body })
      : s.app
          .inject({ method: 'POST', url: '/api/loan_order/repay', headers: { 'x-token': token, 'idempotency-key': key }, payload: body })
          .then((r) => r.json());
  /** Moves the clock on and logs carol in again (sessions last 7 days); alice and bob too. */
  async function later(ms: number) {
    await advance(ms);
    const r = await login(s.app, 'carol-loan@example.com', 'Secret-pass-123');
    carol.token = r.data.token;
  }
  const ledgerRows = (ref: number) => s.app.db.selectFrom('ledger').selectAll().where('type', '=', 'loan_repayment').where('ref_id', '=', ref).execute();

  beforeAll(async () => {
    const r = await registerByEmail(s.app, 'carol-loan@example.com');
    carol = { token: r.token, id: r.user.ID };
    await verifyIdentity(s.app.db, carol.id);
    loan = (await apply(carol.token, { loan_id: 1, amount: '200' })).data.ID;
  });

  it('says why a loan waiting for review cannot be repaid, before and when asked', async () => {
    expect((await orderOf(carol.token, loan)).repayBlock).toEqual({ reason: 'loanPending', until: null, link: null });
    const before = await counts();
    expect(await repay(carol.token, { id: loan, amount: '1' })).toMatchObject({ code: 7, msg: msg(undefined, 'funds.block.loanPending') });
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input with a valid session, naming the limit, and writes nothing', async () => {
    await loanReview.approve(s.app.db, loan, [], c.now());
    await later(10 * DAY_MS);
    // 10 days after approval: 3 days of interest on 200 at 0.05 % a day = 0.3
    expect(await orderOf(carol.token, loan)).toMatchObject({
      interest: '0.300000',
      owed: '200.300000',
      available: '200.000000',
      decimals: 6,
      repayBlock: null,
    });
    const before = await counts();
    const cases: [Record<string, unknown>, string][] = [
      [{ id: loan, amount: '0' }, msg(undefined, 'loan.repayInvalid')],
      [{ id: loan, amount: 'abc' }, ''],
      [{ id: loan, amount: '-1' }, ''],
      [{ id: loan, amount: '1.1234567' }, ''],
      [{ id: loan, amount: '200.300001' }, ''],
      [{ id: loan, amount: '200.3' }, ''],
      [{ id: loan }, ''],
      [{ id: 'x', amount: '1' }, ''],
      [{ id: 999999, amount: '1' }, msg(undefined, 'loan.repayUnknown')],
      [{ id: loan, amount: '1', extra: true }, ''],
    ];
    for (const [body, text] of cases) {
      const r = await repay(carol.token, body);
      expect(r.code, JSON.stringify(body)).not.toBe(0);
      expect(r.status ?? 200, JSON.stringify(body)).toBe(200);
      expect(r.msg, JSON.stringify(body)).not.toBe('');
      if (text) expect(r.msg).toBe(text);
    }
    // above what is available (200 paid out, 200.3 owed), or above what is owed: the live limits name the amount
    const short = await repay(carol.token, { id: loan, amount: '200.3' });
    expect(short).toMatchObject({ code: 7, data: { field: 'amount' } });
    expect(short.msg).toContain('200');
    const above = await repay(carol.token, { id: loan, amount: '200.300001' });
    expect(above).toMatchObject({ code: 7, data: { field: 'amount' } });
    expect(above.msg).toContain('200.3');
    // another customer's loan is like a missing one
    expect(await repay(alice.token, { id: loan, amount: '1' })).toMatchObject({ code: 7, msg: msg(undefined, 'loan.repayUnknown') });
    expect(await counts()).toEqual(before);
  });

  it('repays in part (one ledger row, idempotent) and then in full; interest stops and the form says so', async () => {
    const first = await repay(carol.token, { id: loan, amount: '50' }, 'repay-1');
    expect(first.code, first.msg).toBe(0);
    expect(first.data).toMatchObject({ status: 2, repaid: '50.000000', owed: '150.300000' });
    expect(await repay(carol.token, { id: loan, amount: '50' }, 'repay-1')).toEqual(first);
    expect(await ledgerRows(loan)).toHaveLength(1);
    expect(await available(carol.id, 'USDT')).toBe(units('150'));

    await adminDeposit(s.app.db, carol.id, 'USDT', '1', c.now());
    const full = await repay(carol.token, { id: loan, amount: '150.3' });
    expect(full.code, full.msg).toBe(0);
    expect(full.data).toMatchObject({ status: 4, owed: '', repaid: '200.300000', repayBlock: { reason: 'loanRepaid', until: null, link: null } });
    const rows = await ledgerRows(loan);
    expect(rows.map((r) => BigInt(r.amount))).toEqual([-units('50'), -units('150.3')]);
    expect(await available(carol.id, 'USDT')).toBe(units('0.7'));
    await later(5 * DAY_MS);
    expect((await orderOf(carol.token, loan)).interest).toBe('0.300000');
    expect(await repay(carol.token, { id: loan, amount: '0.1' })).toMatchObject({ code: 7, msg: msg(undefined, 'funds.block.loanRepaid') });
  });
});
