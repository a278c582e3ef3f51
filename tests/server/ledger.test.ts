// Balances and the ledger: the demo seed, the asset list, the invariant
// available + frozen == Σ ledger amounts (and what ledgerMismatches reports when it breaks),
// atomicity, and a long random mix of orders that keeps the invariant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/composition/seed.ts';
import { applyChanges } from '../../server/core/ledger.ts';
import { adminDeposit, createFakeMarket, ledgerMismatches, runDueWork, tradingState } from '../../server/composition/money.ts';
import { call, clock, type Loose, login, registerByEmail, startServer, type TestServer } from './helpers.ts';

const c = clock();
const market = createFakeMarket(c.now);
let s: TestServer;
let demoToken: string;

beforeAll(async () => {
  market.setPrice('btcusdt', '60000.00');
  s = await startServer({ market, scheduler: false }, c);
  demoToken = (await login(s.app, DEMO_EMAIL, DEMO_PASSWORD)).data.token;
});
afterAll(() => s.app.close());

describe('demo seed', () => {
  it('credits the demo user 10 000 USDT and 0.5 BTC as administrator deposits', async () => {
    const r = await call(s.app, 'GET', '/user/mycoin', { token: demoToken, query: { cate: 1 } });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toEqual({
      list: [
        { coin: 'USDT', name: 'Tether', decimals: 6, available: '10000.000000', frozen: '0.000000', total: '10000.000000', usdtValue: '10000.000000' },
        { coin: 'BTC', name: 'Bitcoin', decimals: 8, available: '0.50000000', frozen: '0.00000000', total: '0.50000000', usdtValue: '30000.000000' },
      ],
      totalUsdt: '40000.000000',
      // no loan: nothing owed, net = total
      owedUsdt: '0.000000',
      netUsdt: '40000.000000',
    });
    const rows = await s.app.db.selectFrom('ledger').select(['coin', 'type', 'amount']).orderBy('id').execute();
    expect(rows).toEqual([
      { coin: 'USDT', type: 'agent_deposit', amount: '1000000000000' },
      { coin: 'BTC', type: 'agent_deposit', amount: '50000000' },
    ]);
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });

  it('cate 2 and 3 list every configured coin (tests/server/assets.test.ts); other cates are refused', async () => {
    const one = await call(s.app, 'GET', '/user/mycoin', { token: demoToken, query: { cate: 1 } });
    for (const cate of [2, 3])
      expect((await call(s.app, 'GET', '/user/mycoin', { token: demoToken, query: { cate } })).data.totalUsdt).toBe(one.data.totalUsdt);
    expect((await call(s.app, 'GET', '/user/mycoin', { token: demoToken, query: { cate: 4 } })).code).toBe(7);
    expect((await call(s.app, 'GET', '/user/mycoin', { token: demoToken })).code).toBe(7);
    expect((await call(s.app, 'GET', '/user/mycoin', { query: { cate: 1 } })).code).toBe(4015);
  });

  it('a new user sees USDT at zero', async () => {
    const { token } = await registerByEmail(s.app, 'empty@example.com');
    const r = await call(s.app, 'GET', '/user/mycoin', { token, query: { cate: 1 } });
    expect(r.data).toEqual({
      list: [{ coin: 'USDT', name: 'Tether', decimals: 6, available: '0.000000', frozen: '0.000000', total: '0.000000', usdtValue: '0.000000' }],
      totalUsdt: '0.000000',
      owedUsdt: '0.000000',
      netUsdt: '0.000000',
    });
    expect((await call(s.app, 'GET', '/user/ploss', { token })).data).toEqual({ totalUsdt: '0.000000', todayPnl: '0.000000', totalPnl: '0.000000' });
  });
});

describe('ledgerMismatches', () => {
  it('reports a balance changed without a ledger row, and a ledger row without its balance change', async () => {
    const demo = await s.app.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    const where = s.app.db.updateTable('balances').where('user_id', '=', demo.id).where('coin', '=', 'USDT');
    await where.set({ available: '1000000000001' }).execute();
    const found = await ledgerMismatches(s.app.db);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toMatch(new RegExp(`^user ${demo.id} USDT: `));
    await where.set({ available: '1000000000000' }).execute();
    expect(await ledgerMismatches(s.app.db)).toEqual([]);

    const { id } = await s.app.db
      .insertInto('ledger')
      .values({
        user_id: demo.id,
        coin: 'ETH',
        type: 'admin_deposit',
        amount: '5',
        frozen_change: '0',
        available_after: '5',
        frozen_after: '0',
        ref_id: null,
        created_at: c.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await ledgerMismatches(s.app.db)).toEqual([expect.stringMatching(new RegExp(`^user ${demo.id} ETH: .*no balance row`))]);
    await s.app.db.deleteFrom('ledger').where('id', '=', id).execute();
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });

  it('a change that would go negative rolls back the whole transaction', async () => {
    const demo = await s.app.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    const before = await tradingState(s.app.db);
    await expect(
      s.app.db.transaction().execute((trx) =>
        applyChanges(
          trx,
          [
            { userId: demo.id, coin: 'USDT', available: 5n, frozen: 0n, type: 'admin_deposit', refId: null },
            { userId: demo.id, coin: 'BTC', available: -(10n ** 8n), frozen: 0n, type: 'spot_sell', refId: null },
          ],
          c.now(),
        ),
      ),
    ).rejects.toMatchObject({ code: 4020 });
    expect(await tradingState(s.app.db)).toEqual(before);
  });

  it('releasing more than is frozen is refused (4020) and writes nothing, though available stays positive', async () => {
    const demo = await s.app.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    const before = await tradingState(s.app.db);
    const freeze = (units: bigint) => ({ userId: demo.id, coin: 'USDT', available: -units, frozen: units, type: 'withdrawal_request' as const, refId: null });
    // 5 units frozen, then 6 released: frozen would be -1 while available is back above where it started
    await expect(s.app.db.transaction().execute((trx) => applyChanges(trx, [freeze(5n), freeze(-6n)], c.now()))).rejects.toMatchObject({ code: 4020 });
    expect(await tradingState(s.app.db)).toEqual(before);
    // releasing exactly what is frozen is fine: frozen reaches 0, not below (rolled back after, so the later tests see the same ledger)
    const rolledBack = new Error('roll back');
    await expect(
      s.app.db.transaction().execute(async (trx) => {
        await applyChanges(trx, [freeze(5n), freeze(-5n)], c.now());
        const balance = await trx.selectFrom('balances').select('frozen').where('user_id', '=', demo.id).where('coin', '=', 'USDT').executeTakeFirstOrThrow();
        expect(BigInt(balance.frozen)).toBe(0n);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await tradingState(s.app.db)).toEqual(before);
  });
});

describe('a random mix of orders keeps the ledger consistent', () => {
  it('hundreds of market, limit, cancel and futures orders with moving prices', async () => {
    let seed = 42;
    const rnd = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
    const users: { token: string; id: number }[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await registerByEmail(s.app, `mix${i}@example.com`);
      await adminDeposit(s.app.db, r.user.ID, 'USDT', '20000', c.now());
      await adminDeposit(s.app.db, r.user.ID, 'ETH', '5', c.now());
      users.push({ token: r.token, id: r.user.ID });
    }
    let eth = 3000;
    const codes = new Map<number, number>();
    const open: { token: string; id: number }[] = [];
    for (let step = 0; step < 300; step++) {
      c.advance(150);
      eth = Math.max(100, eth + Math.round((rnd() - 0.5) * 4000) / 100);
      market.setPrice('ethusdt', eth.toFixed(2));
      const u = pick(users);
      const kind = pick(['mbuy', 'msell', 'lbuy', 'lsell', 'cancel', 'future'] as const);
      let r: Loose;
      if (kind === 'mbuy')
        r = await call(s.app, 'POST', '/bborder/upbbbuy', {
          token: u.token,
          body: { symbol: 'ethusdt', buytype: 'market', musdt: (5 + rnd() * 300).toFixed(6) },
        });
      else if (kind === 'msell')
        r = await call(s.app, 'POST', '/bborder/upbbsell', {
          token: u.token,
          body: { symbol: 'ethusdt', type: 'market', mnum: (0.002 + rnd() * 0.1).toFixed(4) },
        });
      else if (kind === 'lbuy' || kind === 'lsell') {
        const price = (eth * (1 + (rnd() - 0.5) * 0.02)).toFixed(2);
        const path = kind === 'lbuy' ? '/bborder/upbbbuy' : '/bborder/upbbsell';
        const body =
          kind === 'lbuy'
            ? { symbol: 'ethusdt', buytype: 'limit', mprice: price, mnum: (0.002 + rnd() * 0.1).toFixed(4) }
            : { symbol: 'ethusdt', type: 'limit', mprice: price, mnum: (0.002 + rnd() * 0.1).toFixed(4) };
        r = await call(s.app, 'POST', path, { token: u.token, body });
        if (r.code === 0) open.push({ token: u.token, id: r.data.ID });
      } else if (kind === 'cancel' && open.length > 0) {
        const o = open.splice(Math.floor(rnd() * open.length), 1)[0];
        r = await call(s.app, 'POST', '/bborder/clearorder', { token: o.token, body: { id: o.id } });
      } else {
        r = await call(s.app, 'POST', '/hyorder/createHyorder', {
          token: u.token,
          body: { cate: pick([1, 2]), usdt: pick(['10', '50', '100.5']), coinname: 'ethusdt', ctime_num: 30 },
        });
      }
      codes.set(r.code, (codes.get(r.code) ?? 0) + 1);
      if (step % 10 === 0) await runDueWork({ db: s.app.db, market, now: c.now });
    }
    c.advance(60_000);
    await runDueWork({ db: s.app.db, market, now: c.now });
    expect(
      [...codes.keys()].every((code) => [0, 7, 4020].includes(code)),
      JSON.stringify([...codes]),
    ).toBe(true);
    expect(codes.get(0)).toBeGreaterThan(200);
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
    const limits = await s.app.db.selectFrom('spot_orders').select(['status']).where('type', '=', 'limit').execute();
    expect(limits.filter((o) => o.status === 'filled').length).toBeGreaterThan(5);
    expect(limits.filter((o) => o.status === 'cancelled').length).toBeGreaterThan(5);
    const pending = await s.app.db.selectFrom('futures_orders').select('id').where('status', '=', 'pending').execute();
    expect(pending).toEqual([]);
    // Only the ledger types of the brief; a freeze or its release is a spot_buy / spot_sell row of amount 0.
    const types = await s.app.db.selectFrom('ledger').select('type').distinct().execute();
    expect(types.map((r) => r.type).sort()).toEqual(['agent_deposit', 'contract_close', 'contract_open', 'spot_buy', 'spot_fee', 'spot_sell']);
    const freezes = await s.app.db.selectFrom('ledger').select(['type', 'amount', 'frozen_change']).where('amount', '=', '0').execute();
    expect(freezes.length).toBeGreaterThan(0);
    expect(freezes.every((r) => (r.type === 'spot_buy' || r.type === 'spot_sell') && r.frozen_change !== '0')).toBe(true);
    // Frozen balances are exactly what the open orders hold.
    for (const u of users) {
      const orders = await s.app.db.selectFrom('spot_orders').select(['side', 'frozen']).where('user_id', '=', u.id).where('status', '=', 'open').execute();
      const frozenUsdt = orders.filter((o) => o.side === 'buy').reduce((a, o) => a + BigInt(o.frozen), 0n);
      const frozenEth = orders.filter((o) => o.side === 'sell').reduce((a, o) => a + BigInt(o.frozen), 0n);
      const bal = await s.app.db.selectFrom('balances').select(['coin', 'frozen']).where('user_id', '=', u.id).execute();
      expect(BigInt(bal.find((b) => b.coin === 'USDT')?.frozen ?? 0)).toBe(frozenUsdt);
      expect(BigInt(bal.find((b) => b.coin === 'ETH')?.frozen ?? 0)).toBe(frozenEth);
    }
  });
});
