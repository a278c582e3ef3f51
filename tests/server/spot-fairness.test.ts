// Issue 10, items 4 and 7: a limit order never executes worse than the market, limit prices
// outside the band around the market are refused with the band and the allowed range, and
// every amount and price field takes a JSON number or a decimal string, judged by its exact
// text: exponent forms, NaN, Infinity, negatives and extra decimals are refused, nothing written.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { I18n } from '../../server/platform/i18n/i18n.ts';
import { adminDeposit, createFakeMarket, ledgerMismatches, runDueWork, tradingState } from '../../server/composition/money.ts';
import { call, clock, type Envelope, type Loose, registerByEmail, startServer, type TestServer } from './helpers.ts';

const c = clock();
const market = createFakeMarket(c.now);
const i18n = new I18n();
const t = (key: string, params?: Record<string, string | number>) => i18n.t('en-US', key, params);

let s: TestServer;
let alice: { token: string; id: number };

const buy = (body: Record<string, unknown>) => call(s.app, 'POST', '/bborder/upbbbuy', { token: alice.token, body });
const sell = (body: Record<string, unknown>) => call(s.app, 'POST', '/bborder/upbbsell', { token: alice.token, body });
const futures = (body: Record<string, unknown>) => call(s.app, 'POST', '/hyorder/createHyorder', { token: alice.token, body });

async function balances(): Promise<Record<string, { available: bigint; frozen: bigint }>> {
  const rows = await s.app.db.selectFrom('balances').select(['coin', 'available', 'frozen']).where('user_id', '=', alice.id).execute();
  return Object.fromEntries(rows.map((r) => [r.coin, { available: BigInt(r.available), frozen: BigInt(r.frozen) }]));
}
/** Ledger units (10^-8) of a decimal string. */
const u = (text: string) => {
  const [int, frac = ''] = text.split('.');
  return BigInt(int) * 100_000_000n + BigInt(frac.padEnd(8, '0'));
};

beforeAll(async () => {
  s = await startServer({ market, scheduler: false }, c);
  const r = await registerByEmail(s.app, 'alice-fair@example.com');
  alice = { token: r.token, id: r.user.ID };
  await adminDeposit(s.app.db, alice.id, 'USDT', '100000', c.now());
  await adminDeposit(s.app.db, alice.id, 'ETH', '10', c.now());
  await adminDeposit(s.app.db, alice.id, 'BTC', '1', c.now());
});
afterAll(() => s.app.close());
afterEach(async () => {
  c.advance(2000); // the per-second order limit
  expect(await ledgerMismatches(s.app.db)).toEqual([]);
});

describe('a limit order never executes worse than the market', () => {
  it('the issue’s example: an ETH limit buy at 5285.94 with the market at 3523.96 is refused by the band, nothing written', async () => {
    market.setPrice('ethusdt', '3523.96');
    const before = await tradingState(s.app.db);
    const r = await buy({ symbol: 'ethusdt', buytype: 'limit', mprice: '5285.94', mnum: '0.1' });
    const params = { band: '20', market: '3523.96', min: '2819.17', max: '4228.75' };
    expect(r).toMatchObject({ code: 7, data: { field: 'mprice' }, msg: t('trade.outsideBand', params) });
    // numbers in the message read as the app shows them, with the locale's separators
    expect(r.msg).toBe('The limit price must be within ±20% of the market price (3,523.96): enter a price between 2,819.17 and 4,228.75');
    expect(await tradingState(s.app.db)).toEqual(before);
    // the same message in the caller's language
    const de = await call(s.app, 'POST', '/bborder/upbbbuy', { token: alice.token, lang: 'de', body: { symbol: 'ethusdt', buytype: 'limit', mprice: '5285.94', mnum: '0.1' } });
    expect(de.msg).toBe(i18n.t('de-DE', 'trade.outsideBand', params));
  });

  it('a buy limit slightly above the market fills at once at the market price: pays market × qty, the rest of the freeze is released', async () => {
    market.setPrice('ethusdt', '3523.96');
    const before = await balances();
    const r = await buy({ symbol: 'ethusdt', buytype: 'limit', mprice: '3530.00', mnum: '0.1' });
    expect(r.code, r.msg).toBe(0);
    // 3523.96 × 0.1 = 352.396 paid, not 353.00; fee 0.1 × 0.001 = 0.0001 ETH
    expect(r.data).toMatchObject({ type: 'limit', side: 'buy', price: '3530.00', avgPrice: '3523.96', amount: '0.1000', filled: '0.1000', total: '352.396000', fee: '0.00010000', status: 'filled' });
    const after = await balances();
    expect(before.USDT.available - after.USDT.available).toBe(u('352.396'));
    expect(after.USDT.frozen).toBe(before.USDT.frozen);
    expect(after.ETH.available - before.ETH.available).toBe(u('0.0999'));
    const rows = await s.app.db.selectFrom('ledger').select(['coin', 'type', 'amount', 'frozen_change']).where('ref_id', '=', r.data.ID).where('type', 'in', ['spot_buy', 'spot_fee']).orderBy('id').execute();
    expect(rows.map((x) => `${x.type} ${x.coin} ${x.amount} ${x.frozen_change}`)).toEqual([
      'spot_buy USDT 0 35300000000', // the limit's funds frozen: 3530 × 0.1
      'spot_buy USDT -35239600000 -35239600000', // the market cost paid from them
      'spot_buy ETH 10000000 0',
      'spot_fee ETH -10000 0',
      'spot_buy USDT 0 -60400000', // the rest (6.04) released
    ]);
    expect((await runDueWork({ db: s.app.db, market, now: c.now })).filled).toBe(0);
  });

  it('a buy limit at exactly the market price fills at once at that price', async () => {
    market.setPrice('ethusdt', '3523.96');
    const r = await buy({ symbol: 'ethusdt', buytype: 'limit', mprice: '3523.96', mnum: '0.01' });
    expect(r.data).toMatchObject({ status: 'filled', avgPrice: '3523.96', total: '35.239600' });
  });

  it('a sell limit below the market fills at once at the market price and receives market × qty', async () => {
    market.setPrice('ethusdt', '3523.96');
    const before = await balances();
    const r = await sell({ symbol: 'ethusdt', type: 'limit', mprice: '3500.00', mnum: '0.05' });
    expect(r.code, r.msg).toBe(0);
    // 3523.96 × 0.05 = 176.198 (not 175.00); fee 0.176198
    expect(r.data).toMatchObject({ type: 'limit', side: 'sell', price: '3500.00', avgPrice: '3523.96', total: '176.198000', fee: '0.176198', status: 'filled' });
    const after = await balances();
    expect(after.USDT.available - before.USDT.available).toBe(u('176.021802'));
    expect(before.ETH.available - after.ETH.available).toBe(u('0.05'));
    expect(after.ETH.frozen).toBe(before.ETH.frozen);
  });

  it('a limit that does not cross waits and fills at its own limit when the market reaches it', async () => {
    market.setPrice('ethusdt', '3523.96');
    const r = await buy({ symbol: 'ethusdt', buytype: 'limit', mprice: '3400.00', mnum: '0.01' });
    expect(r.data).toMatchObject({ status: 'open', total: '34.000000' });
    market.setPrice('ethusdt', '3399.00');
    expect((await runDueWork({ db: s.app.db, market, now: c.now })).filled).toBe(1);
    const found = await call(s.app, 'GET', '/bborder/findBborder', { token: alice.token, query: { ID: r.data.ID } });
    expect(found.data).toMatchObject({ status: 'filled', avgPrice: '3400.00', total: '34.000000' });
  });

  describe('band edges (±20 % of 3523.96: 2819.17 … 4228.75)', () => {
    type Edge = [name: string, send: () => Promise<Envelope>, outcome: 'filled' | 'open' | 'refused'];
    const edges: Edge[] = [
      ['buy at the upper edge fills at the market', () => buy({ symbol: 'ethusdt', buytype: 'limit', mprice: '4228.75', mnum: '0.01' }), 'filled'],
      ['buy one tick above the upper edge', () => buy({ symbol: 'ethusdt', buytype: 'limit', mprice: '4228.76', mnum: '0.01' }), 'refused'],
      ['buy at the lower edge waits', () => buy({ symbol: 'ethusdt', buytype: 'limit', mprice: '2819.17', mnum: '0.01' }), 'open'],
      ['buy one tick below the lower edge', () => buy({ symbol: 'ethusdt', buytype: 'limit', mprice: '2819.16', mnum: '0.01' }), 'refused'],
      ['sell at the upper edge waits', () => sell({ symbol: 'ethusdt', type: 'limit', mprice: '4228.75', mnum: '0.01' }), 'open'],
      ['sell one tick above the upper edge', () => sell({ symbol: 'ethusdt', type: 'limit', mprice: '4228.76', mnum: '0.01' }), 'refused'],
      ['sell at the lower edge fills at the market', () => sell({ symbol: 'ethusdt', type: 'limit', mprice: '2819.17', mnum: '0.01' }), 'filled'],
      ['sell one tick below the lower edge', () => sell({ symbol: 'ethusdt', type: 'limit', mprice: '2819.16', mnum: '0.01' }), 'refused'],
    ];
    for (const [name, send, outcome] of edges) {
      it(name, async () => {
        market.setPrice('ethusdt', '3523.96');
        const before = await tradingState(s.app.db);
        const r = await send();
        if (outcome === 'refused') {
          expect(r).toMatchObject({ code: 7, data: { field: 'mprice' }, msg: t('trade.outsideBand', { band: '20', market: '3523.96', min: '2819.17', max: '4228.75' }) });
          expect(await tradingState(s.app.db)).toEqual(before);
        } else {
          expect(r.code, r.msg).toBe(0);
          expect(r.data.status).toBe(outcome);
          if (outcome === 'filled') expect(r.data.avgPrice).toBe('3523.96');
        }
      });
    }
  });
});

describe('amounts in any JSON form', () => {
  it('JSON numbers are taken by their exact decimal text, like the same decimal string', async () => {
    market.setPrice('btcusdt', '30000.00');
    const asNumber = await buy({ symbol: 'btcusdt', buytype: 'market', musdt: 100 });
    c.advance(2000);
    const asString = await buy({ symbol: 'btcusdt', buytype: 'market', musdt: '100' });
    expect(asNumber.code, asNumber.msg).toBe(0);
    const pick = (r: Loose) => ({ amount: r.data.amount, total: r.data.total, fee: r.data.fee, avgPrice: r.data.avgPrice });
    expect(pick(asNumber)).toEqual(pick(asString));
    c.advance(2000);
    const limit = await buy({ symbol: 'btcusdt', buytype: 'limit', mprice: 29000.5, mnum: 0.01 });
    expect(limit.data).toMatchObject({ price: '29000.50', amount: '0.010000', total: '290.005000', status: 'open' });
    c.advance(2000);
    const sold = await sell({ symbol: 'btcusdt', type: 'market', mnum: 0.1 });
    expect(sold.data).toMatchObject({ amount: '0.100000', total: '3000.000000' });
    const stake = await futures({ cate: 1, usdt: 10.5, coinname: 'btcusdt', ctime_num: 30 });
    expect(stake.code, stake.msg).toBe(0);
    expect(stake.data.stake).toMatch(/^10\.50*$/);
  });

  type Case = [name: string, send: () => Promise<Envelope>, key: string, params: Record<string, string | number>];
  const buyMarket = (musdt: unknown) => () => buy({ symbol: 'btcusdt', buytype: 'market', musdt });
  const buyLimit = (mprice: unknown, mnum: unknown = '0.01') => () => buy({ symbol: 'btcusdt', buytype: 'limit', mprice, mnum });
  const sellMarket = (mnum: unknown) => () => sell({ symbol: 'btcusdt', type: 'market', mnum });
  const stake = (usdt: unknown) => () => futures({ cate: 1, usdt, coinname: 'btcusdt', ctime_num: 30 });
  const plain = (field: string) => ({ field });
  const cases: Case[] = [
    ['exponent number 1e-7', buyMarket(1e-7), 'trade.plainDecimal', plain('musdt')],
    ['exponent string "1e3"', buyMarket('1e3'), 'trade.plainDecimal', plain('musdt')],
    ['exponent string "1E3" as a price', buyLimit('3E4'), 'trade.plainDecimal', plain('mprice')],
    ['huge number 1e21 (exponent form)', buyLimit(1e21), 'trade.plainDecimal', plain('mprice')],
    ['string "NaN"', buyMarket('NaN'), 'trade.plainDecimal', plain('musdt')],
    ['string "Infinity"', buyLimit('Infinity'), 'trade.plainDecimal', plain('mprice')],
    ['negative number', buyMarket(-5), 'trade.plainDecimal', plain('musdt')],
    ['negative string', sellMarket('-0.01'), 'trade.plainDecimal', plain('mnum')],
    ['a boolean', buyMarket(true), 'trade.plainDecimal', plain('musdt')],
    ['too many USDT decimals (number)', buyMarket(10.1234567), 'trade.decimalsAllowed', { field: 'musdt', decimals: 6 }],
    ['too many price decimals (number)', buyLimit(30000.001), 'trade.decimalsAllowed', { field: 'mprice', decimals: 2 }],
    ['float noise 0.1 + 0.2 (number)', sellMarket(0.1 + 0.2), 'trade.decimalsAllowed', { field: 'mnum', decimals: 6 }],
    ['too many quantity decimals (string)', sellMarket('0.0100001'), 'trade.decimalsAllowed', { field: 'mnum', decimals: 6 }],
    ['futures stake in exponent form', stake(1e-7), 'trade.plainDecimal', plain('usdt')],
    ['futures stake "1e2"', stake('1e2'), 'trade.plainDecimal', plain('usdt')],
    ['futures stake negative number', stake(-10), 'trade.plainDecimal', plain('usdt')],
    ['futures stake with too many decimals (number)', stake(10.0000001), 'trade.decimalsAllowed', { field: 'usdt', decimals: 6 }],
  ];
  for (const [name, send, key, params] of cases) {
    it(`refuses ${name}, naming the field${key === 'trade.decimalsAllowed' ? ' and the limit' : ''}; nothing written`, async () => {
      market.setPrice('btcusdt', '30000.00');
      const before = await tradingState(s.app.db);
      const r = await send();
      expect(r.status).toBe(200);
      expect(r.code, r.msg).toBe(7);
      expect(r.data).toMatchObject({ field: params.field });
      expect(r.msg).toBe(t(key, params));
      expect(r.msg).toContain(String(params.field));
      if ('decimals' in params) expect(r.msg).toContain(String(params.decimals));
      expect(await tradingState(s.app.db)).toEqual(before);
    });
  }

  it('refuses NaN and Infinity literals as bad JSON; nothing written', async () => {
    for (const literal of ['NaN', 'Infinity', '-Infinity']) {
      const before = await tradingState(s.app.db);
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/bborder/upbbbuy',
        headers: { 'x-token': alice.token, 'content-type': 'application/json' },
        payload: `{"symbol":"btcusdt","buytype":"market","musdt":${literal}}`,
      });
      expect(res.json()).toMatchObject({ code: 7, msg: t('validation.badJson') });
      expect(await tradingState(s.app.db)).toEqual(before);
    }
  });
});
