// Crypto withdrawals: the coins open for withdrawal, POST /withdraw/createWithdraw (every
// refusal with a valid session, the freeze of amount + fee, idempotency), the customer's list
// and detail, the operator's review (approve, reject with refund, deciding twice), the blocks
// (no withdrawal password 4022, wrong 4023, the lock after five, 24 h after a login password
// change) with their end times, manual review, and the address-book whitelist mode.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../../server/ops/cli.ts';
import { ledgerMismatches } from '../../../../server/core/ledger.ts';
import { adminDeposit } from '../../../../server/funds/deposits/admin-deposit.ts';
import { call, login, msg, newCaptcha, registerByEmail, ROOT, sendEmailCode, startServer, type TestServer, verifyIdentity } from '../../helpers.ts';

let s: TestServer;
const LOGIN = 'Secret-pass-123';
const PAY = '418263';
const HOUR = 3_600_000;
const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const TRON2 = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const BTC_ADDR = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
let coinIds: Record<string, number> = {};

const validWithdrawal = new Ajv({ strict: false, allErrors: true }).compile(JSON.parse(readFileSync(join(ROOT, 'schemas/entities/withdrawal.json'), 'utf8')));
function expectWithdrawal(value: unknown) {
  expect(validWithdrawal(value), JSON.stringify(validWithdrawal.errors)).toBe(true);
}

interface Account {
  token: string;
  id: number;
  email: string;
}

let seq = 0;
/** A registered user with a withdrawal password (unless `pay` is false) and a USDT balance. */
async function account(opts: { pay?: boolean; usdt?: string; settle?: boolean } = {}): Promise<Account> {
  const email = `w${++seq}@example.com`;
  const { token, user } = await registerByEmail(s.app, email, LOGIN);
  await verifyIdentity(s.app.db, user.ID);
  if (opts.pay !== false) expect((await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: LOGIN, password: PAY } })).code).toBe(0);
  if (opts.usdt !== '0') await adminDeposit(s.app.db, user.ID, 'USDT', opts.usdt ?? '1000', s.clock.now());
  return { token, id: user.ID, email };
}

function body(extra: Record<string, unknown> = {}) {
  return { coinname: 'USDT', coin_id: coinIds.USDT, czline: 'TRC20', address: TRON, num: '100', pay_password: PAY, ...extra };
}

const withdraw = (a: Account, extra: Record<string, unknown> = {}, lang?: string) =>
  call(s.app, 'POST', '/withdraw/createWithdraw', { token: a.token, body: body(extra), lang });

async function balance(a: Account, coin = 'USDT') {
  const row = await s.app.db.selectFrom('balances').select(['available', 'frozen']).where('user_id', '=', a.id).where('coin', '=', coin).executeTakeFirst();
  return { available: BigInt(row?.available ?? 0), frozen: BigInt(row?.frozen ?? 0) };
}

const U = (n: number | string) => BigInt(Math.round(Number(n) * 1e8));

async function rowsOf(a: Account) {
  return s.app.db.selectFrom('withdrawals').selectAll().where('user_id', '=', a.id).orderBy('id').execute();
}

async function ledgerOf(a: Account) {
  return s.app.db
    .selectFrom('ledger')
    .select(['type', 'amount', 'frozen_change', 'ref_id'])
    .where('user_id', '=', a.id)
    .where('type', 'in', ['withdrawal_request', 'withdrawal_success', 'withdrawal_refund'])
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  s = await startServer();
  const coins = await call(s.app, 'GET', '/coin/getCoinList', {});
  coinIds = Object.fromEntries(coins.data.list.map((c: { coin: string; ID: number }) => [c.coin, c.ID]));
});
afterAll(() => s.app.close());

describe('coins open for withdrawal (/bitcoin/withdrawList)', () => {
  it('lists the coins with a network open for withdrawal, and follows the operator', async () => {
    const all = await call(s.app, 'GET', '/coin/getCoinList', { query: { czstatus: 2 } });
    expect(all.code).toBe(0);
    expect(all.data.list.map((c: { coin: string }) => c.coin)).toEqual(['USDT', 'BTC', 'ETH', 'USDC', 'TRX', 'BNB']);
    // the withdraw list (getWithdrawCoins) and the forms' source (getCoinList) share this route: either answers with every network
    expect(all.data.networks).toHaveLength(10);
    expect(all.data.networks[0]).toMatchObject({ coin: 'USDT', network: 'TRC20', withdrawMin: '10', withdrawFee: '1', withdrawEnabled: true });
    expect((await runCli(['coin', 'network', 'TRX', 'TRC20', 'withdraw=off'], s.dataDir)).code).toBe(0);
    const fewer = await call(s.app, 'GET', '/coin/getCoinList', { query: { czstatus: 2 } });
    expect(fewer.data.list.map((c: { coin: string }) => c.coin)).not.toContain('TRX');
    expect((await runCli(['coin', 'network', 'TRX', 'TRC20', 'withdraw=on'], s.dataDir)).code).toBe(0);
  });
});

describe('POST /withdraw/createWithdraw', () => {
  it('writes the withdrawal under review and freezes amount + fee in one ledger row; the list and detail show it', async () => {
    const a = await account();
    const r = await withdraw(a, { num: '100' });
    expect(r.code, r.msg).toBe(0);
    expectWithdrawal(r.data);
    expect(r.data).toMatchObject({
      coinname: 'USDT',
      czline: 'TRC20',
      address: TRON,
      num: '100',
      fee: '1',
      total: '101',
      actual: '100',
      status: 1,
      reason: '',
      manualReview: true,
      ReviewedAt: '',
      txHash: null,
    });
    expect(new Date(r.data.CreatedAt).getTime()).toBe(s.clock.now());

    expect(await balance(a)).toEqual({ available: U(899), frozen: U(101) });
    expect(await ledgerOf(a)).toEqual([{ type: 'withdrawal_request', amount: '0', frozen_change: U(101).toString(), ref_id: r.data.ID }]);
    const [row] = await rowsOf(a);
    expect(row).toMatchObject({ coin: 'USDT', network: 'TRC20', address: TRON, amount: U(100).toString(), fee: U(1).toString(), status: 1, manual_review: 1 });

    const list = await call(s.app, 'GET', '/withdraw/myWithdrawList', { token: a.token, query: { page: 1, pageSize: 10 } });
    expect(list.data).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(list.data.list).toEqual([r.data]);
    const detail = await call(s.app, 'GET', '/withdraw/findWithdraw', { token: a.token, query: { ID: r.data.ID } });
    expect(detail.data).toEqual(r.data);
  });

  it('takes the amount as a JSON number too, with the same limits', async () => {
    const a = await account();
    const r = await withdraw(a, { num: 20.5 });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ num: '20.5', fee: '1', total: '21.5' });
    expect(await balance(a)).toEqual({ available: U(978.5), frozen: U(21.5) });
    const low = await withdraw(a, { num: 5 }, 'de');
    expect(low).toMatchObject({ code: 7, msg: msg('de', 'withdraw.belowMinimum', { limit: '10.00' }), data: { field: 'num' } });
    // exponent, negative and too precise numbers meet the live limits first, which name the limit
    const cases: [number, string, Record<string, string>][] = [
      [1e-7, 'withdraw.belowMinimum', { limit: '10.00' }],
      [-5, 'withdraw.belowMinimum', { limit: '10.00' }],
      [1e21, 'withdraw.aboveMaximum', { limit: '100000.00' }],
      [12.1234567, 'validation.decimals', { limit: '6' }],
    ];
    for (const [num, key, params] of cases) {
      const bad = await withdraw(a, { num });
      expect(bad, String(num)).toMatchObject({ code: 7, msg: msg('en', key, params), data: { field: 'num' } });
    }
    expect(await rowsOf(a)).toHaveLength(1);
  });

  it('a withdrawal after the manual-review window is not flagged; All (available − fee) withdraws everything', async () => {
    const a = await account({ usdt: '50' });
    s.clock.advance(73 * HOUR);
    expect((await call(s.app, 'GET', '/withdraw/status', { token: a.token })).data).toMatchObject({ manualReview: false, block: null });
    const r = await withdraw(a, { num: '49' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.manualReview).toBe(false);
    expect(await balance(a)).toEqual({ available: 0n, frozen: U(50) });
  });

  it('a double-submitted request (the same Idempotency-Key) makes one withdrawal and freezes once', async () => {
    const a = await account();
    const send = () =>
      s.app.inject({
        method: 'POST',
        url: '/api/withdraw/createWithdraw',
        headers: { 'x-token': a.token, 'idempotency-key': 'withdraw-key-0001' },
        payload: body({ num: '30' }),
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect(first.json().code).toBe(0);
    expect(second.json()).toEqual(first.json());
    const third = await send();
    expect(third.json()).toEqual(first.json());
    expect(await rowsOf(a)).toHaveLength(1);
    expect(await balance(a)).toEqual({ available: U(969), frozen: U(31) });
  });

  it('refuses bad input with a valid session, naming the field and the limit, and writes nothing', async () => {
    const a = await account();
    await s.app.db.updateTable('coin_networks').set({ withdraw_enabled: 1 }).execute();
    const missing = (field: string) => {
      const b: Record<string, unknown> = body();
      delete b[field];
      return b;
    };
    // [body, code, field, message key, params]
    const cases: [Record<string, unknown>, number, string | null, string, Record<string, string | number>][] = [
      [missing('num'), 7, 'num', 'withdraw.amountRequired', {}],
      [missing('address'), 7, 'address', 'withdraw.addressRequired', {}],
      [missing('pay_password'), 7, 'pay_password', 'withdraw.payPasswordRequired', {}],
      [missing('czline'), 7, 'czline', 'withdraw.networkRequired', {}],
      [missing('coinname'), 7, 'coinname', 'withdraw.coinRequired', {}],
      [missing('coin_id'), 7, 'coin_id', 'withdraw.coinRequired', {}],
      [body({ coin_id: 'USDT' }), 7, 'coin_id', 'validation.invalid', {}],
      [body({ num: true }), 7, 'num', 'withdraw.amountInvalid', {}],
      [body({ address: 42 }), 7, 'address', 'validation.invalid', {}],
      [body({ extra: 1 }), 7, 'extra', 'validation.unknownField', {}],
      [body({ coinname: 'DOGE' }), 4019, null, 'errors.4019', {}],
      [body({ coinname: 'BTC', coin_id: coinIds.BTC, czline: 'TRC20' }), 7, 'czline', 'funds.networkMismatch', { coin: 'BTC', networks: 'BTC' }],
      [body({ czline: 'SOLANA' }), 7, 'czline', 'funds.networkMismatch', { coin: 'USDT', networks: 'TRC20, ERC20, BEP20' }],
      [body({ coin_id: coinIds.BTC }), 7, 'coin_id', 'withdraw.coinIdMismatch', { coin: 'USDT' }],
      [body({ address: BTC_ADDR }), 7, 'address', 'address.formatInvalid', { network: 'TRC20', example: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' }],
      [body({ address: 'short' }), 7, 'address', 'address.addrInvalid', {}],
      [body({ num: '0' }), 7, 'num', 'withdraw.belowMinimum', { limit: '10.00' }],
      [body({ num: '9.999999' }), 7, 'num', 'withdraw.belowMinimum', { limit: '10.00' }],
      [body({ num: '100001' }), 7, 'num', 'withdraw.aboveMaximum', { limit: '100000.00' }],
      [body({ num: '999.5' }), 7, 'num', 'withdraw.aboveAvailable', { limit: '999.00' }],
      [body({ num: '-5' }), 7, 'num', 'withdraw.amountInvalid', {}],
      [body({ num: '1e2' }), 7, 'num', 'withdraw.amountInvalid', {}],
      [body({ num: 'NaN' }), 7, 'num', 'withdraw.amountInvalid', {}],
      [body({ num: '12.1234567' }), 7, 'num', 'validation.decimals', { limit: '6' }],
      [body({ pay_password: '123' }), 7, 'pay_password', 'withdraw.payPasswordLength', {}],
    ];
    const before = await balance(a);
    for (const [b, code, field, key, params] of cases) {
      const r = await call(s.app, 'POST', '/withdraw/createWithdraw', { token: a.token, body: b, lang: 'jp' });
      expect(r, JSON.stringify(b)).toMatchObject({ code, msg: msg('jp', key, params) });
      if (field) expect(r.data, JSON.stringify(b)).toMatchObject({ field });
    }
    expect(await rowsOf(a)).toHaveLength(0);
    expect(await balance(a)).toEqual(before);
    expect(Number((await s.app.db.selectFrom('users').select('pay_failures').where('id', '=', a.id).executeTakeFirstOrThrow()).pay_failures)).toBe(0);
  });

  it('refuses a network closed for withdrawals, and more than the balance with 4020 when the limits cannot see it', async () => {
    const a = await account({ usdt: '15' });
    expect((await runCli(['coin', 'network', 'USDT', 'ERC20', 'withdraw=off'], s.dataDir)).code).toBe(0);
    const closed = await withdraw(a, { czline: 'ERC20', address: '0x52908400098527886E0F7030069857D2E4169EE7', num: '12' });
    expect(closed).toMatchObject({ code: 7, msg: msg('en', 'withdraw.networkClosed', { coin: 'USDT', network: 'ERC20' }), data: { field: 'czline' } });
    expect((await runCli(['coin', 'network', 'USDT', 'ERC20', 'withdraw=on'], s.dataDir)).code).toBe(0);
    // 15 USDT: 14 + fee 1 fits exactly, 14.000001 does not (the live limit says so, naming the most)
    const over = await withdraw(a, { num: '14.000001' });
    expect(over).toMatchObject({ code: 7, msg: msg('en', 'withdraw.aboveAvailable', { limit: '14.00' }), data: { field: 'num' } });
    // BTC: no balance row at all, so no "available" limit is known: the handler answers 4020
    const btc = await withdraw(a, { coinname: 'BTC', coin_id: coinIds.BTC, czline: 'BTC', address: BTC_ADDR, num: '0.01' }, 'de');
    expect(btc).toMatchObject({ code: 4020, msg: msg('de', 'errors.4020') });
    expect(await rowsOf(a)).toHaveLength(0);
    const ok = await withdraw(a, { num: '14' });
    expect(ok.code, ok.msg).toBe(0);
    expect(await balance(a)).toEqual({ available: 0n, frozen: U(15) });
  });

  it('needs a session', async () => {
    expect((await call(s.app, 'POST', '/withdraw/createWithdraw', { body: body() })).code).toBe(4015);
    expect((await call(s.app, 'GET', '/withdraw/myWithdrawList')).code).toBe(4015);
  });
});

describe('blocks: the withdrawal password and a login password change', () => {
  it('without a withdrawal password: 4022 with the block (and its link), nothing written', async () => {
    const a = await account({ pay: false });
    const status = await call(s.app, 'GET', '/withdraw/status', { token: a.token });
    expect(status.data).toMatchObject({ hasPayPassword: false, block: { reason: 'noPayPassword', until: null, link: '/login/resetWithdrawPassword' } });
    const r = await withdraw(a, {}, 'fr');
    expect(r).toMatchObject({ code: 4022, msg: msg('fr', 'errors.4022'), data: { block: { reason: 'noPayPassword' } } });
    expect(await rowsOf(a)).toHaveLength(0);
    expect(await balance(a)).toEqual({ available: U(1000), frozen: 0n });
  });

  it('a wrong one is 4023 under pay_password; the fifth in a row locks withdrawals with the end time; a right one resets the count', async () => {
    const a = await account();
    const wrong = await withdraw(a, { pay_password: 'not-the-one' }, 'de');
    expect(wrong).toMatchObject({ code: 4023, msg: msg('de', 'errors.4023'), data: { field: 'pay_password', remaining: 4 } });
    // a right one in between starts the count again
    expect((await withdraw(a, { num: '10' })).code).toBe(0);
    for (let i = 1; i <= 4; i++) expect((await withdraw(a, { pay_password: 'not-the-one' })).data.remaining).toBe(5 - i);
    const until = s.clock.now() + 60 * 60_000;
    const fifth = await withdraw(a, { pay_password: 'not-the-one' }, 'de');
    const shown = new Date(until).toISOString().slice(0, 16).replace('T', ' ');
    expect(fifth).toMatchObject({
      code: 7,
      msg: msg('de', 'funds.block.payLocked', { until: `${shown} UTC` }),
      data: { block: { reason: 'payLocked', until } },
    });
    // locked: even the right password is refused with the lock, and the status shows it
    expect((await withdraw(a)).data.block).toEqual({ reason: 'payLocked', until, link: null });
    expect((await call(s.app, 'GET', '/withdraw/status', { token: a.token })).data.block).toEqual({ reason: 'payLocked', until, link: null });
    expect(await rowsOf(a)).toHaveLength(1);
    s.clock.advance(60 * 60_000 + 1);
    expect((await withdraw(a, { num: '10' })).code).toBe(0);
    expect(await rowsOf(a)).toHaveLength(2);
  });

  it('counts wrong withdrawal passwords sent at the same moment one by one: five at once lock withdrawals', async () => {
    const a = await account();
    const answers = await Promise.all(Array.from({ length: 5 }, () => withdraw(a, { pay_password: 'not-the-one' })));
    expect(answers.filter((r) => r.code === 4023)).toHaveLength(4);
    expect(answers.filter((r) => r.data?.block?.reason === 'payLocked')).toHaveLength(1);
    expect((await call(s.app, 'GET', '/withdraw/status', { token: a.token })).data.block).toMatchObject({ reason: 'payLocked' });
    expect(await rowsOf(a)).toHaveLength(0);
  });

  it('blocks withdrawals for 24 hours after a login password change (the reset flow), showing the end time, then sends them to manual review', async () => {
    const a = await account();
    s.clock.advance(100 * HOUR); // past the manual-review window of setting the withdrawal password
    const emailCode = await sendEmailCode(s.app, a.email);
    const reset = await call(s.app, 'POST', '/base/resetPwd', { body: { email: a.email, emailCode, passWord: 'new-login-1', ...(await newCaptcha(s.app)) } });
    expect(reset.code, reset.msg).toBe(0);
    const changedAt = s.clock.now();
    const token = (await login(s.app, a.email, 'new-login-1')).data.token as string;
    const b = { ...a, token };

    const until = changedAt + 24 * HOUR;
    const status = await call(s.app, 'GET', '/withdraw/status', { token });
    expect(status.data).toMatchObject({ block: { reason: 'passwordChanged', until, link: null }, manualReview: true });
    s.clock.advance(23 * HOUR);
    const r = await withdraw(b, {}, 'kr');
    const shown = new Date(until).toISOString().slice(0, 16).replace('T', ' ');
    expect(r).toMatchObject({
      code: 7,
      msg: msg('kr', 'funds.block.passwordChanged', { until: `${shown} UTC` }),
      data: { block: { reason: 'passwordChanged', until } },
    });
    expect(await rowsOf(a)).toHaveLength(0);
    // the pay password is not even checked (nor counted) while blocked
    expect((await withdraw(b, { pay_password: 'wrong-one' })).code).toBe(7);
    expect(Number((await s.app.db.selectFrom('users').select('pay_failures').where('id', '=', a.id).executeTakeFirstOrThrow()).pay_failures)).toBe(0);

    s.clock.advance(HOUR);
    const ok = await withdraw(b);
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data.manualReview).toBe(true);
  });

  it('a login password change set directly blocks from that moment', async () => {
    const a = await account();
    await s.app.db
      .updateTable('users')
      .set({ password_changed_at: s.clock.now() - HOUR })
      .where('id', '=', a.id)
      .execute();
    expect((await withdraw(a)).data.block).toEqual({ reason: 'passwordChanged', until: s.clock.now() + 23 * HOUR, link: null });
    expect(await rowsOf(a)).toHaveLength(0);
  });
});

describe('GET /withdraw/myWithdrawList and /withdraw/findWithdraw', () => {
  it('list own withdrawals only, newest first, paged, filtered by status; another user id is like a missing one', async () => {
    const a = await account();
    const b = await account();
    const ids: number[] = [];
    for (const num of ['10', '11', '12']) {
      s.clock.advance(1000);
      ids.push((await withdraw(a, { num })).data.ID);
    }
    const bobs = (await withdraw(b, { num: '13' })).data.ID;
    expect((await runCli(['reject', 'withdrawal', String(ids[0]), 'Address', 'flagged'], s.dataDir)).code).toBe(0);

    const all = await call(s.app, 'GET', '/withdraw/myWithdrawList', { token: a.token });
    expect(all.data).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(all.data.list.map((w: { ID: number }) => w.ID)).toEqual([...ids].reverse());
    const page2 = await call(s.app, 'GET', '/withdraw/myWithdrawList', { token: a.token, query: { page: 2, pageSize: 2 } });
    expect(page2.data.list.map((w: { ID: number }) => w.ID)).toEqual([ids[0]]);
    const pending = await call(s.app, 'GET', '/withdraw/myWithdrawList', { token: a.token, query: { status: 1 } });
    expect(pending.data.list.map((w: { ID: number }) => w.ID)).toEqual([ids[2], ids[1]]);
    const rejected = await call(s.app, 'GET', '/withdraw/myWithdrawList', { token: a.token, query: { status: 3 } });
    expect(rejected.data.list).toEqual([expect.objectContaining({ ID: ids[0], status: 3, reason: 'Address flagged' })]);
    expect((await call(s.app, 'GET', '/withdraw/myWithdrawList', { token: a.token, query: { status: '' } })).data.total).toBe(3);

    for (const ID of [bobs, 999_999]) {
      expect(await call(s.app, 'GET', '/withdraw/findWithdraw', { token: a.token, query: { ID }, lang: 'jp' })).toMatchObject({
        code: 7,
        msg: msg('jp', 'errors.notFound'),
        data: null,
      });
    }
    expect((await call(s.app, 'GET', '/withdraw/findWithdraw', { token: b.token, query: { ID: bobs } })).code).toBe(0);
  });

  it('refuses bad paging, filters and ids', async () => {
    const a = await account({ usdt: '0' });
    const cases: Record<string, string | number>[] = [{ page: 0 }, { pageSize: 101 }, { status: 4 }, { status: 'x' }, { sort: 'id' }];
    for (const query of cases) {
      const r = await call(s.app, 'GET', '/withdraw/myWithdrawList', { token: a.token, query });
      expect(r.code, JSON.stringify(query)).toBe(7);
      expect(r.data.field).toBe(Object.keys(query)[0]);
    }
    for (const query of [{}, { ID: 0 }, { ID: 'abc' }, { ID: -1 }] as Record<string, string | number>[]) {
      const r = await call(s.app, 'GET', '/withdraw/findWithdraw', { token: a.token, query, lang: 'jp' });
      expect(r, JSON.stringify(query)).toMatchObject({ code: 7, msg: msg('jp', 'validation.invalid'), data: { field: 'ID' } });
    }
  });
});

describe('review: ops approve|reject withdrawal', () => {
  it('lists pending withdrawals; approve lets amount + fee leave the frozen balance; twice changes nothing and says so', async () => {
    const a = await account();
    const w = (await withdraw(a, { num: '100' })).data;
    const reviews = await runCli(['reviews'], s.dataDir);
    expect(reviews.out).toMatch(new RegExp(`withdrawal\\s+${w.ID}\\s+${a.email}\\s+100 USDT \\+ fee 1 on TRC20 to ${TRON} \\(manual review`));

    const approved = await runCli(['approve', 'withdrawal', String(w.ID)], s.dataDir);
    expect(approved).toMatchObject({ code: 0 });
    expect(approved.out).toMatch(/approved: 100 USDT .* 101 USDT .* left the frozen balance \(withdrawal_success\)/);
    expect(await balance(a)).toEqual({ available: U(899), frozen: 0n });
    expect(await ledgerOf(a)).toEqual([
      { type: 'withdrawal_request', amount: '0', frozen_change: U(101).toString(), ref_id: w.ID },
      { type: 'withdrawal_success', amount: (-U(101)).toString(), frozen_change: (-U(101)).toString(), ref_id: w.ID },
    ]);
    const shown = (await call(s.app, 'GET', '/withdraw/findWithdraw', { token: a.token, query: { ID: w.ID } })).data;
    expect(shown).toMatchObject({ status: 2, reason: '' });
    expect(shown.ReviewedAt).not.toBe('');
    // the transaction hash once the back office records it; null until then
    expect(shown.txHash).toBeNull();
    const hash = '7c9d0a1b2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b';
    await s.app.db.updateTable('withdrawals').set({ tx_hash: hash }).where('id', '=', w.ID).execute();
    expect((await call(s.app, 'GET', '/withdraw/findWithdraw', { token: a.token, query: { ID: w.ID } })).data).toMatchObject({ status: 2, txHash: hash });
    const listed = await call(s.app, 'GET', '/withdraw/myWithdrawList', { token: a.token, query: { page: 1, pageSize: 10 } });
    expect(listed.data.list.find((x: { ID: number }) => x.ID === w.ID)).toMatchObject({ txHash: hash });

    for (const args of [
      ['approve', 'withdrawal', String(w.ID)],
      ['reject', 'withdrawal', String(w.ID), 'too', 'late'],
    ]) {
      const again = await runCli(args, s.dataDir);
      expect(again).toEqual({ code: 0, out: `Withdrawal ${w.ID} is already completed; nothing changed.` });
    }
    expect(await ledgerOf(a)).toHaveLength(2);
    expect((await runCli(['reviews'], s.dataDir)).out).not.toMatch(new RegExp(`withdrawal\\s+${w.ID}\\s`));
  });

  it('reject returns amount + fee to the available balance (withdrawal refund) and the customer sees the reason; twice changes nothing', async () => {
    const a = await account();
    const w = (await withdraw(a, { num: '250.5' })).data;
    expect(await balance(a)).toEqual({ available: U(748.5), frozen: U(251.5) });
    const rejected = await runCli(['reject', 'withdrawal', String(w.ID), 'The', 'address', 'belongs', 'to', 'a', 'sanctioned', 'wallet'], s.dataDir);
    expect(rejected.code).toBe(0);
    expect(rejected.out).toMatch(/rejected: 251.5 USDT returned to the available balance \(withdrawal_refund\)/);
    expect(await balance(a)).toEqual({ available: U(1000), frozen: 0n });
    expect((await ledgerOf(a)).at(-1)).toEqual({ type: 'withdrawal_refund', amount: '0', frozen_change: (-U(251.5)).toString(), ref_id: w.ID });
    const detail = (await call(s.app, 'GET', '/withdraw/findWithdraw', { token: a.token, query: { ID: w.ID } })).data;
    expect(detail).toMatchObject({ status: 3, reason: 'The address belongs to a sanctioned wallet', num: '250.5', total: '251.5' });

    const again = await runCli(['reject', 'withdrawal', String(w.ID), 'again'], s.dataDir);
    expect(again.out).toBe(`Withdrawal ${w.ID} is already rejected (reason: The address belongs to a sanctioned wallet); nothing changed.`);
    expect((await runCli(['approve', 'withdrawal', String(w.ID)], s.dataDir)).out).toMatch(/already rejected .*nothing changed/);
    expect(await balance(a)).toEqual({ available: U(1000), frozen: 0n });
    expect(await ledgerOf(a)).toHaveLength(2);
  });

  it('refuses unknown ids, a missing or too long reason, and extra approve arguments', async () => {
    const a = await account();
    const w = (await withdraw(a, { num: '10' })).data;
    expect(await runCli(['approve', 'withdrawal', '999999'], s.dataDir)).toEqual({ code: 1, out: 'No withdrawal has id 999999.' });
    expect((await runCli(['approve', 'withdrawal', 'abc'], s.dataDir)).code).toBe(1);
    expect((await runCli(['reject', 'withdrawal', String(w.ID)], s.dataDir)).code).toBe(1);
    expect((await runCli(['reject', 'withdrawal', String(w.ID), 'x'.repeat(201)], s.dataDir)).out).toMatch(/at most 200/);
    expect((await runCli(['approve', 'withdrawal', String(w.ID), '5'], s.dataDir)).out).toMatch(/no further arguments/);
    expect((await call(s.app, 'GET', '/withdraw/findWithdraw', { token: a.token, query: { ID: w.ID } })).data.status).toBe(1);
    expect(await balance(a)).toEqual({ available: U(989), frozen: U(11) });
  });
});

describe('address-book whitelist mode', () => {
  const save = (a: Account, extra: Record<string, unknown> = {}) =>
    call(s.app, 'POST', '/user_qianbao/createUser_qianbao', {
      token: a.token,
      body: { coin: 'USDT', czline: 'TRC20', addr: TRON, name: 'Cold wallet', ...extra },
    });
  const setWhitelist = (a: Account, b: Record<string, unknown>, lang?: string) =>
    call(s.app, 'PUT', '/user_qianbao/whitelist', { token: a.token, body: b, lang });

  it('while on, withdrawals go only to saved addresses, and one saved while on is usable 24 h later', async () => {
    const a = await account();
    const early = await save(a, { addr: TRON2, name: 'Saved before' });
    expect(early.data).toMatchObject({ activeAt: '', active: true });

    expect(await setWhitelist(a, { enabled: true })).toMatchObject({ code: 0, data: { enabled: true } });
    expect((await call(s.app, 'GET', '/withdraw/status', { token: a.token })).data.whitelist).toBe(true);

    const unsaved = await withdraw(a, { address: TRON }, 'es');
    expect(unsaved).toMatchObject({ code: 7, msg: msg('es', 'withdraw.notInAddressBook', { coin: 'USDT', network: 'TRC20' }), data: { field: 'address' } });

    const saved = await save(a);
    const activeAt = s.clock.now() + 24 * HOUR;
    expect(saved.data).toMatchObject({ activeAt: new Date(activeAt).toISOString(), active: false });
    const list = await call(s.app, 'GET', '/user_qianbao/getUser_qianbaoList', { token: a.token });
    expect(list.data.list[0]).toMatchObject({ addr: TRON, activeAt: new Date(activeAt).toISOString(), active: false });

    const tooEarly = await withdraw(a, { address: TRON }, 'es');
    const shown = new Date(activeAt).toISOString().slice(0, 16).replace('T', ' ');
    expect(tooEarly).toMatchObject({ code: 7, msg: msg('es', 'withdraw.addressNotActive', { until: `${shown} UTC` }), data: { field: 'address' } });
    // saved before whitelist mode: usable at once
    expect((await withdraw(a, { address: TRON2, num: '10' })).code).toBe(0);
    expect(await rowsOf(a)).toHaveLength(1);

    s.clock.advance(24 * HOUR);
    expect((await call(s.app, 'GET', '/user_qianbao/findUser_qianbao', { token: a.token, query: { ID: saved.data.ID } })).data.active).toBe(true);
    const ok = await withdraw(a, { address: TRON, num: '10' });
    expect(ok.code, ok.msg).toBe(0);
  });

  it('turning it off needs the withdrawal password (missing, wrong 4023, unset 4022); turning on does not', async () => {
    const a = await account();
    await setWhitelist(a, { enabled: true });
    expect(await setWhitelist(a, { enabled: false }, 'it')).toMatchObject({
      code: 7,
      msg: msg('it', 'address.whitelistPasswordRequired'),
      data: { field: 'pay_password' },
    });
    expect(await setWhitelist(a, { enabled: false, pay_password: 'wrong-pass' }, 'it')).toMatchObject({
      code: 4023,
      msg: msg('it', 'errors.4023'),
      data: { field: 'pay_password' },
    });
    expect((await call(s.app, 'GET', '/withdraw/status', { token: a.token })).data.whitelist).toBe(true);
    expect(await setWhitelist(a, { enabled: false, pay_password: PAY })).toMatchObject({ code: 0, data: { enabled: false } });
    expect((await call(s.app, 'GET', '/withdraw/status', { token: a.token })).data.whitelist).toBe(false);
    // saved while off: usable at once
    expect((await save(a)).data).toMatchObject({ activeAt: '', active: true });

    const noPay = await account({ pay: false });
    await setWhitelist(noPay, { enabled: true });
    expect((await setWhitelist(noPay, { enabled: false, pay_password: 'anything' })).code).toBe(4022);
    expect((await call(s.app, 'GET', '/withdraw/status', { token: noPay.token })).data.whitelist).toBe(true);
  });

  it('refuses bad whitelist input', async () => {
    const a = await account({ usdt: '0' });
    for (const [b, field] of [
      [{}, 'enabled'],
      [{ enabled: 'yes' }, 'enabled'],
      [{ enabled: false, pay_password: '1' }, 'pay_password'],
      [{ enabled: true, other: 1 }, 'other'],
    ] as const) {
      const r = await setWhitelist(a, b);
      expect(r.code, JSON.stringify(b)).toBe(7);
      expect(r.data.field).toBe(field);
    }
    expect(Number((await s.app.db.selectFrom('users').select('address_whitelist').where('id', '=', a.id).executeTakeFirstOrThrow()).address_whitelist)).toBe(0);
  });
});

describe('the ledger', () => {
  it('sums to the balances after everything above', async () => {
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });
});
