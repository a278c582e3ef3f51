// GET /financing_order/earningsCurve: cumulative financing earnings by day, per coin, exact.
// The pure series first, then the endpoint on payouts made by the earn job on a moved clock.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../../server/earn/products/earn-units.ts';
import { runEarnWork } from '../../../../server/earn/jobs.ts';
import { cumulativeSeries } from '../../../../server/earn/financing/financing-curve-handlers.ts';
import { adminDeposit, ledgerMismatches } from '../../../../server/composition/money.ts';
import { call, clock, registerByEmail, startServer, type TestServer } from '../../helpers.ts';

const DAY1 = Date.UTC(2025, 0, 16, 12);

describe('cumulativeSeries', () => {
  it('sums exactly per coin and day, sorted by coin then day, rounded down to the coin decimals', () => {
    const series = cumulativeSeries(
      [
        { coin: 'USDT', dueAt: DAY1 + 2 * DAY_MS, amount: 10_000_000n }, // 0.1
        { coin: 'BTC', dueAt: DAY1, amount: 1n },
        { coin: 'USDT', dueAt: DAY1, amount: 20_000_000n }, // 0.2
        { coin: 'USDT', dueAt: DAY1 + 3600_000, amount: 10_000_000n }, // same UTC day: 0.1
        { coin: 'USDT', dueAt: DAY1 + DAY_MS, amount: 100_000_000_000_000_001n }, // 1000000000.00000001
        { coin: 'BTC', dueAt: DAY1 + DAY_MS, amount: 2n },
      ],
      new Map([
        ['USDT', 6],
        ['BTC', 8],
      ]),
    );
    expect(series).toEqual([
      { day: '2025-01-16', coin: 'BTC', amount: '0.00000001', cumulative: '0.00000001' },
      { day: '2025-01-17', coin: 'BTC', amount: '0.00000002', cumulative: '0.00000003' },
      { day: '2025-01-16', coin: 'USDT', amount: '0.300000', cumulative: '0.300000' },
      { day: '2025-01-17', coin: 'USDT', amount: '1000000000.000000', cumulative: '1000000000.300000' },
      { day: '2025-01-18', coin: 'USDT', amount: '0.100000', cumulative: '1000000000.400000' },
    ]);
  });

  it('is empty without payouts', () => {
    expect(cumulativeSeries([], new Map())).toEqual([]);
  });
});

describe('GET /financing_order/earningsCurve', () => {
  const c = clock();
  let s: TestServer;
  let alice: { token: string; id: number };
  let bob: { token: string; id: number };
  const curve = (token: string, query: Record<string, string | number> = {}) => call(s.app, 'GET', '/financing_order/earningsCurve', { token, query });
  const buy = (token: string, financing_id: number, money: string) => call(s.app, 'POST', '/financing_order/createFinancing_order', { token, body: { financing_id, money } });

  beforeAll(async () => {
    s = await startServer({ scheduler: false }, c);
    const a = await registerByEmail(s.app, 'alice-curve@example.com');
    const b = await registerByEmail(s.app, 'bob-curve@example.com');
    alice = { token: a.token, id: a.user.ID };
    bob = { token: b.token, id: b.user.ID };
    await adminDeposit(s.app.db, alice.id, 'USDT', '5000', c.now());
    await adminDeposit(s.app.db, alice.id, 'BTC', '1', c.now());
  });
  afterAll(() => s.app.close());
  afterEach(async () => {
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });

  it('is empty before any payout', async () => {
    const r = await curve(alice.token);
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toEqual({ list: [], coins: [] });
  });

  it('gives the running total per coin and day, equal to the payouts list', async () => {
    for (const [id, money] of [
      [1, '1000.123456'],
      [1, '333.333333'],
      [3, '0.5'],
    ] as const)
      expect((await buy(alice.token, id, money)).code).toBe(0);
    c.advance(3 * DAY_MS + 1000);
    await runEarnWork({ db: s.app.db, market: s.app.market, now: c.now });
    const r = await curve(alice.token);
    expect(r.code, r.msg).toBe(0);
    expect(r.data.coins).toEqual([
      { coin: 'BTC', decimals: 8 },
      { coin: 'USDT', decimals: 6 },
    ]);
    // 1000.123456 × 0.001 → 1.000123, 333.333333 × 0.001 → 0.333333 (each rounded down); 0.5 BTC × 0.0002
    expect(r.data.list).toEqual([
      { day: '2025-01-16', coin: 'BTC', amount: '0.00010000', cumulative: '0.00010000' },
      { day: '2025-01-17', coin: 'BTC', amount: '0.00010000', cumulative: '0.00020000' },
      { day: '2025-01-18', coin: 'BTC', amount: '0.00010000', cumulative: '0.00030000' },
      { day: '2025-01-16', coin: 'USDT', amount: '1.333456', cumulative: '1.333456' },
      { day: '2025-01-17', coin: 'USDT', amount: '1.333456', cumulative: '2.666912' },
      { day: '2025-01-18', coin: 'USDT', amount: '1.333456', cumulative: '4.000368' },
    ]);
    const payouts = await call(s.app, 'GET', '/financing_order/earningsList', { token: alice.token, query: { pageSize: 100 } });
    expect(payouts.data.total).toBe(9);

    const usdt = await curve(alice.token, { coin: 'usdt' });
    expect(usdt.data.list.map((p: { cumulative: string }) => p.cumulative)).toEqual(['1.333456', '2.666912', '4.000368']);
    expect(usdt.data.coins).toEqual([{ coin: 'USDT', decimals: 6 }]);
  });

  it('never shows another user’s payouts', async () => {
    const r = await curve(bob.token);
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toEqual({ list: [], coins: [] });
  });

  it('refuses bad input with a valid session, with a translated message', async () => {
    const unknown = await call(s.app, 'GET', '/financing_order/earningsCurve', { token: alice.token, query: { coin: 'NOPE' }, lang: 'de_DE' });
    expect(unknown.code).toBe(4019);
    expect(unknown.msg).not.toBe('');
    const tooLong = await curve(alice.token, { coin: 'X'.repeat(30) });
    expect(tooLong.code).toBe(7);
    expect(tooLong.msg).not.toBe('');
    const extra = await curve(alice.token, { page: 'x', coin: 'USDT' });
    expect(extra.code).toBe(7);
    const noSession = await call(s.app, 'GET', '/financing_order/earningsCurve', {});
    expect(noSession.code).not.toBe(0);
  });
});
