// Wire transfers (fiat deposits): the currencies and minimums from schemas/config/
// wire-limits.json, the request (waits for an operator, changes no balance), the customer's
// list with the operator's instructions and what was credited, and the review kind "wire"
// (instruct, approve with the credited coin and amount, reject; deciding twice changes nothing).
// Every bad request is sent with a valid session and writes nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../contract/loader.ts';
import { runCli } from '../../../../server/ops/cli.ts';
import { balanceOf, ledgerMismatches } from '../../../../server/composition/money.ts';
import { call, type Loose, msg, registerByEmail, startServer, type TestServer } from '../../helpers.ts';
import { ResultCode } from '../../../../contract/result-codes.ts';

let s: TestServer;
let alice = '';
let aliceId = 0;
let bob = '';
const request = { email: 'alice.smith@example.com', amount: '5000', currency: 'USD' };
const create = (body: unknown, token = alice, lang?: string) => call(s.app, 'POST', '/wire_transfer/createWire_transfer', { token, body, lang });
const rows = async () =>
  Number(
    (
      await s.app.db
        .selectFrom('wire_transfers')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const ledgerRows = async () =>
  Number(
    (
      await s.app.db
        .selectFrom('ledger')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  const a = await registerByEmail(s.app, 'alice-wire@example.com');
  alice = a.token;
  aliceId = a.user.ID;
  bob = (await registerByEmail(s.app, 'bob-wire@example.com')).token;
});
afterAll(() => s.app.close());
afterEach(async () => {
  s.clock.advance(1000);
  expect(await ledgerMismatches(s.app.db)).toEqual([]);
});

describe('GET /wire_transfer/currencies', () => {
  it('lists the seven currencies with the limits of schemas/config/wire-limits.json and their decimals', async () => {
    const r = await call(s.app, 'GET', '/wire_transfer/currencies', { token: alice });
    expect(r.code).toBe(0);
    const config = loadConfig<Record<string, { minimum: string; maximum: string }>>('wire-limits');
    expect(r.data.list.map((x: Loose) => [x.currency, { minimum: x.minimum, maximum: x.maximum }])).toEqual(Object.entries(config));
    expect(r.data.list).toEqual([
      { currency: 'USD', minimum: '5000', maximum: '1000000', decimals: 2 },
      { currency: 'EUR', minimum: '5000', maximum: '1000000', decimals: 2 },
      { currency: 'CAD', minimum: '5000', maximum: '1000000', decimals: 2 },
      { currency: 'VND', minimum: '500000', maximum: '25000000000', decimals: 0 },
      { currency: 'HKD', minimum: '50000', maximum: '8000000', decimals: 2 },
      { currency: 'JPY', minimum: '100000', maximum: '150000000', decimals: 0 },
      { currency: 'KRW', minimum: '1000000', maximum: '1300000000', decimals: 0 },
    ]);
  });
});

describe('POST /wire_transfer/createWire_transfer', () => {
  it('records the request as waiting, changing no balance', async () => {
    const ledger = await ledgerRows();
    const r = await create(request);
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({
      email: 'alice.smith@example.com',
      amount: '5000.00',
      currency: 'USD',
      status: 1,
      reason: '',
      instructions: '',
      creditedCoin: null,
      creditedAmount: null,
      reviewedAt: null,
    });
    expect(await ledgerRows()).toBe(ledger);
    expect((await balanceOf(s.app.db, aliceId, 'USDT')).available).toBe(0n);
  });

  it('takes each currency at its minimum, and the amount as a JSON number too', async () => {
    for (const [currency, amount] of [
      ['JPY', '100000'],
      ['KRW', 1000000],
      ['EUR', '5000.5'],
    ] as const) {
      const r = await create({ ...request, currency, amount });
      expect(r.code, `${currency} ${r.msg}`).toBe(0);
      expect(r.data.currency).toBe(currency);
    }
  });

  it('a double-submitted request (same Idempotency-Key) makes one record', async () => {
    const before = await rows();
    const send = () =>
      s.app.inject({
        method: 'POST',
        url: '/api/wire_transfer/createWire_transfer',
        headers: { 'x-token': alice, 'idempotency-key': 'wire-key-1' },
        payload: { ...request, amount: '7000' },
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.json().code).toBe(0);
    expect(b.json()).toEqual(a.json());
    expect(await rows()).toBe(before + 1);
  });

  it('refuses bad input with a clear message naming the field or the minimum, and writes nothing', async () => {
    const { email: _e, ...noEmail } = request;
    const { amount: _a, ...noAmount } = request;
    const { currency: _c, ...noCurrency } = request;
    const cases: [unknown, string, string, Record<string, string | number>][] = [
      [noEmail, 'email', 'wire.emailRequired', {}],
      [noAmount, 'amount', 'wire.amountRequired', {}],
      [noCurrency, 'currency', 'wire.currencyRequired', {}],
      [{ ...request, email: 'not-an-email' }, 'email', 'wire.emailInvalid', {}],
      [{ ...request, email: 42 }, 'email', 'validation.invalid', {}],
      [{ ...request, currency: 'GBP' }, 'currency', 'wire.currencyRequired', {}],
      [{ ...request, currency: 'usd' }, 'currency', 'wire.currencyRequired', {}],
      [{ ...request, amount: true }, 'amount', 'wire.amountInvalid', {}],
      [{ ...request, amount: '4999.99' }, 'amount', 'wire.belowMinimum', { limit: '5000.00' }],
      [{ ...request, amount: 4999 }, 'amount', 'wire.belowMinimum', { limit: '5000.00' }],
      [{ ...request, currency: 'JPY', amount: '99999' }, 'amount', 'wire.belowMinimum', { limit: '100000' }],
      [{ ...request, currency: 'KRW', amount: '999999' }, 'amount', 'wire.belowMinimum', { limit: '1000000' }],
      [{ ...request, amount: '0' }, 'amount', 'wire.belowMinimum', { limit: '5000.00' }],
      [{ ...request, amount: -6000 }, 'amount', 'wire.belowMinimum', { limit: '5000.00' }],
      [{ ...request, amount: '-6000' }, 'amount', 'wire.amountInvalid', {}],
      [{ ...request, amount: '6e3' }, 'amount', 'wire.amountInvalid', {}],
      [{ ...request, amount: 'NaN' }, 'amount', 'wire.amountInvalid', {}],
      [{ ...request, amount: '5000.001' }, 'amount', 'validation.decimals', { limit: 2 }],
      [{ ...request, currency: 'JPY', amount: '100000.5' }, 'amount', 'validation.decimals', { limit: 0 }],
      [{ ...request, amount: 6000.123 }, 'amount', 'validation.decimals', { limit: 2 }],
      [{ ...request, uid: 1 }, 'uid', 'validation.unknownField', {}],
      [{ ...request, amount: '99999999999999999999999999999999' }, 'amount', 'wire.aboveMaximum', { limit: '1000000.00' }],
      [{ ...request, amount: '1000000.01' }, 'amount', 'wire.aboveMaximum', { limit: '1000000.00' }],
      [{ ...request, currency: 'KRW', amount: '1300000001' }, 'amount', 'wire.aboveMaximum', { limit: '1300000000' }],
    ];
    const before = await rows();
    for (const [body, field, key, params] of cases) {
      const r = await create(body, alice, 'ko');
      expect(r, JSON.stringify(body)).toMatchObject({
        code: field === 'email' && key !== 'wire.emailRequired' ? ResultCode.badEmail : ResultCode.error,
        msg: msg('ko', key, params),
        data: { field },
      });
    }
    expect(await rows()).toBe(before);
  });

  it('needs a session', async () => {
    expect((await call(s.app, 'POST', '/wire_transfer/createWire_transfer', { body: request })).code).toBe(4015);
    expect((await call(s.app, 'GET', '/wire_transfer/myWire_transferList')).code).toBe(4015);
  });
});

describe('the customer list and the review kind "wire"', () => {
  it('lists own requests only, newest first, filtered by status', async () => {
    const bobs = await create({ ...request, email: 'bob@example.com' }, bob);
    expect(bobs.code).toBe(0);
    const r = await call(s.app, 'GET', '/wire_transfer/myWire_transferList', { token: alice, query: { page: 1, pageSize: 20 } });
    expect(r.data.total).toBe(5);
    expect(r.data.list.map((w: Loose) => `${w.amount} ${w.currency}`)).toEqual(['7000.00 USD', '5000.50 EUR', '1000000 KRW', '100000 JPY', '5000.00 USD']);
    expect(r.data.list.some((w: Loose) => w.ID === bobs.data.ID)).toBe(false);
    const bad = await call(s.app, 'GET', '/wire_transfer/myWire_transferList', { token: alice, query: { status: 4 } });
    expect(bad).toMatchObject({ code: 7, data: { field: 'status' } });
  });

  it('shows one of the caller’s requests as on the list (GET /wire_transfer/findWire_transfer); another user’s is like a missing one', async () => {
    const first = (await call(s.app, 'GET', '/wire_transfer/myWire_transferList', { token: alice, query: { pageSize: 1 } })).data.list[0];
    const one = await call(s.app, 'GET', '/wire_transfer/findWire_transfer', { token: alice, query: { ID: first.ID } });
    expect(one.code, one.msg).toBe(0);
    expect(one.data).toEqual(first);
    const theirs = await call(s.app, 'GET', '/wire_transfer/findWire_transfer', { token: bob, query: { ID: first.ID } });
    expect(theirs).toMatchObject({ code: 7, msg: msg('en', 'errors.notFound') });
    expect(await call(s.app, 'GET', '/wire_transfer/findWire_transfer', { token: alice, query: { ID: 0 } })).toMatchObject({ code: 7, data: { field: 'ID' } });
  });

  it('instructions reach the customer; approval credits the exact amount once; rejection changes no balance', async () => {
    const list = (await call(s.app, 'GET', '/wire_transfer/myWire_transferList', { token: alice })).data.list as Loose[];
    const usd = list.find((w) => w.amount === '5000.00' && w.currency === 'USD');
    const jpy = list.find((w) => w.currency === 'JPY');
    const waiting = await runCli(['reviews'], s.dataDir);
    expect(waiting.out).toMatch(
      new RegExp(`wire\\s+${usd.ID}\\s+alice-wire@example.com\\s+5000.00 USD, reply to alice.smith@example.com; no instructions yet`),
    );

    const text = 'Pay to CoinApp Ltd, IBAN GB33BUKB20201555555555, reference W-' + usd.ID;
    const instruct = await runCli(['act', 'wire', 'instruct', String(usd.ID), ...text.split(' ')], s.dataDir);
    expect(instruct).toMatchObject({ code: 0 });
    expect(instruct.out).toContain(text);
    let shown = (await call(s.app, 'GET', '/wire_transfer/myWire_transferList', { token: alice, query: { status: 1 } })).data.list.find(
      (w: Loose) => w.ID === usd.ID,
    );
    expect(shown).toMatchObject({ status: 1, instructions: text });

    const ledger = await ledgerRows();
    const ok = await runCli(['approve', 'wire', String(usd.ID), 'usdt', '4990.5'], s.dataDir);
    expect(ok).toEqual({ code: 0, out: `Wire transfer ${usd.ID} approved (5000.00 USD received): credited 4990.5 USDT (wire_deposit).` });
    expect((await balanceOf(s.app.db, aliceId, 'USDT')).available).toBe(499_050_000_000n);
    const credit = await s.app.db.selectFrom('ledger').selectAll().where('user_id', '=', aliceId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(credit).toMatchObject({ type: 'wire_deposit', ref_id: usd.ID, amount: '499050000000', frozen_change: '0' });
    expect(await ledgerRows()).toBe(ledger + 1);

    const again = await runCli(['approve', 'wire', String(usd.ID), 'USDT', '4990.5'], s.dataDir);
    expect(again.out).toBe(`Wire transfer ${usd.ID} is already completed (credited 4990.5 USDT); nothing changed.`);
    expect((await runCli(['reject', 'wire', String(usd.ID), 'late'], s.dataDir)).out).toMatch(/already completed/);
    expect(await runCli(['act', 'wire', 'instruct', String(usd.ID), 'new', 'text'], s.dataDir)).toEqual({
      code: 1,
      out: `Wire transfer ${usd.ID} is not waiting: it does not exist or was already decided. Nothing changed.`,
    });
    expect(await ledgerRows()).toBe(ledger + 1);
    expect((await balanceOf(s.app.db, aliceId, 'USDT')).available).toBe(499_050_000_000n);
    shown = (await call(s.app, 'GET', '/wire_transfer/myWire_transferList', { token: alice, query: { status: 2 } })).data.list;
    expect(shown).toEqual([expect.objectContaining({ ID: usd.ID, status: 2, creditedCoin: 'USDT', creditedAmount: '4990.5', instructions: text })]);

    const no = await runCli(['reject', 'wire', String(jpy.ID), 'No', 'transfer', 'arrived', 'within', '14', 'days'], s.dataDir);
    expect(no.out).toBe(`Wire transfer ${jpy.ID} rejected (100000 JPY); no balance changed. The customer sees: No transfer arrived within 14 days`);
    expect((await runCli(['approve', 'wire', String(jpy.ID), 'USDT', '600'], s.dataDir)).out).toBe(
      `Wire transfer ${jpy.ID} is already rejected (reason: No transfer arrived within 14 days); nothing changed.`,
    );
    expect(await ledgerRows()).toBe(ledger + 1);
    const rejected = (await call(s.app, 'GET', '/wire_transfer/myWire_transferList', { token: alice, query: { status: 3 } })).data.list;
    expect(rejected).toEqual([expect.objectContaining({ ID: jpy.ID, reason: 'No transfer arrived within 14 days', creditedAmount: null })]);
  });

  it('the operator commands refuse bad arguments and change nothing', async () => {
    const waiting = (await call(s.app, 'GET', '/wire_transfer/myWire_transferList', { token: alice, query: { status: 1 } })).data.list[0];
    const id = String(waiting.ID);
    const ledger = await ledgerRows();
    for (const args of [
      ['approve', 'wire', id],
      ['approve', 'wire', id, 'USDT'],
      ['approve', 'wire', id, 'DOGE', '10'],
      ['approve', 'wire', id, 'USDT', '0'],
      ['approve', 'wire', id, 'USDT', '-5'],
      ['approve', 'wire', id, 'USDT', '1e3'],
      ['approve', 'wire', id, 'USDT', '1.1234567'],
      ['approve', 'wire', id, 'USDT', '10', 'extra'],
      ['approve', 'wire', '999999', 'USDT', '10'],
      ['reject', 'wire', id],
      ['act', 'wire', 'instruct', id],
      ['act', 'wire', 'remind', id],
    ]) {
      const r = await runCli(args, s.dataDir);
      expect(r.code, args.join(' ')).toBe(1);
    }
    expect((await runCli(['approve', 'wire', id, 'USDT', '1.1234567'], s.dataDir)).out).toBe('USDT amounts have at most 6 decimals ("1.1234567").');
    expect(await ledgerRows()).toBe(ledger);
    const still = (await call(s.app, 'GET', '/wire_transfer/myWire_transferList', { token: alice, query: { status: 1 } })).data.list[0];
    expect(still).toEqual(waiting);
  });
});
