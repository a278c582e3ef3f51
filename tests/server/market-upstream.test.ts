// MARKET_SOURCE=upstream against a second local instance of the server's own feed: the
// tested server quotes the upstream's prices on REST, records the prices it uses, settles a
// futures order from the recorded upstream price, and refuses new futures orders (writing
// nothing) once the upstream has been silent longer than the stale limit. Loopback only; both
// servers share an injected clock that the test moves.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../server/platform/market/simulator.ts';
import { StalePriceError } from '../../server/platform/market/types.ts';
import type { UpstreamMarket } from '../../server/platform/market/upstream.ts';
import { adminDeposit, balanceOf, ledgerMismatches, runDueWork } from '../../server/composition/money.ts';
import { call, clock, msg, registerByEmail, startServer, type TestServer } from './helpers.ts';

const STALE_MS = 8000;
const SYMBOL = 'btcusdt';

const c = clock(Date.UTC(2025, 0, 15, 12, 0, 0));
let up: TestServer;
let upClosed = false;
let s: TestServer;
let token: string;
let userId: number;

const upMarket = () => up.app.market as Simulator;
const market = () => s.app.market as UpstreamMarket;

async function until(what: string, pred: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await pred())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The tested server holds the upstream's current price and live 1-minute bar. */
async function inSync(): Promise<void> {
  const want = upMarket().price(SYMBOL); // steps the upstream to the clock, which pushes the tick
  const bar = JSON.stringify(upMarket().bars(SYMBOL, '1min', 1));
  await until('the upstream tick', () => {
    if (market().isStale(SYMBOL)) return false;
    return market().price(SYMBOL) === want && JSON.stringify(market().bars(SYMBOL, '1min', 1)) === bar && market().lastPriceAt(SYMBOL) === c.now();
  });
}

async function step(ms: number): Promise<void> {
  c.advance(ms);
  await inSync();
}

beforeAll(async () => {
  up = await startServer({ scheduler: false, marketSeed: 7, testMode: true }, c);
  await up.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = up.app.server.address() as AddressInfo;
  s = await startServer({ scheduler: false, marketSource: 'upstream', upstream: { url: `ws://127.0.0.1:${port}/ws`, staleMs: STALE_MS } }, c);
  const a = await registerByEmail(s.app, 'upstream-a@example.com');
  token = a.token;
  userId = a.user.ID;
  await adminDeposit(s.app.db, userId, 'USDT', '1000', c.now());
  await until('the upstream connection', () => market().connected() && market().markets().every((d) => market().lastPriceAt(d.symbol) !== undefined));
  await inSync();
}, 30_000);

afterAll(async () => {
  await s?.app.close();
  if (!upClosed) await up?.app.close();
});

describe('MARKET_SOURCE=upstream', () => {
  it('serves the upstream prices on /base/tradelist and /base/getkdata', async () => {
    await step(1000);
    const list = await call(s.app, 'POST', '/base/tradelist', { body: { from: 1, page: 1, pageSize: 100 } });
    const upList = await call(up.app, 'POST', '/base/tradelist', { body: { from: 1, page: 1, pageSize: 100 } });
    expect(list.code, list.msg).toBe(0);
    expect(list.data.total).toBeGreaterThan(0);
    expect(list.data).toEqual(upList.data);
    for (const [interval, n] of [
      ['1min', 200],
      ['5min', 20],
      ['60min', 3],
      ['1day', 200],
    ] as const) {
      const k = await call(s.app, 'GET', '/base/getkdata', { query: { id: SYMBOL, interval } });
      const upK = await call(up.app, 'GET', '/base/getkdata', { query: { id: SYMBOL, interval } });
      expect(k.code, k.msg).toBe(0);
      expect(k.data.length, interval).toBeGreaterThanOrEqual(n);
      expect(k.data.slice(-n), interval).toEqual(upK.data.slice(-n));
    }
    // markets without an upstream pair (from 2: metals, forex) are not quoted
    expect((await call(s.app, 'POST', '/base/tradelist', { body: { from: 2 } })).data.total).toBe(0);
  }, 20_000);

  it('settles a futures order from the recorded upstream price at its due second', async () => {
    const openSec = Math.floor(c.now() / 1000);
    const openPrice = upMarket().priceAt(SYMBOL, openSec);
    const r = await call(s.app, 'POST', '/hyorder/createHyorder', { token, body: { cate: 1, usdt: '100', coinname: SYMBOL, ctime_num: 30 } });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.openPrice).toBe(openPrice);
    const dueSec = openSec + 30;
    for (let i = 0; i < 6; i++) await step(5000);
    expect(Math.floor(c.now() / 1000)).toBe(dueSec);
    // the due second has not ended yet: not settled
    expect((await runDueWork({ db: s.app.db, market: s.app.market, now: c.now })).settled).toBe(0);
    await step(1000);
    const expected = upMarket().priceAt(SYMBOL, dueSec);
    expect(typeof expected).toBe('string');
    expect(market().priceAt(SYMBOL, dueSec)).toBe(expected);
    expect((await runDueWork({ db: s.app.db, market: s.app.market, now: c.now })).settled).toBe(1);
    const o = await s.app.db.selectFrom('futures_orders').selectAll().where('id', '=', r.data.ID).executeTakeFirstOrThrow();
    expect(o.status).toBe('settled');
    const found = await call(s.app, 'GET', '/hyorder/findHyorder', { token, query: { ID: r.data.ID } });
    expect(found.data).toMatchObject({ status: 'settled', openPrice, closePrice: expected, closeTime: new Date(dueSec * 1000).toISOString() });
    // the price the order settled from is recorded in the database (market_ticks), as the upstream published it
    await until('the recorded price', async () => {
      const row = await s.app.db.selectFrom('market_ticks').select('price').where('symbol', '=', SYMBOL).where('sec', '=', dueSec).executeTakeFirst();
      return row !== undefined;
    });
    const row = await s.app.db.selectFrom('market_ticks').select('price').where('symbol', '=', SYMBOL).where('sec', '=', dueSec).executeTakeFirstOrThrow();
    expect(String(row.price)).toBe(expected!.replace('.', '').replace(/^0+(?=\d)/, ''));
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  }, 30_000);

  it('refuses new futures orders with a clear message once the upstream is silent past the stale limit, writing nothing', async () => {
    await up.app.close();
    upClosed = true;
    const lastSec = Math.floor(c.now() / 1000);
    c.advance(STALE_MS - 1000);
    expect(market().isStale(SYMBOL)).toBe(false);
    c.advance(2000);
    expect(market().isStale(SYMBOL)).toBe(true);
    expect(() => market().price(SYMBOL)).toThrow(StalePriceError);
    // seconds that ended within the limit carry the last price; the ones after it none (an order due then is void)
    expect(market().priceAt(SYMBOL, lastSec + 1)).toBe(market().priceAt(SYMBOL, lastSec));
    expect(market().priceAt(SYMBOL, Math.floor(c.now() / 1000) - 1)).toBeNull();

    const orders = async () => (await s.app.db.selectFrom('futures_orders').select('id').execute()).length;
    const ledger = async () => (await s.app.db.selectFrom('ledger').select('id').execute()).length;
    const before = { orders: await orders(), ledger: await ledger(), usdt: await balanceOf(s.app.db, userId, 'USDT') };
    for (const lang of [undefined, 'de']) {
      const r = await call(s.app, 'POST', '/hyorder/createHyorder', { token, lang, body: { cate: 2, usdt: '100', coinname: SYMBOL, ctime_num: 30 } });
      expect(r.code).toBe(7);
      expect(r.msg).toBe(msg(lang, 'errors.priceStale', { symbol: 'BTCUSDT' }));
    }
    // a spot market order does not fill from the stale price either (market.price() throws StalePriceError)
    const spot = await call(s.app, 'POST', '/bborder/upbbbuy', { token, body: { symbol: SYMBOL, buytype: 'market', musdt: '100' } });
    expect(spot.code).toBe(7);
    expect(spot.msg).toBe(msg(undefined, 'errors.priceStale', { symbol: 'BTCUSDT' }));
    expect(await s.app.db.selectFrom('spot_orders').select('id').execute()).toEqual([]);
    expect({ orders: await orders(), ledger: await ledger(), usdt: await balanceOf(s.app.db, userId, 'USDT') }).toEqual(before);
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  }, 20_000);
});
