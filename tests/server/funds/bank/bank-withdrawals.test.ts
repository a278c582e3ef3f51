// Bank cards (IBAN check, delete) and withdrawals to them: the options (limits in each coin,
// fee rate, what fits in the balance), the request (own saved card only, block and
// withdrawal password, limits, amount + fee frozen in one transaction), history and detail
// (own records only), and the operator's review kind "bank-withdrawal" (approve: the frozen amount
// leaves; reject: it comes back; deciding twice changes nothing). Every bad request is sent
// with a valid session and writes nothing; the ledger matches the balances after each test.
import { roundDown } from '../../../../contract/decimal.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../../server/ops/cli.ts';
import { hashPayPassword } from '../../../../server/funds/rules.ts';
import { adminDeposit, balanceOf, createFakeMarket, ledgerMismatches } from '../../../../server/composition/money.ts';
import { call, clock, count, type Loose, msg, registerByEmail, startServer, type TestServer, verifyIdentity } from '../../helpers.ts';

const c = clock();
const market = createFakeMarket(c.now);
let s: TestServer;
const alice = { token: '', id: 0 };
const bob = { token: '', id: 0 };
const carol = { token: '', id: 0 };
const PAY = '620947';

const card = {
  bankname: 'Deutsche Bank',
  accountname: 'Alice Example',
  bankcard: '1234567890123456',
  ibna: 'DE89370400440532013000',
  swift: 'DEUTDEFF',
  payeeaddress: 'Taunusanlage 12, Frankfurt',
  country: 'DE',
};
let aliceCard: Loose;
let bobCard: Loose;
let usdtId = 0;
let btcId = 0;
let usdcId = 0;

const units = (n: string) => BigInt(n);
async function setPayPassword(userId: number): Promise<void> {
  await s.app.db
    .updateTable('users')
    .set({ pay_password_hash: hashPayPassword({ db: s.app.db, dataDir: s.dataDir }, PAY) })
    .where('id', '=', userId)
    .execute();
}
const cardFields = (cd: Loose) => ({
  bankname: cd.bankname,
  accountname: cd.accountname,
  bankcard: cd.bankcard,
  ibna: cd.ibna,
  payeeaddress: cd.payeeaddress,
  country: cd.country,
});
const request = (over: Record<string, unknown> = {}) => ({
  ...cardFields(aliceCard),
  coinname: 'USDT',
  coin_id: usdtId,
  num: '1000',
  pay_password: PAY,
  ...over,
});
const withdraw = (body: unknown, token = alice.token, lang?: string) => call(s.app, 'POST', '/withdraw_bank/createWithdraw_bank', { token, body, lang });

async function balance(userId: number, coin = 'USDT') {
  const b = await balanceOf(s.app.db, userId, coin);
  return { available: b.available.toString(), frozen: b.frozen.toString() };
}
const rows = () => count(s.app, 'bank_withdrawals' as never);

beforeAll(async () => {
  s = await startServer({ market, scheduler: false }, c);
  market.setPrice('btcusdt', '30000');
  for (const [who, email] of [
    [alice, 'alice-bank@example.com'],
    [bob, 'bob-bank@example.com'],
    [carol, 'carol-bank@example.com'],
  ] as const) {
    const r = await registerByEmail(s.app, email);
    await verifyIdentity(s.app.db, r.user.ID);
    who.token = r.token;
    who.id = r.user.ID;
    await adminDeposit(s.app.db, r.user.ID, 'USDT', '10000', c.now());
  }
  await setPayPassword(alice.id);
  await setPayPassword(bob.id);
  aliceCard = (await call(s.app, 'POST', '/user_bank/createUser_bank', { token: alice.token, body: card })).data;
  bobCard = (
    await call(s.app, 'POST', '/user_bank/createUser_bank', {
      token: bob.token,
      body: { ...card, accountname: 'Bob Example', ibna: 'GB82WEST12345698765432', country: 'GB' },
    })
  ).data;
  const coins = (await call(s.app, 'GET', '/coin/getCoinList', {})).data.list as { coin: string; ID: number }[];
  usdtId = coins.find((x) => x.coin === 'USDT')!.ID;
  btcId = coins.find((x) => x.coin === 'BTC')!.ID;
  usdcId = coins.find((x) => x.coin === 'USDC')!.ID;
});
afterAll(() => s.app.close());
afterEach(async () => {
  c.advance(1000);
  expect(await ledgerMismatches(s.app.db)).toEqual([]);
});

describe('bank cards', () => {
  it('stores a valid IBAN in electronic form', () => {
    expect(aliceCard).toMatchObject({ ibna: 'DE89370400440532013000', country: 'DE' });
    expect(bobCard.ibna).toBe('GB82WEST12345698765432');
  });

  it('refuses an IBAN with wrong check digits, the wrong length for its country or a bad shape, and writes nothing', async () => {
    const before = await count(s.app, 'bank_cards');
    const cases: [string, string, Record<string, string | number>][] = [
      ['DE89370400440532013001', 'bank.ibanChecksum', {}],
      ['GB82WEST12345698765433', 'bank.ibanChecksum', {}],
      ['DE8937040044053201300', 'bank.ibanLength', { country: 'DE', length: 22 }],
      ['DE89 3704 0044 0532 0130 0!', 'bank.ibnaInvalid', {}],
      ['DE89-3704', 'bank.ibnaInvalid', {}],
    ];
    for (const [ibna, key, params] of cases) {
      const r = await call(s.app, 'POST', '/user_bank/createUser_bank', { token: alice.token, body: { ...card, ibna }, lang: 'de' });
      expect(r, ibna).toMatchObject({ code: 7, msg: msg('de', key, params), data: { field: 'ibna' } });
    }
    expect(await count(s.app, 'bank_cards')).toBe(before);
  });

  it('the card picker reads the same list as one page of 100', async () => {
    const r = await call(s.app, 'GET', '/user_bank/getUser_bankList', { token: alice.token, query: { page: 1, pageSize: 100 } });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ total: 1, page: 1, pageSize: 100 });
    expect(r.data.list[0]).toEqual(aliceCard);
  });

  it("deletes an own card; another user's card or a missing one is not found and nothing is deleted", async () => {
    const spare = (
      await call(s.app, 'POST', '/user_bank/createUser_bank', { token: alice.token, body: { ...card, bankname: 'Spare Bank', ibna: 'DE12500105170648489890' } })
    ).data;
    const before = await count(s.app, 'bank_cards');
    for (const ID of [bobCard.ID, 999_999]) {
      const r = await call(s.app, 'DELETE', '/user_bank/deleteUser_bank', { token: alice.token, query: { ID }, lang: 'jp' });
      expect(r).toMatchObject({ code: 7, msg: msg('jp', 'errors.notFound'), data: null });
    }
    for (const query of [{}, { ID: 0 }, { ID: 'x' }, { ID: -1 }] as Record<string, string | number>[]) {
      const r = await call(s.app, 'DELETE', '/user_bank/deleteUser_bank', { token: alice.token, query });
      expect(r, JSON.stringify(query)).toMatchObject({ code: 7, data: { field: 'ID' } });
    }
    expect(await count(s.app, 'bank_cards')).toBe(before);
    const del = await call(s.app, 'DELETE', '/user_bank/deleteUser_bank', { token: alice.token, query: { ID: spare.ID } });
    expect(del).toMatchObject({ code: 0, data: null });
    expect(await count(s.app, 'bank_cards')).toBe(before - 1);
  });
});

describe('GET /withdraw_bank/options', () => {
  it('gives each coin its limits (USDT values at the market price), the fee rate and what fits in the balance', async () => {
    const r = await call(s.app, 'GET', '/withdraw_bank/options', { token: alice.token });
    expect(r.code).toBe(0);
    expect(r.data.feeRate).toBe('0.01');
    const usdt = r.data.list.find((o: Loose) => o.coin === 'USDT');
    // 10 000 / 1.01 = 9 900.990099…; its fee 99.009901 (rounded up) makes exactly 10 000
    expect(usdt).toEqual({
      ID: usdtId,
      coin: 'USDT',
      name: 'Tether',
      logo: '',
      decimals: 6,
      min: '50',
      max: '50000',
      feeRate: '0.01',
      balance: '10000.000000',
      available: '9900.990099',
    });
    const btc = r.data.list.find((o: Loose) => o.coin === 'BTC');
    // 50 and 50 000 USDT at 30 000: rounded up and down to BTC's 8 decimals
    expect(btc).toMatchObject({ ID: btcId, min: '0.00166667', max: '1.66666666', available: '0', balance: '0.00000000' });
    // USDC has no USDT market here: no value, not offered
    expect(r.data.list.map((o: Loose) => o.coin)).not.toContain('USDC');
  });
});

describe('POST /withdraw_bank/createWithdraw_bank', () => {
  it('freezes amount + fee and records the withdrawal under review with the card copied', async () => {
    const before = await balance(alice.id);
    const r = await withdraw(request({ num: '1000' }));
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({
      coinname: 'USDT',
      num: '1000',
      fee: '10',
      total: '1010',
      status: 1,
      reason: '',
      ...cardFields(aliceCard),
      reviewedAt: null,
    });
    const after = await balance(alice.id);
    expect(units(before.available) - units(after.available)).toBe(1010n * 10n ** 8n);
    expect(units(after.frozen) - units(before.frozen)).toBe(1010n * 10n ** 8n);
    const ledger = await s.app.db.selectFrom('ledger').selectAll().where('user_id', '=', alice.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(ledger).toMatchObject({ type: 'bank_withdrawal_request', ref_id: r.data.ID, amount: '0', frozen_change: String(1010n * 10n ** 8n) });
  });

  it('takes the amount as a JSON number too, and rounds the fee up to the coin decimals', async () => {
    const r = await withdraw(request({ num: 123.456789 }));
    expect(r.code, r.msg).toBe(0);
    // 1.23456789 rounded up to 6 decimals
    expect(r.data).toMatchObject({ num: '123.456789', fee: '1.234568', total: '124.691357' });
  });

  it('withdraws a coin with its own limits (BTC at the market price)', async () => {
    await adminDeposit(s.app.db, alice.id, 'BTC', '0.1', c.now());
    const low = await withdraw(request({ coinname: 'BTC', coin_id: btcId, num: '0.001' }), alice.token, 'en');
    expect(low).toMatchObject({ code: 7, msg: msg('en', 'bankWithdraw.belowMinimum', { limit: '0.00166667' }), data: { field: 'num' } });
    const r = await withdraw(request({ coinname: 'BTC', coin_id: btcId, num: '0.01' }));
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ coinname: 'BTC', num: '0.01', fee: '0.0001', total: '0.0101' });
  });

  it('a double-submitted request (same Idempotency-Key) makes one withdrawal and one freeze', async () => {
    const before = await rows();
    const frozen = (await balance(alice.id)).frozen;
    const send = () =>
      s.app.inject({
        method: 'POST',
        url: '/api/withdraw_bank/createWithdraw_bank',
        headers: { 'x-token': alice.token, 'idempotency-key': 'bank-key-1' },
        payload: request({ num: '60' }),
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.json().code).toBe(0);
    expect(b.json()).toEqual(a.json());
    expect(await rows()).toBe(before + 1);
    expect(units((await balance(alice.id)).frozen) - units(frozen)).toBe(6060n * 10n ** 6n);
  });

  it('refuses bad input with a clear message naming the field or limit, and writes nothing', async () => {
    const { bankname: _b, ...noBankname } = request();
    const { num: _n, ...noNum } = request();
    const { pay_password: _p, ...noPassword } = request();
    const { coin_id: _c, ...noCoinId } = request();
    const cases: [unknown, string, string, Record<string, string | number>][] = [
      [noNum, 'num', 'bankWithdraw.amountRequired', {}],
      [noBankname, 'bankname', 'bankWithdraw.cardRequired', {}],
      [noPassword, 'pay_password', 'bankWithdraw.payPasswordRequired', {}],
      [noCoinId, 'coin_id', 'bankWithdraw.coinRequired', {}],
      [request({ num: true }), 'num', 'bankWithdraw.amountInvalid', {}],
      [request({ coin_id: 'one' }), 'coin_id', 'validation.invalid', {}],
      [request({ num: '0' }), 'num', 'bankWithdraw.belowMinimum', { limit: '50.00' }],
      [request({ num: 0 }), 'num', 'bankWithdraw.belowMinimum', { limit: '50.00' }],
      [request({ num: -100 }), 'num', 'bankWithdraw.belowMinimum', { limit: '50.00' }],
      [request({ num: '-100' }), 'num', 'bankWithdraw.amountInvalid', {}],
      [request({ num: '1e3' }), 'num', 'bankWithdraw.amountInvalid', {}],
      [request({ num: 'NaN' }), 'num', 'bankWithdraw.amountInvalid', {}],
      [request({ num: '' }), 'num', 'bankWithdraw.amountInvalid', {}],
      [request({ num: '100.1234567' }), 'num', 'validation.decimals', { limit: 6 }],
      [request({ num: 100.1234567 }), 'num', 'validation.decimals', { limit: 6 }],
      [request({ num: '49.99' }), 'num', 'bankWithdraw.belowMinimum', { limit: '50.00' }],
      [request({ num: '50000.01' }), 'num', 'bankWithdraw.aboveMaximum', { limit: '50000.00' }],
      [request({ num: '9000' }), 'num', 'bankWithdraw.aboveAvailable', {}],
      [request({ ibna: 'DE89 3704' }), 'ibna', 'bankWithdraw.cardUnknown', {}],
      [request({ ...cardFields(bobCard) }), 'bankcard', 'bankWithdraw.cardUnknown', {}],
      [request({ accountname: 'Mallory' }), 'bankcard', 'bankWithdraw.cardUnknown', {}],
      [request({ coin_id: btcId }), 'coin_id', 'bankWithdraw.coinIdMismatch', { coin: 'USDT' }],
      [request({ pay_password: 'x' }), 'pay_password', 'bankWithdraw.payPasswordRequired', {}],
      [request({ uid: bob.id }), 'uid', 'validation.unknownField', {}],
    ];
    const before = { rows: await rows(), balance: await balance(alice.id) };
    // the largest amount whose fee still fits, as the options endpoint gives it to the form
    const options = await call(s.app, 'GET', '/withdraw_bank/options', { token: alice.token });
    const fits = options.data.list.find((o: Loose) => o.coin === 'USDT').available as string;
    for (const [body, field, key, params] of cases) {
      const r = await withdraw(body, alice.token, 'de');
      // USDT's limit reads with 2 decimals, rounded down (the display rule)
      const shown = key === 'bankWithdraw.aboveAvailable' ? { limit: roundDown(fits, 2) } : params;
      expect(r, JSON.stringify(body)).toMatchObject({ code: 7, msg: msg('de', key, shown), data: { field } });
    }
    for (const [coin, id] of [
      ['DOGE', usdtId],
      ['USDC', usdcId],
    ] as const) {
      const r = await withdraw(request({ coinname: coin, coin_id: id }), alice.token, 'de');
      expect(r, coin).toMatchObject({ code: 4019, msg: msg('de', 'errors.4019') });
    }
    expect(await rows()).toBe(before.rows);
    expect(await balance(alice.id)).toEqual(before.balance);
  });

  it('a wrong withdrawal password is 4023, none set is 4022, a login password change blocks with its end time; nothing is written', async () => {
    const before = { rows: await rows(), balance: await balance(alice.id) };
    const wrong = await withdraw(request({ pay_password: 'wrong-password' }), alice.token, 'en');
    expect(wrong).toMatchObject({ code: 4023, msg: msg('en', 'errors.4023'), data: { field: 'pay_password' } });
    const carolCard = (await call(s.app, 'POST', '/user_bank/createUser_bank', { token: carol.token, body: { ...card, accountname: 'Carol Example' } })).data;
    const none = await withdraw({ ...request(), ...cardFields(carolCard) }, carol.token, 'en');
    expect(none).toMatchObject({ code: 4022, msg: msg('en', 'errors.4022') });
    await s.app.db.updateTable('users').set({ password_changed_at: c.now() }).where('id', '=', alice.id).execute();
    const blocked = await withdraw(request(), alice.token, 'en');
    expect(blocked).toMatchObject({
      code: 7,
      msg: msg('en', 'funds.block.passwordChanged', { until: '2025-01-16 12:00 UTC' }),
      data: { block: { reason: 'passwordChanged' } },
    });
    // the screen shows the same block before the form is filled
    const status = await call(s.app, 'GET', '/withdraw/status', { token: alice.token });
    expect(status.data.block).toMatchObject({ reason: 'passwordChanged', until: c.now() + 24 * 3_600_000 });
    await s.app.db.updateTable('users').set({ password_changed_at: null, pay_failures: 0 }).where('id', '=', alice.id).execute();
    expect(await rows()).toBe(before.rows);
    expect(await balance(alice.id)).toEqual(before.balance);
  });

  it('needs a session', async () => {
    expect((await call(s.app, 'POST', '/withdraw_bank/createWithdraw_bank', { body: request() })).code).toBe(4015);
    expect((await call(s.app, 'GET', '/withdraw_bank/options')).code).toBe(4015);
  });
});

describe('history and detail', () => {
  it('lists own withdrawals only, newest first, filtered by status', async () => {
    const bobs = await withdraw({ ...request(), ...cardFields(bobCard), num: '100' }, bob.token);
    expect(bobs.code, bobs.msg).toBe(0);
    const all = await call(s.app, 'GET', '/withdraw_bank/myWithdraw_bankList', { token: alice.token, query: { page: 1, pageSize: 20 } });
    expect(all.code).toBe(0);
    expect(all.data.total).toBe(4);
    expect(all.data.list.map((w: Loose) => w.num)).toEqual(['60', '0.01', '123.456789', '1000']);
    expect(all.data.list.some((w: Loose) => w.ID === bobs.data.ID)).toBe(false);
    const pending = await call(s.app, 'GET', '/withdraw_bank/myWithdraw_bankList', { token: alice.token, query: { status: 1 } });
    expect(pending.data.total).toBe(4);
    const done = await call(s.app, 'GET', '/withdraw_bank/myWithdraw_bankList', { token: alice.token, query: { status: 2 } });
    expect(done.data.total).toBe(0);
    const bad = await call(s.app, 'GET', '/withdraw_bank/myWithdraw_bankList', { token: alice.token, query: { status: 9 }, lang: 'en' });
    expect(bad).toMatchObject({ code: 7, msg: msg('en', 'validation.queryEnum', { field: 'status', allowed: '1, 2, 3' }), data: { field: 'status' } });
  });

  it("the detail answers an own withdrawal; another user's id is answered like a missing one", async () => {
    const list = await call(s.app, 'GET', '/withdraw_bank/myWithdraw_bankList', { token: alice.token });
    const mine = list.data.list[0];
    const r = await call(s.app, 'GET', '/withdraw_bank/findWithdraw_bank', { token: alice.token, query: { ID: mine.ID } });
    expect(r).toMatchObject({ code: 0, data: mine });
    const bobs = (await call(s.app, 'GET', '/withdraw_bank/myWithdraw_bankList', { token: bob.token })).data.list[0];
    for (const ID of [bobs.ID, 999_999]) {
      const other = await call(s.app, 'GET', '/withdraw_bank/findWithdraw_bank', { token: alice.token, query: { ID }, lang: 'de' });
      expect(other).toMatchObject({ code: 7, msg: msg('de', 'errors.notFound'), data: null });
    }
    const bad = await call(s.app, 'GET', '/withdraw_bank/findWithdraw_bank', { token: alice.token, query: { ID: 'x' } });
    expect(bad).toMatchObject({ code: 7, data: { field: 'ID' } });
  });
});

describe('review kind "bank-withdrawal"', () => {
  it('lists what waits, approves (the frozen amount leaves) and rejects (it comes back), each once', async () => {
    const list = (await call(s.app, 'GET', '/withdraw_bank/myWithdraw_bankList', { token: alice.token })).data.list as Loose[];
    const [approveMe, rejectMe] = [list.find((w) => w.num === '1000'), list.find((w) => w.num === '60')];
    const waiting = await runCli(['reviews'], s.dataDir);
    expect(waiting.out).toMatch(
      new RegExp(
        `bank-withdrawal\\s+${approveMe.ID}\\s+alice-bank@example.com\\s+1000 USDT \\+ fee 10 to Alice Example, Deutsche Bank, IBAN DE89370400440532013000`,
      ),
    );

    const before = await balance(alice.id);
    const ok = await runCli(['approve', 'bank-withdrawal', String(approveMe.ID)], s.dataDir);
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.out).toMatch(/approved: pay 1000 USDT to Alice Example.*1010 USDT .*left the frozen balance \(bank_withdrawal_success\)/);
    let after = await balance(alice.id);
    expect(after.available).toBe(before.available);
    expect(units(before.frozen) - units(after.frozen)).toBe(1010n * 10n ** 8n);
    const again = await runCli(['approve', 'bank-withdrawal', String(approveMe.ID)], s.dataDir);
    expect(again.out).toBe(`Bank withdrawal ${approveMe.ID} is already completed; nothing changed.`);
    const rejectDone = await runCli(['reject', 'bank-withdrawal', String(approveMe.ID), 'too late'], s.dataDir);
    expect(rejectDone.out).toBe(`Bank withdrawal ${approveMe.ID} is already completed; nothing changed.`);
    expect(await balance(alice.id)).toEqual(after);

    const no = await runCli(['reject', 'bank-withdrawal', String(rejectMe.ID), 'The', 'IBAN', 'is', 'closed'], s.dataDir);
    expect(no.out).toMatch(/rejected: 60\.6 USDT returned to the available balance \(withdrawal_refund\)\. The customer sees: The IBAN is closed/);
    const refunded = await balance(alice.id);
    expect(units(refunded.available) - units(after.available)).toBe(6060n * 10n ** 6n);
    expect(units(after.frozen) - units(refunded.frozen)).toBe(6060n * 10n ** 6n);
    after = refunded;
    const twice = await runCli(['reject', 'bank-withdrawal', String(rejectMe.ID), 'again'], s.dataDir);
    expect(twice.out).toBe(`Bank withdrawal ${rejectMe.ID} is already rejected (reason: The IBAN is closed); nothing changed.`);
    expect((await runCli(['approve', 'bank-withdrawal', String(rejectMe.ID)], s.dataDir)).out).toMatch(/already rejected/);
    expect(await balance(alice.id)).toEqual(after);

    const detail = await call(s.app, 'GET', '/withdraw_bank/findWithdraw_bank', { token: alice.token, query: { ID: rejectMe.ID } });
    expect(detail.data).toMatchObject({ status: 3, reason: 'The IBAN is closed' });
    expect(detail.data.reviewedAt).not.toBeNull();
    const done = await call(s.app, 'GET', '/withdraw_bank/myWithdraw_bankList', { token: alice.token, query: { status: 2 } });
    expect(done.data.list.map((w: Loose) => w.ID)).toEqual([approveMe.ID]);
  });

  it('refuses an unknown id, a missing reason and extra arguments, changing nothing', async () => {
    expect(await runCli(['approve', 'bank-withdrawal', '999999'], s.dataDir)).toEqual({ code: 1, out: 'No bank withdrawal has id 999999.' });
    expect((await runCli(['reject', 'bank-withdrawal', '1'], s.dataDir)).code).toBe(1);
    expect((await runCli(['approve', 'bank-withdrawal', '1', 'extra'], s.dataDir)).code).toBe(1);
    expect((await runCli(['approve', 'bank-withdrawal', 'x'], s.dataDir)).code).toBe(1);
  });
});
