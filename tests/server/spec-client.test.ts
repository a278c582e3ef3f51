// A client written to spec §7 alone, with the payloads the original app sends: spot order types
// as numbers and market orders with their unused fields empty, exchangeFind's pair in other
// spellings, a bank card's country by name. Each is accepted beside the app's own form and lands
// exactly as that form would. And the fields the spec names are filled from real data: IEO
// profit, futures type and open quantity, mining minimum holding, metals and forex logos.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { div, formatUnits, mul, roundTo, units } from '../../contract/decimal.ts';
import { ieoCommand } from '../../server/earn/ieo/ieo-ops.ts';
import { adminDeposit, createFakeMarket, ledgerMismatches } from '../../server/composition/money.ts';
import { call, clock, type Loose, msg, registerByEmail, ROOT, startServer, type TestServer } from './helpers.ts';

const c = clock();
const market = createFakeMarket(c.now);

let s: TestServer;
let token: string;

beforeAll(async () => {
  s = await startServer({ market, scheduler: false }, c);
  const r = await registerByEmail(s.app, 'spec-client@example.com');
  token = r.token;
  await adminDeposit(s.app.db, r.user.ID, 'USDT', '10000', c.now());
  await adminDeposit(s.app.db, r.user.ID, 'BTC', '1', c.now());
  market.setPrice('btcusdt', '30000');
});
afterAll(() => s.app.close());
afterEach(async () => {
  c.advance(2000);
  expect(await ledgerMismatches(s.app.db)).toEqual([]);
});

async function openApi(): Promise<Loose> {
  return (await s.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
}
const bodyOf = (doc: Loose, path: string) => doc.paths[path].post.requestBody.content['application/json'].schema;
const queryOf = (doc: Loose, path: string, name: string) => doc.paths[path].get.parameters.find((p: Loose) => p.name === name);

const post = (path: string, body: Record<string, unknown>, lang?: string) => call(s.app, 'POST', path, { token, body, lang });

describe('spot orders in the original app’s form', () => {
  it('takes buytype 2 with empty mprice and mnum as a market buy of musdt', async () => {
    const r = await post('/bborder/upbbbuy', { symbol: 'btcusdt', mprice: '', mnum: '', musdt: '300', buytype: 2 });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ side: 'buy', type: 'market', amount: '0.010000', total: '300.000000', status: 'filled' });
  });

  it('takes buytype 1 (and "1") as a limit buy', async () => {
    for (const buytype of [1, '1']) {
      const r = await post('/bborder/upbbbuy', { symbol: 'btcusdt', mprice: '29900', mnum: '0.01', musdt: '', buytype });
      expect(r.code, r.msg).toBe(0);
      expect(r.data).toMatchObject({ side: 'buy', type: 'limit', price: '29900.00', amount: '0.010000', status: 'open' });
      c.advance(2000);
    }
  });

  it('takes sell type 2 with an empty mprice as a market sell, type 1 as a limit sell', async () => {
    const m = await post('/bborder/upbbsell', { symbol: 'btcusdt', mprice: '', mnum: '0.01', type: 2 });
    expect(m.code, m.msg).toBe(0);
    expect(m.data).toMatchObject({ side: 'sell', type: 'market', amount: '0.010000', status: 'filled' });
    c.advance(2000);
    const l = await post('/bborder/upbbsell', { symbol: 'btcusdt', mprice: '30100', mnum: '0.01', type: '1' });
    expect(l.code, l.msg).toBe(0);
    expect(l.data).toMatchObject({ side: 'sell', type: 'limit', price: '30100.00', status: 'open' });
  });

  it('answers a limit order with an empty price "Enter the limit price", and another type with the accepted ones', async () => {
    const noPrice = await post('/bborder/upbbbuy', { symbol: 'btcusdt', mprice: '', mnum: '0.01', buytype: 1 });
    expect(noPrice.code).toBe(4014);
    const bad = await post('/bborder/upbbbuy', { symbol: 'btcusdt', musdt: '10', buytype: 3 }, 'en');
    expect(bad.code).toBe(7);
    expect(bad.msg).toBe(msg('en', 'validation.queryEnum', { field: 'buytype', allowed: 'limit, market, 1, 2' }));
    const orders = await call(s.app, 'GET', '/bborder/myBborderList', { token, query: { page: 1, pageSize: 20 } });
    expect(orders.data.list.map((o: Loose) => o.type)).toEqual(['limit', 'market', 'limit', 'limit', 'market']);
  });

  it('documents the numbers and the empty fields in the OpenAPI document', async () => {
    const doc = await openApi();
    const buy = bodyOf(doc, '/bborder/upbbbuy').properties;
    expect(buy.buytype.enum).toEqual(['limit', 'market', 1, 2, '1', '2']);
    expect(buy.buytype.description).toMatch(/1 \(or "1"\) limit, 2 \(or "2"\) market/);
    expect(buy.mprice.description).toMatch(/empty/);
    expect(bodyOf(doc, '/bborder/upbbsell').properties.type.enum).toEqual(['limit', 'market', 1, 2, '1', '2']);
  });
});

describe('exchangeFind {symbol} in the forms a spec client sends', () => {
  const find = (symbol: string) => call(s.app, 'GET', '/recharge/exchangeFind', { token, query: { symbol } });

  it('reads FROM_TO, FROM/TO, FROM-TO, a market symbol and one coin (into USDT) as the same pair', async () => {
    for (const symbol of ['BTC_USDT', 'btc_usdt', 'BTC/USDT', 'btc-usdt', 'btcusdt', 'BTC']) {
      const r = await find(symbol);
      expect(r.code, `${symbol}: ${r.msg}`).toBe(0);
      expect(r.data.quote, symbol).toMatchObject({ symbol: 'BTC_USDT', from_coin: 'BTC', to_coin: 'USDT', status: 'ok', rate: '30000.0000000000' });
    }
    expect((await find('usdtbtc')).data.quote).toMatchObject({ from_coin: 'USDT', to_coin: 'BTC' });
  });

  it('answers 4019 for a coin that cannot be exchanged, and code 7 stating the form for a malformed symbol', async () => {
    expect((await find('dogeusdt')).code).toBe(4019);
    expect((await find('XYZ')).code).toBe(4019);
    const r = await call(s.app, 'GET', '/recharge/exchangeFind', { token, query: { symbol: 'BTC USDT' }, lang: 'de' });
    expect(r).toMatchObject({ code: 7, data: { field: 'symbol' } });
    expect(r.msg).toBe(msg('de', 'exchange.symbolInvalid'));
  });

  it('documents the forms in the OpenAPI document', async () => {
    expect(queryOf(await openApi(), '/recharge/exchangeFind', 'symbol').schema.description).toMatch(/"btcusdt"/);
  });
});

describe('a bank card’s country as a name', () => {
  const card = { bankname: 'Example Bank', accountname: 'Alice Example', payeeaddress: '1 Main Street, Berlin', ibna: 'DE89370400440532013000' };
  const create = (country: unknown, lang = 'en') => call(s.app, 'POST', '/user_bank/createUser_bank', { token, body: { ...card, country }, lang });

  it('stores "Germany", "germany" and "Deutschland" as DE, under DE’s rules (the IBAN)', async () => {
    // three accounts (the same IBAN twice is refused), each country named another way
    const ibans = { Germany: 'DE89370400440532013000', ' germany ': 'DE75512108001245126199', Deutschland: 'DE02120300000000202051' };
    for (const [country, ibna] of Object.entries(ibans)) {
      const r = await call(s.app, 'POST', '/user_bank/createUser_bank', { token, body: { ...card, ibna, country } });
      expect(r.code, `${country}: ${r.msg}`).toBe(0);
      expect(r.data).toMatchObject({ country: 'DE', ibna });
    }
    const us = await call(s.app, 'POST', '/user_bank/createUser_bank', {
      token,
      body: { ...card, ibna: undefined, country: 'United States', bankcard: '000123456789', routing: '021000021' },
    });
    expect(us.code, us.msg).toBe(0);
    expect(us.data).toMatchObject({ country: 'US', routing: '021000021' });
  });

  it('refuses a country it does not know with a message stating both forms, writing nothing', async () => {
    const before = (await call(s.app, 'GET', '/user_bank/getUser_bankList', { token, query: { page: 1, pageSize: 100 } })).data.list.length;
    for (const country of ['Atlantis', 'XX', 'D']) {
      const r = await create(country, 'de');
      expect(r, country).toMatchObject({ code: 7, data: { field: 'country' } });
      expect(r.msg).toBe(msg('de', 'bank.countryUnknown'));
    }
    const after = (await call(s.app, 'GET', '/user_bank/getUser_bankList', { token, query: { page: 1, pageSize: 100 } })).data.list.length;
    expect(after).toBe(before);
  });

  it('documents the forms in the OpenAPI document', async () => {
    expect(bodyOf(await openApi(), '/user_bank/createUser_bank').properties.country.description).toMatch(/"Germany"/);
  });
});

describe('fields the spec names, from real data', () => {
  it('IEO: profit and profit ratio of a coin without a market, at the project’s current price', async () => {
    const list = await call(s.app, 'GET', '/issue/list', { token, query: { page: 1, pageSize: 20 } });
    const nova = list.data.list.find((p: Loose) => p.coin === 'NOVA');
    const bought = await post('/issue/buySubmit', { pid: nova.ID, num: '200' });
    expect(bought.code, bought.msg).toBe(0);
    // 200 NOVA at 0.05 USDT: worth what was paid
    expect(bought.data).toMatchObject({ payment: '10.000000', profit: '0.000000', profitRatio: '0.0000' });
    await ieoCommand(s.app.db, ['update', String(nova.ID), 'price=0.0625'], c.now());
    const records = await call(s.app, 'GET', '/issue/issueRecordList', { token, query: { page: 1, pageSize: 20 } });
    // 200 × 0.0625 − 10 = 2.5 USDT, 2.5 / 10 = 0.25
    expect(records.data.list.find((o: Loose) => o.ID === bought.data.ID)).toMatchObject({ profit: '2.500000', profitRatio: '0.2500' });
  });

  it('futures: the type (up or down) and the open quantity (stake ÷ open price)', async () => {
    market.setPrice('ethusdt', '3200.00');
    const r = await post('/hyorder/createHyorder', { cate: 2, usdt: '100', coinname: 'ethusdt', ctime_num: 60 });
    expect(r.code, r.msg).toBe(0);
    const quantity = formatUnits(roundTo(div(units('100'), units('3200.00'), 'down'), 4, 'down'), 4);
    expect(quantity).toBe('0.0312');
    expect(r.data).toMatchObject({ direction: 'down', type: 'down', openPrice: '3200.00', openQuantity: quantity });
    const listed = await call(s.app, 'GET', '/hyorder/myHyorderList', { token, query: { page: 1, pageSize: 10 } });
    expect(listed.data.list[0]).toMatchObject({ type: 'down', openQuantity: '0.0312' });
    expect(mul(units(quantity), units('3200.00'), 'down') <= units('100')).toBe(true);
  });

  it('mining: every machine states its minimum holding (days)', async () => {
    const r = await call(s.app, 'GET', '/mining_machine/getMining_machineList', { token, query: { page: 1, pageSize: 20 } });
    expect(r.data.list.length).toBeGreaterThan(0);
    for (const m of r.data.list) expect(m.minHolding, m.name).toBe(m.termDays);
    const one = await call(s.app, 'GET', '/mining_machine/findMining_machine', { token, query: { ID: r.data.list[0].ID } });
    expect(one.data.minHolding).toBeGreaterThan(0);
  });

  it('the metals and forex list has a logo on every row, each a file of the app’s public assets', async () => {
    const r = await call(s.app, 'POST', '/base/tradelist', { body: { from: 2, page: 1, pageSize: 100 } });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.list.map((p: Loose) => [p.symbol, p.logo])).toContainEqual(['xauusd', '/static/coins/xau.svg']);
    for (const p of r.data.list) {
      expect(p.logo, p.symbol).toMatch(/^\/static\/coins\/[a-z]+\.svg$/);
      expect(existsSync(join(ROOT, 'public', p.logo)), p.logo).toBe(true);
    }
  });
});
