// Second-level futures: the config, creation (stake debited, open price and time recorded),
// settlement from the recorded close price by the scheduler's work, bad input that changes
// nothing, and pending orders that survive a restart.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inlineRefs, loadConfig } from '../../contract/loader.ts';
import { I18n } from '../../server/platform/i18n/i18n.ts';
import { adminDeposit, balanceOf, createFakeMarket, ledgerMismatches, runDueWork, tradingState } from '../../server/composition/money.ts';
import { call, clock, type Envelope, type Loose, ROOT, registerByEmail, startServer, type TestServer, tempDir } from './helpers.ts';

const i18n = new I18n();
const t = (key: string, params?: Record<string, string | number>) => i18n.t('en-US', key, params);
const futures = loadConfig<{ hy_time: number[]; hy_tzed: string[]; hy_ykbl: string[] }>('futures');

const entityDir = join(ROOT, 'schemas/entities');
const validateOrder = new Ajv({ strict: false }).compile(
  inlineRefs(JSON.parse(readFileSync(join(entityDir, 'futures-order.json'), 'utf8')), entityDir) as object,
);
function expectOrder(value: unknown): void {
  expect(validateOrder(value), JSON.stringify(validateOrder.errors)).toBe(true);
}

const c = clock();
const market = createFakeMarket(c.now);
let s: TestServer;
let token: string;
let other: string;

const create = (tk: string, body: Record<string, unknown>) => call(s.app, 'POST', '/hyorder/createHyorder', { token: tk, body });
const work = () => runDueWork({ db: s.app.db, market, now: c.now });

async function usdt(tk: string): Promise<string> {
  const r = await call(s.app, 'GET', '/user/mycoin', { token: tk, query: { cate: 1 } });
  return r.data.list.find((a: Loose) => a.coin === 'USDT').available;
}

beforeAll(async () => {
  s = await startServer({ market, scheduler: false }, c);
  const a = await registerByEmail(s.app, 'fut-a@example.com');
  await adminDeposit(s.app.db, a.user.ID, 'USDT', '1000', c.now());
  token = a.token;
  other = (await registerByEmail(s.app, 'fut-b@example.com')).token;
});
afterAll(() => s.app.close());
afterEach(async () => {
  c.advance(2000);
  expect(await ledgerMismatches(s.app.db)).toEqual([]);
});

describe('futures config', () => {
  it('serves hy_time, hy_tzed and hy_ykbl from schemas/config/futures.json', async () => {
    const r = await call(s.app, 'GET', '/hyorder/config', { token });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toEqual({ hy_time: futures.hy_time, hy_tzed: futures.hy_tzed, hy_ykbl: futures.hy_ykbl });
    expect((await call(s.app, 'GET', '/hyorder/config')).code).toBe(4015);
  });
});

describe('futures orders', () => {
  it('create debits the stake and records the open price and time; expiry settles a win from the recorded close price', async () => {
    market.setPrice('btcusdt', '60000.00');
    const openedAt = c.now();
    const r = await create(token, { cate: 1, usdt: '100', coinname: 'btcusdt', ctime_num: 60 });
    expect(r.code, r.msg).toBe(0);
    expectOrder(r.data);
    expect(r.data).toMatchObject({
      symbol: 'btcusdt',
      direction: 'up',
      stake: '100.000000',
      duration: 60,
      profitRatio: '0.15',
      openPrice: '60000.00',
      openTime: new Date(openedAt).toISOString(),
      closePrice: '',
      closeTime: '',
      settleAt: new Date(openedAt + 60_000).toISOString(),
      status: 'pending',
      result: '',
      pnl: '',
      payout: '',
    });
    expect(await usdt(token)).toBe('900.000000');

    // Not due yet: nothing happens, whatever the price.
    c.advance(59_000);
    market.setPrice('btcusdt', '60000.01');
    expect((await work()).settled).toBe(0);
    c.advance(1_000);
    const closedAt = c.now();
    expect((await work()).settled).toBe(1);
    expect((await work()).settled).toBe(0);

    const found = await call(s.app, 'GET', '/hyorder/findHyorder', { token, query: { ID: r.data.ID } });
    expectOrder(found.data);
    expect(found.data).toMatchObject({
      status: 'settled',
      result: 'win',
      openPrice: '60000.00',
      closePrice: '60000.01',
      closeTime: new Date(closedAt).toISOString(),
      pnl: '15.000000',
      payout: '115.000000',
    });
    expect(await usdt(token)).toBe('1015.000000');
  });

  it('a down order loses its stake when the price rises', async () => {
    market.setPrice('ethusdt', '3000.00');
    const r = await create(token, { cate: 2, usdt: '50.5', coinname: 'ethusdt', ctime_num: 30 });
    expect(r.code, r.msg).toBe(0);
    expect(await usdt(token)).toBe('964.500000');
    c.advance(30_000);
    market.setPrice('ethusdt', '3000.01');
    await work();
    const found = await call(s.app, 'GET', '/hyorder/findHyorder', { token, query: { ID: r.data.ID } });
    expect(found.data).toMatchObject({ direction: 'down', status: 'settled', result: 'loss', pnl: '-50.500000', payout: '0.000000' });
    expect(await usdt(token)).toBe('964.500000');
  });

  it('an unchanged price is an invalid settlement (draw) and returns the stake', async () => {
    market.setPrice('xauusd', '2350.00');
    const r = await create(token, { cate: 2, usdt: '10', coinname: 'xauusd', ctime_num: 300 });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.profitRatio).toBe('0.30');
    c.advance(10 * 60_000); // settled late: still from the price at the time of settlement
    await work();
    const found = await call(s.app, 'GET', '/hyorder/findHyorder', { token, query: { ID: r.data.ID } });
    expect(found.data).toMatchObject({ status: 'invalid', result: 'draw', pnl: '0.000000', payout: '10.000000', closePrice: '2350.00' });
    expect(await usdt(token)).toBe('964.500000');
  });

  it('lists own orders newest first with a status filter; another user sees none of them', async () => {
    const list = await call(s.app, 'GET', '/hyorder/myHyorderList', { token, query: { page: 1, pageSize: 10 } });
    expect(list.code, list.msg).toBe(0);
    expect(list.data.total).toBe(3);
    expect(list.data.list.map((o: Loose) => o.result)).toEqual(['draw', 'loss', 'win']);
    for (const o of list.data.list) expectOrder(o);
    const settled = await call(s.app, 'GET', '/hyorder/myHyorderList', { token, query: { status: 2 } });
    expect(settled.data.total).toBe(2);
    const invalid = await call(s.app, 'GET', '/hyorder/myHyorderList', { token, query: { status: 3 } });
    expect(invalid.code, invalid.msg).toBe(0);
    expect(invalid.data.total).toBe(1);
    expect((await call(s.app, 'GET', '/hyorder/myHyorderList', { token: other })).data.total).toBe(0);
    // a value the schema's filter does not offer is refused, naming the field and what is allowed
    const bad = await call(s.app, 'GET', '/hyorder/myHyorderList', { token, query: { status: 'invalid' } });
    expect(bad).toMatchObject({ code: 7, data: { field: 'status' }, msg: t('validation.queryEnum', { field: 'status', allowed: '1, 2, 3' }) });
    const id = list.data.list[0].ID;
    expect(await call(s.app, 'GET', '/hyorder/findHyorder', { token: other, query: { ID: id } })).toMatchObject({ code: 7, msg: t('errors.notFound') });
    expect(await call(s.app, 'GET', '/hyorder/findHyorder', { token, query: { ID: 99999 } })).toMatchObject({ code: 7, msg: t('errors.notFound') });
  });

  it('profit and loss comes from the ledger of closed orders', async () => {
    const r = await call(s.app, 'GET', '/user/ploss', { token });
    expect(r.code, r.msg).toBe(0);
    // +15 (win) − 50.5 (loss) + 0 (draw)
    expect(r.data).toEqual({ totalUsdt: '964.500000', todayPnl: '-35.500000', totalPnl: '-35.500000' });
    // A pending order does not count until it settles.
    market.setPrice('btcusdt', '60000.00');
    expect((await create(token, { cate: 1, usdt: '10', coinname: 'btcusdt', ctime_num: 30 })).code).toBe(0);
    expect((await call(s.app, 'GET', '/user/ploss', { token })).data).toEqual({ totalUsdt: '954.500000', todayPnl: '-35.500000', totalPnl: '-35.500000' });
    c.advance(30_000);
    market.setPrice('btcusdt', '59999.99'); // the price recorded at its due second
    c.advance(24 * 3_600_000 - 30_000); // settled the next day; its close time is its due time, yesterday
    await work();
    expect((await call(s.app, 'GET', '/user/ploss', { token })).data).toEqual({ totalUsdt: '954.500000', todayPnl: '0.000000', totalPnl: '-45.500000' });
  });
});

describe('bad input changes nothing', () => {
  type Case = [name: string, send: () => Promise<Envelope>, code: number, key: string, params?: Record<string, string | number>];
  const ok = { cate: 1, usdt: '10', coinname: 'btcusdt', ctime_num: 30 };
  const cases: Case[] = [
    ['negative stake', () => create(token, { ...ok, usdt: '-10' }), 7, 'trade.plainDecimal', { field: 'usdt' }],
    ['zero stake', () => create(token, { ...ok, usdt: '0' }), 7, 'trade.amountInvalid', { field: 'usdt' }],
    ['non-numeric stake', () => create(token, { ...ok, usdt: 'ten' }), 7, 'trade.plainDecimal', { field: 'usdt' }],
    ['too many stake decimals', () => create(token, { ...ok, usdt: '10.0000001' }), 7, 'trade.decimalsAllowed', { field: 'usdt', decimals: 6 }],
    ['stake below the minimum', () => create(token, { ...ok, usdt: '9.99' }), 7, 'futures.stakeOutOfRange', { field: 'usdt', min: '10', max: '50000' }],
    ['stake above the maximum', () => create(token, { ...ok, usdt: '50000.01' }), 7, 'futures.stakeOutOfRange', { field: 'usdt', min: '10', max: '50000' }],
    ['insufficient balance', () => create(token, { ...ok, usdt: '5000' }), 4020, 'errors.4020'],
    ['no balance at all', () => create(other, ok), 4020, 'errors.4020'],
    ['unknown symbol', () => create(token, { ...ok, coinname: 'abcusdt' }), 7, 'trade.unknownSymbol', { field: 'coinname' }],
    ['malformed symbol', () => create(token, { ...ok, coinname: 'BTC' }), 7, 'trade.unknownSymbol', { field: 'coinname' }],
    ['duration not offered', () => create(token, { ...ok, ctime_num: 45 }), 7, 'futures.durationRequired', { field: 'ctime_num' }],
    ['no duration', () => create(token, { cate: 1, usdt: '10', coinname: 'btcusdt' }), 7, 'futures.durationRequired', { field: 'ctime_num' }],
    ['bad direction', () => create(token, { ...ok, cate: 3 }), 7, 'futures.directionRequired', { field: 'cate' }],
    ['no token', () => create('', ok), 4015, 'errors.4015'],
  ];
  for (const [name, send, code, key, params] of cases) {
    it(name, async () => {
      market.setPrice('btcusdt', '60000.00');
      const before = await tradingState(s.app.db);
      const r = await send();
      expect(r.code, r.msg).toBe(code);
      expect(r.msg).toBe(t(key, { ...(r.data ?? {}), ...(params ?? {}) }));
      expect(r.msg).not.toBe(key); // a real message from the locale file, not the bare key
      if (params?.field) expect(r.data).toMatchObject({ field: params.field });
      expect(await tradingState(s.app.db)).toEqual(before);
    });
  }

  it('a stake outside the range states the range in the reader’s numbers', async () => {
    const send = (lang: string) => call(s.app, 'POST', '/hyorder/createHyorder', { token, lang, body: { ...ok, usdt: '50000.01' } });
    expect((await send('en-US')).msg).toBe('Enter an amount from 10 to 50,000 USDT');
    expect((await send('de-DE')).msg).toBe('Geben Sie einen Betrag von 10 bis 50.000 USDT ein');
  });

  it('outside trading hours: 4026', async () => {
    market.setOpen('eurusd', false);
    const before = await tradingState(s.app.db);
    expect(await create(token, { ...ok, coinname: 'eurusd' })).toMatchObject({ code: 4026, msg: t('errors.4026') });
    expect(await tradingState(s.app.db)).toEqual(before);
    market.setOpen('eurusd', true);
  });

  it('more than 10 orders a second: 4024', async () => {
    for (let i = 0; i < 10; i++) expect((await create(token, ok)).code).toBe(0);
    const before = await tradingState(s.app.db);
    expect(await create(token, ok)).toMatchObject({ code: 4024, msg: t('limits.business.ordersPerSecond', { max: '10', seconds: 1 }) });
    expect(await tradingState(s.app.db)).toEqual(before);
  });
});

describe('restart', () => {
  it('a pending order survives a restart; due while the server was down, it is invalid (no price) and its stake returned', async () => {
    const dataDir = tempDir();
    const c2 = clock();
    const m1 = createFakeMarket(c2.now);
    m1.setPrice('solusdt', '150.00');
    const first = await startServer({ dataDir, market: m1, scheduler: false }, c2);
    const a = await registerByEmail(first.app, 'restart@example.com');
    await adminDeposit(first.app.db, a.user.ID, 'USDT', '100', c2.now());
    const r = await call(first.app, 'POST', '/hyorder/createHyorder', { token: a.token, body: { cate: 2, usdt: '20', coinname: 'solusdt', ctime_num: 120 } });
    expect(r.code, r.msg).toBe(0);
    await first.app.close();

    c2.advance(5 * 60_000);
    const m2 = createFakeMarket(c2.now);
    m2.setPrice('solusdt', '149.99');
    const second = await startServer({ dataDir, market: m2, scheduler: false }, c2);
    try {
      const pending = await call(second.app, 'GET', '/hyorder/findHyorder', { token: a.token, query: { ID: r.data.ID } });
      expect(pending.data).toMatchObject({ status: 'pending', openPrice: '150.00' });
      expect(await runDueWork({ db: second.app.db, market: m2, now: c2.now })).toEqual({ settled: 1, filled: 0 });
      const done = await call(second.app, 'GET', '/hyorder/findHyorder', { token: a.token, query: { ID: r.data.ID } });
      // No price was recorded at its due second: never the price of a later time.
      expect(done.data).toMatchObject({
        status: 'invalid',
        result: '',
        reason: 'no_price',
        openPrice: '150.00',
        closePrice: '',
        closeTime: '',
        payout: '20.000000',
        pnl: '0.000000',
      });
      expect((await balanceOf(second.app.db, a.user.ID, 'USDT')).available).toBe(10_000_000_000n);
      expect(await ledgerMismatches(second.app.db)).toEqual([]);
    } finally {
      await second.app.close();
    }
  });

  it('the started scheduler settles due orders by itself and fills on a market tick', async () => {
    const c3 = clock();
    const m = createFakeMarket(c3.now);
    m.setPrice('btcusdt', '50000.00');
    const srv = await startServer({ market: m }, c3);
    try {
      const a = await registerByEmail(srv.app, 'auto@example.com');
      await adminDeposit(srv.app.db, a.user.ID, 'USDT', '1000', c3.now());
      const f = await call(srv.app, 'POST', '/hyorder/createHyorder', { token: a.token, body: { cate: 1, usdt: '10', coinname: 'btcusdt', ctime_num: 30 } });
      const l = await call(srv.app, 'POST', '/bborder/upbbbuy', {
        token: a.token,
        body: { symbol: 'btcusdt', buytype: 'limit', mprice: '49000', mnum: '0.001' },
      });
      expect([f.code, l.code]).toEqual([0, 0]);
      c3.advance(30_000);
      m.setPrice('btcusdt', '48000.00'); // recorded at the order's due second; a tick: the scheduler runs without waiting for its timer
      const state = async () => [
        (await call(srv.app, 'GET', '/hyorder/findHyorder', { token: a.token, query: { ID: f.data.ID } })).data.status,
        (await call(srv.app, 'GET', '/bborder/findBborder', { token: a.token, query: { ID: l.data.ID } })).data.status,
      ];
      await expect.poll(state, { timeout: 3000, interval: 20 }).toEqual(['settled', 'filled']);
      expect(await ledgerMismatches(srv.app.db)).toEqual([]);
    } finally {
      await srv.app.close();
    }
  });
});
