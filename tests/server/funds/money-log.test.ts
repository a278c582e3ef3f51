// The financial records (GET /user_money_log/getUser_money_logList): the user's own ledger
// rows, newest first and paged, with exact signed amounts in the coin's decimals and the total
// after each change; coinname and type filters; bad filters answer code 7 and change nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inlineRefs } from '../../../contract/loader.ts';
import { applyChanges } from '../../../server/core/ledger.ts';
import { adminDeposit, createFakeMarket, ledgerMismatches, tradingState } from '../../../server/composition/money.ts';
import { call, clock, type Loose, ROOT, registerByEmail, startServer, type TestServer } from '../helpers.ts';

const PATH = '/user_money_log/getUser_money_logList';
const c = clock();
const market = createFakeMarket(c.now);
let s: TestServer;
let alice: { token: string; id: number };
let bob: { token: string; id: number };

const entityDir = join(ROOT, 'schemas/entities');
const validateRecord = new Ajv({ strict: false }).compile(inlineRefs(JSON.parse(readFileSync(join(entityDir, 'money-log.json'), 'utf8')), entityDir) as object);

const log = (token: string, query: Record<string, string | number> = {}) => call(s.app, 'GET', PATH, { token, query });
const brief = (rows: Loose[]) => rows.map((r) => ({ coinname: r.coinname, type: r.type, amount: r.amount, balance: r.balance }));

beforeAll(async () => {
  s = await startServer({ market, scheduler: false }, c);
  market.setPrice('btcusdt', '30000.00');
  const a = await registerByEmail(s.app, 'alice-log@example.com');
  const b = await registerByEmail(s.app, 'bob-log@example.com');
  alice = { token: a.token, id: a.user.ID };
  bob = { token: b.token, id: b.user.ID };
  await adminDeposit(s.app.db, alice.id, 'USDT', '1000', c.now());
  c.advance(1000);
  // 100 / 30000 → 0.003333 BTC for 99.99 USDT, fee 0.00000333 BTC (tests/server/spot.test.ts)
  const buy = await call(s.app, 'POST', '/bborder/upbbbuy', { token: alice.token, body: { symbol: 'btcusdt', buytype: 'market', musdt: '100' } });
  expect(buy.code, buy.msg).toBe(0);
  c.advance(2000);
  // 0.001 BTC at 31000 → 31 USDT, fee 0.031 USDT
  market.setPrice('btcusdt', '31000.00');
  const sell = await call(s.app, 'POST', '/bborder/upbbsell', { token: alice.token, body: { symbol: 'btcusdt', type: 'market', mnum: '0.001' } });
  expect(sell.code, sell.msg).toBe(0);
  c.advance(2000);
  // A limit order below the market only freezes (25000 × 0.0008 = 20 USDT, within the ±20 % band):
  // the total does not change, so it is no financial record.
  const limit = await call(s.app, 'POST', '/bborder/upbbbuy', {
    token: alice.token,
    body: { symbol: 'btcusdt', buytype: 'limit', mprice: '25000', mnum: '0.0008' },
  });
  expect(limit.code, limit.msg).toBe(0);
  c.advance(1000);
  // With 20 USDT frozen, the balance after a change is still the whole total.
  await adminDeposit(s.app.db, alice.id, 'USDT', '5', c.now());
});
afterAll(() => s.app.close());
afterEach(async () => {
  expect(await ledgerMismatches(s.app.db)).toEqual([]);
});

describe('the money log', () => {
  it('lists every change of the total, newest first, with exact signed amounts and the total after', async () => {
    const r = await log(alice.token);
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ total: 8, page: 1, pageSize: 20 });
    for (const row of r.data.list) expect(validateRecord(row), JSON.stringify(validateRecord.errors)).toBe(true);
    expect(brief(r.data.list)).toEqual([
      { coinname: 'USDT', type: 'agent_deposit', amount: '5.000000', balance: '935.979000' },
      { coinname: 'USDT', type: 'spot_fee', amount: '-0.031000', balance: '930.979000' },
      { coinname: 'USDT', type: 'spot_sell', amount: '31.000000', balance: '931.010000' },
      { coinname: 'BTC', type: 'spot_sell', amount: '-0.00100000', balance: '0.00232967' },
      { coinname: 'BTC', type: 'spot_fee', amount: '-0.00000333', balance: '0.00332967' },
      { coinname: 'BTC', type: 'spot_buy', amount: '0.00333300', balance: '0.00333300' },
      { coinname: 'USDT', type: 'spot_buy', amount: '-99.990000', balance: '900.010000' },
      { coinname: 'USDT', type: 'agent_deposit', amount: '1000.000000', balance: '1000.000000' },
    ]);
    const ids = r.data.list.map((row: Loose) => row.ID);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
    expect(r.data.list.at(-1).CreatedAt).toBe(new Date(Date.UTC(2025, 0, 15, 12, 0, 0)).toISOString());
    // The balance shown is the total: the limit order's frozen 20 USDT is still counted.
    const assets = await call(s.app, 'GET', '/user/mycoin', { token: alice.token, query: { cate: 1 } });
    expect(assets.data.list[0]).toMatchObject({ coin: 'USDT', total: '935.979000', available: '915.979000', frozen: '20.000000' });
  });

  it('pages', async () => {
    const all = (await log(alice.token)).data.list.map((row: Loose) => row.ID);
    const one = await log(alice.token, { page: 1, pageSize: 3 });
    const three = await log(alice.token, { page: 3, pageSize: 3 });
    expect(one.data).toMatchObject({ total: 8, page: 1, pageSize: 3 });
    expect(one.data.list.map((row: Loose) => row.ID)).toEqual(all.slice(0, 3));
    expect(three.data.list.map((row: Loose) => row.ID)).toEqual(all.slice(6));
    expect((await log(alice.token, { page: 4, pageSize: 3 })).data.list).toEqual([]);
  });

  it('filters by coinname and by type, and by both', async () => {
    const btc = await log(alice.token, { coinname: 'BTC' });
    expect(brief(btc.data.list).map((r) => r.type)).toEqual(['spot_sell', 'spot_fee', 'spot_buy']);
    expect(btc.data.total).toBe(3);
    const fees = await log(alice.token, { type: 'spot_fee' });
    expect(brief(fees.data.list).map((r) => `${r.coinname} ${r.amount}`)).toEqual(['USDT -0.031000', 'BTC -0.00000333']);
    const usdtBuys = await log(alice.token, { coinname: 'USDT', type: 'spot_buy' });
    expect((await log(alice.token, { coinname: 'USDT', type: 'agent_deposit' })).data.total).toBe(2);
    expect(brief(usdtBuys.data.list)).toEqual([{ coinname: 'USDT', type: 'spot_buy', amount: '-99.990000', balance: '900.010000' }]);
    const everything = await log(alice.token, { coinname: '', type: '' });
    expect(everything.data.total).toBe(8);
    expect((await log(alice.token, { type: 'ieo_reward_1' })).data).toMatchObject({ list: [], total: 0 });
    expect((await log(alice.token, { coinname: 'ETH' })).data).toMatchObject({ list: [], total: 0 });
  });

  it('shows the freezes a customer asks about (financing, mining), each amount once, but no limit order freeze', async () => {
    const carol = await registerByEmail(s.app, 'carol-log@example.com');
    const id = carol.user.ID;
    await adminDeposit(s.app.db, id, 'USDT', '3000', c.now());
    c.advance(1000);
    const bought = await call(s.app, 'POST', '/financing_order/createFinancing_order', { token: carol.token, body: { financing_id: 1, money: '100' } });
    expect(bought.code, bought.msg).toBe(0);
    c.advance(1000);
    const redeemed = await call(s.app, 'POST', '/financing_order/redemption', { token: carol.token, body: { ID: bought.data.ID } });
    expect(redeemed.code, redeemed.msg).toBe(0);
    // a mining order's request (available → frozen) and approval (the frozen price leaves), as server/earn/mining/mining-review.ts writes them
    c.advance(1000);
    await s.app.db
      .transaction()
      .execute((trx) =>
        applyChanges(trx, [{ userId: id, coin: 'USDT', available: -2000n * 10n ** 8n, frozen: 2000n * 10n ** 8n, type: 'mining_purchase', refId: 1 }], c.now()),
      );
    c.advance(1000);
    await s.app.db
      .transaction()
      .execute((trx) =>
        applyChanges(trx, [{ userId: id, coin: 'USDT', available: 0n, frozen: -2000n * 10n ** 8n, type: 'mining_purchase', refId: 1 }], c.now()),
      );
    const rows = (await log(carol.token, { pageSize: 50 })).data.list.map((r: Loose) => ({ type: r.type, amount: r.amount, frozen: r.frozen }));
    expect(rows.filter((r: Loose) => r.type === 'mining_purchase')).toEqual([
      { type: 'mining_purchase', amount: '-2000.000000', frozen: '' },
      { type: 'mining_purchase', amount: '', frozen: '2000.000000' },
    ]);
    expect(rows.find((r: Loose) => r.type === 'finance_purchase')).toEqual({ type: 'finance_purchase', amount: '', frozen: '100.000000' });
    expect(rows.some((r: Loose) => r.type === 'finance_redemption' && r.frozen === '-100.000000' && r.amount === '')).toBe(true);
    // every type the filter offers finds its rows
    const filtered = await log(carol.token, { type: 'finance_purchase' });
    expect(filtered.data.list.map((r: Loose) => r.type)).toEqual(['finance_purchase']);
    // alice's limit order froze 20 USDT: not a record
    const aliceBuys = await log(alice.token, { type: 'spot_buy', coinname: 'USDT' });
    expect(aliceBuys.data.list.map((r: Loose) => r.amount)).toEqual(['-99.990000']);
  });

  it('another user sees none of it', async () => {
    const r = await log(bob.token);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ list: [], total: 0 });
    expect((await log(bob.token, { coinname: 'USDT' })).data.list).toEqual([]);
  });

  it('without a token: 4015', async () => {
    expect((await call(s.app, 'GET', PATH, { query: {} })).code).toBe(4015);
  });

  for (const [field, query] of [
    ['type', { type: 'bogus' }],
    ['coinname', { coinname: 'XYZ' }],
    ['coinname', { coinname: 'btc' }],
    ['pageSize', { pageSize: 1000 }],
  ] as const) {
    it(`${JSON.stringify(query)}: code 7 naming ${field}, nothing written`, async () => {
      const before = await tradingState(s.app.db);
      const r = await log(alice.token, query);
      expect(r.code, r.msg).toBe(7);
      expect(r.data).toMatchObject({ field });
      expect(r.msg).toContain(field);
      expect(await tradingState(s.app.db)).toEqual(before);
    });
  }
});

describe('the type filter and the ledger agree', () => {
  it('every financial record type of spec §3 is a filter option with a label, and the entity lists the same values', () => {
    const screen = JSON.parse(readFileSync(join(ROOT, 'schemas/screens/coin-records.json'), 'utf8'));
    const entity = JSON.parse(readFileSync(join(entityDir, 'ledger-type.json'), 'utf8'));
    const filter = screen.filters.find((f: Loose) => f.field === 'type');
    const values = filter.options.map((o: Loose) => o.value);
    expect(values[0]).toBe('');
    expect(values.slice(1)).toEqual(entity.enum);
    for (const o of filter.options.slice(1)) expect(o.label).toBe(`records.type.${o.value}`);
    // spec §3 Financial record types, plus the ledger's administrator deposit and spot fee, and the
    // freezes and payouts of withdrawals, bank withdrawals, loans and wire deposits, and the back
    // office's manual debit (four eyes)
    expect([...entity.enum].sort()).toEqual(
      [
        'contract_open',
        'contract_close',
        'mining_purchase',
        'mining_purchase_reward',
        'mining_earnings_frozen',
        'mining_earnings_released',
        'spot_buy',
        'spot_sell',
        'spot_exchange',
        'exchange_fee',
        'ieo_subscribe',
        'ieo_reward_1',
        'ieo_reward_2',
        'ieo_reward_3',
        'asset_release',
        'agent_deposit',
        'finance_purchase',
        'finance_earnings',
        'finance_redemption',
        'finance_penalty',
        'withdrawal_refund',
        'deposit_success',
        'withdrawal_success',
        'admin_deposit',
        'spot_fee',
        'withdrawal_request',
        'bank_withdrawal_request',
        'bank_withdrawal_success',
        'loan_disbursement',
        'loan_repayment',
        'wire_deposit',
        'admin_debit',
      ].sort(),
    );
  });
});
