// Spot orders against a fake market whose price the test sets: exact balance moves of
// market orders, limit orders that freeze, fill at their limit price when crossed and
// unfreeze exactly on cancel, and bad input that answers a clear code and changes nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inlineRefs } from '../../contract/loader.ts';
import { I18n } from '../../server/platform/i18n/i18n.ts';
import { adminDeposit, createFakeMarket, ledgerMismatches, runDueWork, tradingState } from '../../server/composition/money.ts';
import { call, clock, type Envelope, type Loose, ROOT, registerByEmail, startServer, type TestServer } from './helpers.ts';

const c = clock();
const market = createFakeMarket(c.now);
const i18n = new I18n();
const t = (key: string, params?: Record<string, string | number>) => i18n.t('en-US', key, params);

const entityDir = join(ROOT, 'schemas/entities');
const validateOrder = new Ajv({ strict: false }).compile(inlineRefs(JSON.parse(readFileSync(join(entityDir, 'spot-order.json'), 'utf8')), entityDir) as object);
function expectOrder(value: unknown): void {
  expect(validateOrder(value), JSON.stringify(validateOrder.errors)).toBe(true);
}

let s: TestServer;
let alice: { token: string; id: number };
let bob: { token: string; id: number };

async function user(email: string, deposits: [string, string][]): Promise<{ token: string; id: number }> {
  const r = await registerByEmail(s.app, email);
  for (const [coin, amount] of deposits) await adminDeposit(s.app.db, r.user.ID, coin, amount, c.now());
  return { token: r.token, id: r.user.ID };
}

async function assets(token: string): Promise<Record<string, Loose>> {
  const r = await call(s.app, 'GET', '/user/mycoin', { token, query: { cate: 1 } });
  expect(r.code, r.msg).toBe(0);
  return Object.fromEntries(r.data.list.map((a: Loose) => [a.coin, a]));
}

const buy = (token: string, body: Record<string, unknown>) => call(s.app, 'POST', '/bborder/upbbbuy', { token, body });
const sell = (token: string, body: Record<string, unknown>) => call(s.app, 'POST', '/bborder/upbbsell', { token, body });
const work = () => runDueWork({ db: s.app.db, market, now: c.now });

beforeAll(async () => {
  s = await startServer({ market, scheduler: false }, c);
  alice = await user('alice-spot@example.com', [
    ['USDT', '1000'],
    ['BTC', '1'],
  ]);
  bob = await user('bob-spot@example.com', [['USDT', '500']]);
});
afterAll(() => s.app.close());
afterEach(async () => {
  // Orders in one test must not hit the per-second limit of the next.
  c.advance(2000);
  expect(await ledgerMismatches(s.app.db)).toEqual([]);
});

describe('market orders', () => {
  it('a market buy spends exactly qty × price and receives qty minus the fee', async () => {
    market.setPrice('btcusdt', '30000.00');
    const r = await buy(alice.token, { symbol: 'btcusdt', buytype: 'market', musdt: '100' });
    expect(r.code, r.msg).toBe(0);
    expectOrder(r.data);
    // 100 / 30000 = 0.0033333… → 0.003333 BTC (amountDecimals 6); cost 99.99; fee 0.003333 × 0.001 = 0.00000333
    expect(r.data).toMatchObject({
      symbol: 'btcusdt',
      side: 'buy',
      type: 'market',
      price: '',
      amount: '0.003333',
      filled: '0.003333',
      total: '99.990000',
      avgPrice: '30000.00',
      fee: '0.00000333',
      feeCoin: 'BTC',
      feeRate: '0.001',
      status: 'filled',
    });
    const a = await assets(alice.token);
    expect(a.USDT).toMatchObject({ available: '900.010000', frozen: '0.000000', total: '900.010000' });
    expect(a.BTC).toMatchObject({ available: '1.00332967', frozen: '0.00000000', total: '1.00332967' });
  });

  it('a market sell receives qty × price minus the fee in USDT', async () => {
    market.setPrice('btcusdt', '30000.00');
    const r = await sell(alice.token, { symbol: 'btcusdt', type: 'market', mnum: '0.01' });
    expect(r.code, r.msg).toBe(0);
    expectOrder(r.data);
    expect(r.data).toMatchObject({
      side: 'sell',
      type: 'market',
      amount: '0.010000',
      total: '300.000000',
      avgPrice: '30000.00',
      fee: '0.300000',
      feeCoin: 'USDT',
      status: 'filled',
    });
    const a = await assets(alice.token);
    expect(a.USDT.available).toBe('1199.710000'); // 900.01 + 300 − 0.3
    expect(a.BTC.available).toBe('0.99332967');
  });

  it('writes one ledger row per balance change, with signed amounts', async () => {
    const rows = await s.app.db
      .selectFrom('ledger')
      .select(['coin', 'type', 'amount', 'frozen_change'])
      .where('user_id', '=', alice.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => `${r.type} ${r.coin} ${r.amount}`)).toEqual([
      'agent_deposit USDT 100000000000',
      'agent_deposit BTC 100000000',
      'spot_buy USDT -9999000000',
      'spot_buy BTC 333300',
      'spot_fee BTC -333',
      'spot_sell BTC -1000000',
      'spot_sell USDT 30000000000',
      'spot_fee USDT -30000000',
    ]);
  });
});

describe('limit orders', () => {
  it('a limit buy freezes price × qty, fills at the limit price when the market falls to it', async () => {
    market.setPrice('btcusdt', '30000.00');
    const before = await assets(alice.token);
    const r = await buy(alice.token, { symbol: 'btcusdt', buytype: 'limit', mprice: '29000.00', mnum: '0.01' });
    expect(r.code, r.msg).toBe(0);
    expectOrder(r.data);
    expect(r.data).toMatchObject({
      type: 'limit',
      price: '29000.00',
      amount: '0.010000',
      filled: '0.000000',
      total: '290.000000',
      avgPrice: '',
      status: 'open',
    });
    let a = await assets(alice.token);
    expect(a.USDT).toMatchObject({ available: '909.710000', frozen: '290.000000', total: '1199.710000' });

    market.setPrice('btcusdt', '29000.01');
    expect((await work()).filled).toBe(0);
    market.setPrice('btcusdt', '28000.00');
    expect((await work()).filled).toBe(1);
    expect((await work()).filled).toBe(0);

    const found = await call(s.app, 'GET', '/bborder/findBborder', { token: alice.token, query: { ID: r.data.ID } });
    expectOrder(found.data);
    expect(found.data).toMatchObject({ status: 'filled', filled: '0.010000', total: '290.000000', avgPrice: '29000.00', fee: '0.00001000', feeCoin: 'BTC' });
    a = await assets(alice.token);
    expect(a.USDT).toMatchObject({ available: '909.710000', frozen: '0.000000' });
    expect(a.BTC.available).toBe('1.00331967'); // 0.99332967 + 0.01 − 0.00001
    expect(before.BTC.available).toBe('0.99332967');
  });

  it('a limit sell freezes the coin and fills at the limit price when the market rises to it', async () => {
    market.setPrice('btcusdt', '30000.00');
    const r = await sell(alice.token, { symbol: 'btcusdt', type: 'limit', mprice: '31000', mnum: '0.02' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ price: '31000.00', amount: '0.020000', total: '620.000000', status: 'open', feeCoin: 'USDT' });
    let a = await assets(alice.token);
    expect(a.BTC).toMatchObject({ available: '0.98331967', frozen: '0.02000000', total: '1.00331967' });

    market.setPrice('btcusdt', '30999.99');
    expect((await work()).filled).toBe(0);
    market.setPrice('btcusdt', '31500.00');
    expect((await work()).filled).toBe(1);
    a = await assets(alice.token);
    expect(a.BTC).toMatchObject({ available: '0.98331967', frozen: '0.00000000' });
    expect(a.USDT.available).toBe('1529.090000'); // 909.71 + 620 − 0.62
  });

  it('cancel unfreezes exactly; cancelling again, a filled order, a missing or another user’s order fails and changes nothing', async () => {
    market.setPrice('btcusdt', '13000.00'); // the limit must lie within ±20 % of the market
    const before = await tradingState(s.app.db);
    const r = await buy(alice.token, { symbol: 'btcusdt', buytype: 'limit', mprice: '12345.67', mnum: '0.012345' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.total).toBe('152.407296'); // 12345.67 × 0.012345 = 152.40729615 shown with 6 decimals
    const frozen = await s.app.db.selectFrom('balances').select('frozen').where('user_id', '=', alice.id).where('coin', '=', 'USDT').executeTakeFirstOrThrow();
    expect(frozen.frozen).toBe('15240729615');

    const other = await call(s.app, 'POST', '/bborder/clearorder', { token: bob.token, body: { id: r.data.ID } });
    expect(other).toMatchObject({ code: 7, msg: t('errors.notFound') });

    const ok = await call(s.app, 'POST', '/bborder/clearorder', { token: alice.token, body: { id: r.data.ID } });
    expect(ok.code, ok.msg).toBe(0);
    expectOrder(ok.data);
    expect(ok.data).toMatchObject({ status: 'cancelled', filled: '0.000000', total: '0.000000' });
    const after = await tradingState(s.app.db);
    expect(after.balances).toEqual(before.balances);
    expect(after.ledger).toBe(before.ledger + 2);

    const mid = await tradingState(s.app.db);
    const again = await call(s.app, 'POST', '/bborder/clearorder', { token: alice.token, body: { id: r.data.ID } });
    expect(again).toMatchObject({ code: 7, msg: t('trade.notOpen'), data: { id: r.data.ID } });
    const filled = (await call(s.app, 'GET', '/bborder/myBborderList', { token: alice.token, query: { status: 2 } })).data.list[0];
    const ofFilled = await call(s.app, 'POST', '/bborder/clearorder', { token: alice.token, body: { id: filled.ID } });
    expect(ofFilled).toMatchObject({ code: 7, msg: t('trade.notOpen') });
    const missing = await call(s.app, 'POST', '/bborder/clearorder', { token: alice.token, body: { id: 999999 } });
    expect(missing).toMatchObject({ code: 7, msg: t('errors.notFound') });
    const bad = await call(s.app, 'POST', '/bborder/clearorder', { token: alice.token, body: { id: 'x' } });
    expect(bad).toMatchObject({ code: 7, msg: t('validation.invalid') });
    expect(await tradingState(s.app.db)).toEqual(mid);
  });

  it('does not fill while the market is closed', async () => {
    const r = await buy(bob.token, { symbol: 'ethusdt', buytype: 'limit', mprice: '3000', mnum: '0.1' });
    expect(r.code, r.msg).toBe(0);
    market.setOpen('ethusdt', false);
    market.setPrice('ethusdt', '2900.00');
    expect((await work()).filled).toBe(0);
    market.setOpen('ethusdt', true);
    expect((await work()).filled).toBe(1);
    const a = await assets(bob.token);
    expect(a.USDT).toMatchObject({ available: '200.000000', frozen: '0.000000' });
    expect(a.ETH).toMatchObject({ available: '0.09990000', usdtValue: '289.710000' });
  });
});

describe('lists', () => {
  it('lists own orders newest first, filtered by status and symbol, and finds only own orders', async () => {
    const all = await call(s.app, 'GET', '/bborder/myBborderList', { token: alice.token, query: { page: 1, pageSize: 100 } });
    expect(all.code, all.msg).toBe(0);
    expect(all.data.total).toBe(5);
    const ids = all.data.list.map((o: Loose) => o.ID);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    for (const o of all.data.list) expectOrder(o);
    const statuses = async (status: string | number) =>
      (await call(s.app, 'GET', '/bborder/myBborderList', { token: alice.token, query: { status } })).data.list.map((o: Loose) => o.status);
    expect(await statuses(1)).toEqual([]);
    expect(await statuses(2)).toEqual(['filled', 'filled', 'filled', 'filled']);
    expect(await statuses(3)).toEqual(['cancelled']);
    expect(await statuses('')).toHaveLength(5);
    const page = await call(s.app, 'GET', '/bborder/myBborderList', { token: alice.token, query: { page: 2, pageSize: 2 } });
    expect(page.data).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page.data.list.map((o: Loose) => o.ID)).toEqual(ids.slice(2, 4));
    const eth = await call(s.app, 'GET', '/bborder/myBborderList', { token: bob.token, query: { symbol: 'ethusdt' } });
    expect(eth.data.total).toBe(1);
    expect((await call(s.app, 'GET', '/bborder/myBborderList', { token: alice.token, query: { status: 9 } })).code).toBe(7);
    expect((await call(s.app, 'GET', '/bborder/findBborder', { token: bob.token, query: { ID: ids[0] } })).msg).toBe(t('errors.notFound'));
    expect((await call(s.app, 'GET', '/bborder/myBborderList')).code).toBe(4015);
  });
});

describe('bad input changes nothing', () => {
  type Case = [name: string, send: () => Promise<Envelope>, code: number, key: string, params?: Record<string, string | number>];
  const cases: Case[] = [
    ['negative amount', () => buy(alice.token, { symbol: 'btcusdt', buytype: 'market', musdt: '-5' }), 7, 'trade.plainDecimal', { field: 'musdt' }],
    ['zero amount', () => buy(alice.token, { symbol: 'btcusdt', buytype: 'market', musdt: '0' }), 4013, 'errors.4013'],
    ['zero quantity', () => sell(alice.token, { symbol: 'btcusdt', type: 'market', mnum: '0.000' }), 4013, 'errors.4013'],
    ['zero limit quantity', () => buy(alice.token, { symbol: 'btcusdt', buytype: 'limit', mprice: '30000', mnum: '0' }), 4013, 'errors.4013'],
    ['zero price', () => buy(alice.token, { symbol: 'btcusdt', buytype: 'limit', mprice: '0', mnum: '1' }), 4014, 'errors.4014'],
    ['zero limit sell price', () => sell(alice.token, { symbol: 'btcusdt', type: 'limit', mprice: '0.00', mnum: '0.01' }), 4014, 'errors.4014'],
    ['non-numeric amount', () => buy(alice.token, { symbol: 'btcusdt', buytype: 'market', musdt: 'ten' }), 7, 'trade.plainDecimal', { field: 'musdt' }],
    [
      'non-numeric price',
      () => buy(alice.token, { symbol: 'btcusdt', buytype: 'limit', mprice: '1e5', mnum: '1' }),
      7,
      'trade.plainDecimal',
      { field: 'mprice' },
    ],
    [
      'too many USDT decimals',
      () => buy(alice.token, { symbol: 'btcusdt', buytype: 'market', musdt: '10.1234567' }),
      7,
      'trade.decimalsAllowed',
      { field: 'musdt', decimals: 6 },
    ],
    [
      'too many price decimals',
      () => buy(alice.token, { symbol: 'btcusdt', buytype: 'limit', mprice: '30000.001', mnum: '0.01' }),
      7,
      'trade.decimalsAllowed',
      { field: 'mprice', decimals: 2 },
    ],
    [
      'too many quantity decimals',
      () => sell(alice.token, { symbol: 'btcusdt', type: 'limit', mprice: '30000', mnum: '0.0100001' }),
      7,
      'trade.decimalsAllowed',
      { field: 'mnum', decimals: 6 },
    ],
    [
      'quantity decimals of DOGE',
      () => sell(alice.token, { symbol: 'dogeusdt', type: 'market', mnum: '10.5' }),
      7,
      'trade.decimalsAllowed',
      { field: 'mnum', decimals: 0 },
    ],
    ['unknown symbol', () => buy(alice.token, { symbol: 'abcusdt', buytype: 'market', musdt: '10' }), 7, 'trade.unknownSymbol', { field: 'symbol' }],
    ['symbol not quoted in USDT', () => buy(alice.token, { symbol: 'xauusd', buytype: 'market', musdt: '10' }), 7, 'trade.unknownSymbol'],
    ['malformed symbol', () => sell(alice.token, { symbol: 'BTC/USDT', type: 'market', mnum: '1' }), 7, 'trade.unknownSymbol', { field: 'symbol' }],
    ['limit buy without price', () => buy(alice.token, { symbol: 'btcusdt', buytype: 'limit', mnum: '0.01' }), 4014, 'errors.4014'],
    ['limit buy without quantity', () => buy(alice.token, { symbol: 'btcusdt', buytype: 'limit', mprice: '30000' }), 4013, 'errors.4013'],
    // empty is the same as leaving it out (the original app sends unused fields empty)
    ['limit sell with an empty price', () => sell(alice.token, { symbol: 'btcusdt', type: 'limit', mprice: '', mnum: '0.01' }), 4014, 'errors.4014'],
    ['market buy without amount', () => buy(alice.token, { symbol: 'btcusdt', buytype: 'market' }), 4013, 'errors.4013'],
    ['market sell without quantity', () => sell(alice.token, { symbol: 'btcusdt', type: 'market' }), 4013, 'errors.4013'],
    [
      'below the minimum',
      () => buy(alice.token, { symbol: 'btcusdt', buytype: 'market', musdt: '4.99' }),
      7,
      'trade.belowMinimum',
      { field: 'musdt', min: '5' },
    ],
    [
      'limit below the minimum',
      () => buy(alice.token, { symbol: 'btcusdt', buytype: 'limit', mprice: '30000', mnum: '0.000166' }),
      7,
      'trade.belowMinimum',
      { field: 'mnum', min: '5' },
    ],
    ['insufficient USDT (market)', () => buy(bob.token, { symbol: 'btcusdt', buytype: 'market', musdt: '200.000001' }), 4020, 'errors.4020'],
    ['insufficient USDT (limit)', () => buy(bob.token, { symbol: 'btcusdt', buytype: 'limit', mprice: '30000', mnum: '0.01' }), 4020, 'errors.4020'],
    ['insufficient coin (market)', () => sell(bob.token, { symbol: 'btcusdt', type: 'market', mnum: '0.001' }), 4020, 'errors.4020'],
    ['insufficient coin (limit)', () => sell(alice.token, { symbol: 'btcusdt', type: 'limit', mprice: '30000', mnum: '5' }), 4020, 'errors.4020'],
    [
      'unknown field',
      () => buy(alice.token, { symbol: 'btcusdt', buytype: 'market', musdt: '10', side: 'buy' }),
      7,
      'validation.unknownField',
      { field: 'side' },
    ],
    [
      'bad order type',
      () => sell(alice.token, { symbol: 'btcusdt', type: 'stop', mnum: '1' }),
      7,
      'validation.queryEnum',
      { field: 'type', allowed: 'limit, market, 1, 2' },
    ],
    ['no token', () => buy('', { symbol: 'btcusdt', buytype: 'market', musdt: '10' }), 4015, 'errors.4015'],
  ];

  for (const [name, send, code, key, params] of cases) {
    it(name, async () => {
      market.setPrice('btcusdt', '30000.00');
      const before = await tradingState(s.app.db);
      const r = await send();
      expect(r.status).toBe(200);
      expect(r.code, r.msg).toBe(code);
      expect(r.msg).toBe(t(key, { ...(r.data ?? {}), ...(params ?? {}) }));
      expect(r.msg).not.toBe(key); // a real message from the locale file, not the bare key
      if (params?.field) expect(r.data).toMatchObject({ field: params.field });
      expect(await tradingState(s.app.db)).toEqual(before);
    });
  }

  it('outside trading hours: 4026', async () => {
    market.setOpen('btcusdt', false);
    try {
      const before = await tradingState(s.app.db);
      for (const r of [
        await buy(alice.token, { symbol: 'btcusdt', buytype: 'market', musdt: '10' }),
        await sell(alice.token, { symbol: 'btcusdt', type: 'limit', mprice: '30000', mnum: '0.01' }),
      ]) {
        expect(r).toMatchObject({ code: 4026, msg: t('errors.4026') });
      }
      expect(await tradingState(s.app.db)).toEqual(before);
    } finally {
      market.setOpen('btcusdt', true);
    }
  });

  it('more than 10 orders a second: 4024, nothing placed', async () => {
    market.setPrice('btcusdt', '30000.00');
    for (let i = 0; i < 10; i++) {
      const r = await buy(alice.token, { symbol: 'btcusdt', buytype: 'limit', mprice: '29000', mnum: '0.0002' });
      expect(r.code, r.msg).toBe(0);
    }
    const before = await tradingState(s.app.db);
    const r = await sell(alice.token, { symbol: 'btcusdt', type: 'market', mnum: '0.001' });
    expect(r).toMatchObject({ code: 4024, msg: t('limits.business.ordersPerSecond', { max: '10', seconds: 1 }) });
    expect(await tradingState(s.app.db)).toEqual(before);
    // Another user is not limited; the same user is again a second later.
    expect((await buy(bob.token, { symbol: 'btcusdt', buytype: 'market', musdt: '10' })).code).toBe(0);
    c.advance(1001);
    expect((await sell(alice.token, { symbol: 'btcusdt', type: 'market', mnum: '0.001' })).code).toBe(0);
  });
});
