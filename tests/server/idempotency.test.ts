// Issue 10, item 5: an authenticated POST or PUT with an Idempotency-Key runs once per user
// and key within 24 hours. Two identical requests sent together create one order and one
// ledger change; a repeat returns the first envelope and writes nothing; the key with another
// body is refused (code 7, translated); after 24 hours (injected clock) the key is free again.
// Spot orders also take a client order id, unique per user.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, loadScreens } from '../../contract/loader.ts';
import { isIdempotentRoute, routesOf } from '../../server/platform/http/endpoints.ts';
import { IDEMPOTENCY_TTL_MS } from '../../server/platform/http/idempotency.ts';
import { Validator } from '../../server/platform/http/validation.ts';
import { I18n } from '../../server/platform/i18n/i18n.ts';
import { adminDeposit, createFakeMarket, ledgerMismatches, tradingState } from '../../server/composition/money.ts';
import { clock, type Loose, registerByEmail, startServer, type TestServer, verifyIdentity } from './helpers.ts';

const c = clock();
const market = createFakeMarket(c.now);
const i18n = new I18n();
const t = (key: string, params?: Record<string, string | number>) => i18n.t('en-US', key, params);

let s: TestServer;
let alice: { token: string; id: number };
let bob: { token: string; id: number };

interface Sent {
  token: string;
  key?: string;
  body: unknown;
  lang?: string;
}

/** The raw envelope, exactly as the server sent it. */
async function post(path: string, o: Sent): Promise<Loose> {
  const headers: Record<string, string> = { 'x-token': o.token };
  if (o.key !== undefined) headers['idempotency-key'] = o.key;
  if (o.lang) headers.lang = o.lang;
  const res = await s.app.inject({ method: 'POST', url: `/api${path}`, headers, payload: o.body as object });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const buy = (o: Sent) => post('/bborder/upbbbuy', o);
const keys = async () => (await s.app.db.selectFrom('idempotency_keys').select('key').orderBy('key').execute()).map((r) => r.key);

beforeAll(async () => {
  s = await startServer({ market, scheduler: false }, c);
  market.setPrice('btcusdt', '30000.00');
  for (const [who, email] of [
    ['alice', 'alice-idem@example.com'],
    ['bob', 'bob-idem@example.com'],
  ] as const) {
    const r = await registerByEmail(s.app, email);
    await adminDeposit(s.app.db, r.user.ID, 'USDT', '100000', c.now());
    await verifyIdentity(s.app.db, r.user.ID);
    if (who === 'alice') alice = { token: r.token, id: r.user.ID };
    else bob = { token: r.token, id: r.user.ID };
  }
});
afterAll(() => s.app.close());
afterEach(async () => {
  c.advance(2000);
  expect(await ledgerMismatches(s.app.db)).toEqual([]);
});

const order = { symbol: 'btcusdt', buytype: 'market', musdt: '100' };

describe('Idempotency-Key', () => {
  it('two identical requests sent together create one order and one ledger change, and both answer it', async () => {
    const before = await tradingState(s.app.db);
    const [a, b] = await Promise.all([buy({ token: alice.token, key: 'double-tap-1', body: order }), buy({ token: alice.token, key: 'double-tap-1', body: order })]);
    expect(a.code, a.msg).toBe(0);
    expect(b).toEqual(a);
    const after = await tradingState(s.app.db);
    expect(after.spotOrders).toBe(before.spotOrders + 1);
    expect(after.ledger).toBe(before.ledger + 3); // one market buy: USDT paid, BTC received, fee
  });

  it('five at once on a futures order (the generic registry) create one order', async () => {
    const before = await tradingState(s.app.db);
    const body = { cate: 1, usdt: '10', coinname: 'btcusdt', ctime_num: 30 };
    const all = await Promise.all(Array.from({ length: 5 }, () => post('/hyorder/createHyorder', { token: alice.token, key: 'futures-1', body })));
    for (const r of all) expect(r).toEqual(all[0]);
    expect(all[0].code, all[0].msg).toBe(0);
    const after = await tradingState(s.app.db);
    expect(after.futuresOrders).toBe(before.futuresOrders + 1);
    expect(after.ledger).toBe(before.ledger + 1);
  });

  it('a repeat after completion returns the same envelope and writes nothing, in whatever field order', async () => {
    const first = await buy({ token: alice.token, key: 'retry-1', body: order });
    expect(first.code, first.msg).toBe(0);
    const before = await tradingState(s.app.db);
    c.advance(60_000);
    market.setPrice('btcusdt', '31000.00'); // a new run would fill at another price
    const again = await buy({ token: alice.token, key: 'retry-1', body: { musdt: '100', buytype: 'market', symbol: 'btcusdt' } });
    expect(again).toEqual(first);
    expect(await tradingState(s.app.db)).toEqual(before);
    market.setPrice('btcusdt', '30000.00');
  });

  it('the same key with a different body is refused with a translated message; nothing written', async () => {
    expect((await buy({ token: alice.token, key: 'reuse-1', body: order })).code).toBe(0);
    const before = await tradingState(s.app.db);
    const other = await buy({ token: alice.token, key: 'reuse-1', body: { ...order, musdt: '200' } });
    expect(other).toEqual({ code: 7, msg: t('idempotency.keyReused'), data: { field: 'Idempotency-Key' } });
    const de = await post('/bborder/upbbsell', { token: alice.token, key: 'reuse-1', lang: 'de', body: { symbol: 'btcusdt', type: 'market', mnum: '0.001' } });
    expect(de).toMatchObject({ code: 7, msg: i18n.t('de-DE', 'idempotency.keyReused') });
    expect(de.msg).not.toBe(other.msg);
    expect(await tradingState(s.app.db)).toEqual(before);
  });

  it('keys are per user: another user with the same key places their own order', async () => {
    const before = await tradingState(s.app.db);
    const a = await buy({ token: alice.token, key: 'shared-key', body: order });
    const b = await buy({ token: bob.token, key: 'shared-key', body: order });
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    expect(b.data.ID).not.toBe(a.data.ID);
    expect((await tradingState(s.app.db)).spotOrders).toBe(before.spotOrders + 2);
  });

  it('a key is remembered 24 hours by the server clock, then free again; old keys are purged', async () => {
    const first = await buy({ token: alice.token, key: 'day-1', body: order });
    c.advance(IDEMPOTENCY_TTL_MS - 1);
    const within = await buy({ token: alice.token, key: 'day-1', body: order });
    expect(within).toEqual(first);
    c.advance(1);
    const before = await tradingState(s.app.db);
    const after24h = await buy({ token: alice.token, key: 'day-1', body: order });
    expect(after24h.code, after24h.msg).toBe(0);
    expect(after24h.data.ID).not.toBe(first.data.ID);
    expect((await tradingState(s.app.db)).spotOrders).toBe(before.spotOrders + 1);
    // a day later the next request purges every key older than 24 h
    c.advance(IDEMPOTENCY_TTL_MS + 60_000);
    expect(await keys()).toContain('day-1');
    await buy({ token: alice.token, key: 'day-2', body: order });
    expect(await keys()).toEqual(['day-2']);
  });

  it('a first request that fails writes nothing and lets the key go: the retry runs', async () => {
    const big = { ...order, musdt: '500000' };
    const failed = await buy({ token: bob.token, key: 'after-deposit', body: big });
    expect(failed).toMatchObject({ code: 4020 });
    await adminDeposit(s.app.db, bob.id, 'USDT', '500000', c.now());
    const retried = await buy({ token: bob.token, key: 'after-deposit', body: big });
    expect(retried.code, retried.msg).toBe(0);
  });

  it('a malformed key is refused before anything runs; requests without a key work as before', async () => {
    const before = await tradingState(s.app.db);
    for (const key of ['', 'x'.repeat(65), 'has space', 'ünïcode']) {
      const r = await buy({ token: alice.token, key, body: order });
      expect(r).toEqual({ code: 7, msg: t('idempotency.keyInvalid'), data: { field: 'Idempotency-Key' } });
    }
    expect(await tradingState(s.app.db)).toEqual(before);
    expect((await buy({ token: alice.token, body: order })).code).toBe(0);
    c.advance(2000);
    expect((await buy({ token: alice.token, body: order })).code).toBe(0);
    expect((await tradingState(s.app.db)).spotOrders).toBe(before.spotOrders + 2);
  });

  it('applies to every authenticated POST and PUT, the create calls among them, and to no public or GET endpoint', () => {
    const routes = routesOf(loadScreens(), new Validator(), {
      coins: loadConfig<{ coins: { coin: string }[] }>('coins').coins.map((x) => x.coin),
      pairs: loadConfig<{ markets: { symbol: string }[] }>('markets').markets.map((m) => m.symbol),
    });
    const covered = new Set(routes.filter(isIdempotentRoute).flatMap((r) => r.endpoints.map((e) => e.name)));
    for (const name of ['spotBuy', 'spotSell', 'createFuturesOrder', 'createWithdrawalAddress', 'createBankCard']) expect(covered, name).toContain(name);
    for (const r of routes.filter(isIdempotentRoute)) {
      expect(r.auth).toBe(true);
      expect(['POST', 'PUT']).toContain(r.method);
    }
    expect(covered).not.toContain('login');
  });
});

describe('client order id', () => {
  it('a repeat with the same clientOrderId returns the first order and writes nothing, even sent together', async () => {
    const body = { ...order, clientOrderId: 'my-order-1' };
    const before = await tradingState(s.app.db);
    const [a, b] = await Promise.all([buy({ token: alice.token, body }), buy({ token: alice.token, body })]);
    expect(a.code, a.msg).toBe(0);
    expect(b.data).toEqual(a.data);
    expect((await tradingState(s.app.db)).spotOrders).toBe(before.spotOrders + 1);
    c.advance(2000);
    const mid = await tradingState(s.app.db);
    const sell = await post('/bborder/upbbsell', { token: alice.token, body: { symbol: 'btcusdt', type: 'market', mnum: '0.001', clientOrderId: 'my-order-1' } });
    expect(sell.data).toEqual(a.data);
    expect(await tradingState(s.app.db)).toEqual(mid);
    // another user's ids are their own
    const other = await buy({ token: bob.token, body });
    expect(other.code).toBe(0);
    expect(other.data.ID).not.toBe(a.data.ID);
  });

  it('a malformed clientOrderId is refused naming the field', async () => {
    const before = await tradingState(s.app.db);
    const r = await buy({ token: alice.token, body: { ...order, clientOrderId: 'bad id!' } });
    expect(r).toEqual({ code: 7, msg: t('trade.clientOrderId'), data: { field: 'clientOrderId' } });
    expect(await tradingState(s.app.db)).toEqual(before);
  });
});
