// Settlement after an outage (spec §4, DESIGN principle 6): a futures order settles at the
// price recorded at its due second. Due while the server was down, no price was recorded:
// the settlement is invalid, the stake comes back in full and the detail says why. Before
// this, all 52 pending "up" orders won after a restart.
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../server/platform/market/index.ts';
import { adminDeposit, balanceOf, ledgerMismatches, runDueWork } from '../../server/composition/money.ts';
import { call, clock, type Clock, registerByEmail, startServer, type TestServer, tempDir } from './helpers.ts';

const open: TestServer[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.app.close();
});

async function start(dataDir: string, c: Clock): Promise<TestServer> {
  const s = await startServer({ dataDir, scheduler: false }, c);
  open.push(s);
  return s;
}

async function stop(s: TestServer): Promise<void> {
  open.splice(open.indexOf(s), 1);
  await s.app.close();
}

/** Moves the clock second by second with the server up (every second's price is recorded). */
function run(s: TestServer, c: Clock, seconds: number): void {
  for (let i = 0; i < seconds; i++) {
    c.advance(1000);
    (s.app.market as Simulator).advanceTo(c.now());
  }
}

const work = (s: TestServer, c: Clock) => runDueWork({ db: s.app.db, market: s.app.market, now: c.now });
const order = async (s: TestServer, token: string, id: number) => (await call(s.app, 'GET', '/hyorder/findHyorder', { token, query: { ID: id } })).data;

describe('futures across an outage', () => {
  it('orders due while the server was down are invalid (no_price) with the stake returned, never won', async () => {
    const dataDir = tempDir('coinapp-outage-');
    const c = clock();
    const first = await start(dataDir, c);
    const { token, user } = await registerByEmail(first.app, 'outage@example.com');
    await adminDeposit(first.app.db, user.ID, 'USDT', '10000', c.now());
    const ids: number[] = [];
    for (let i = 0; i < 52; i++) {
      if (i % 10 === 0) run(first, c, 1); // at most 10 orders a second
      const r = await call(first.app, 'POST', '/hyorder/createHyorder', { token, body: { cate: i % 4 === 3 ? 2 : 1, usdt: '10', coinname: i % 2 ? 'ethusdt' : 'btcusdt', ctime_num: [30, 60, 120, 300][i % 4] } });
      expect(r.code, r.msg).toBe(0);
      ids.push(r.data.ID);
    }
    expect((await balanceOf(first.app.db, user.ID, 'USDT')).available).toBe(9480n * 10n ** 8n);
    await stop(first);

    c.advance(10 * 60_000); // down for 10 minutes: every order fell due meanwhile
    const second = await start(dataDir, c);
    expect(await work(second, c)).toEqual({ settled: 52, filled: 0 });
    for (const id of ids) {
      expect(await order(second, token, id)).toMatchObject({ status: 'invalid', result: '', reason: 'no_price', closePrice: '', closeTime: '', pnl: '0.000000', payout: '10.000000' });
    }
    expect((await balanceOf(second.app.db, user.ID, 'USDT')).available).toBe(10000n * 10n ** 8n);
    const refunds = await second.app.db.selectFrom('ledger').select(['type', 'amount', 'ref_id']).where('user_id', '=', user.ID).where('type', '=', 'contract_close').execute();
    expect(refunds).toHaveLength(52);
    expect(refunds.every((r) => r.amount === String(10n * 10n ** 8n))).toBe(true);
    expect(await ledgerMismatches(second.app.db)).toEqual([]);

    // The detail screen names the reason in the user's language.
    const zh = await call(second.app, 'GET', '/hyorder/findHyorder', { token, query: { ID: ids[0] }, lang: 'zh-CN' });
    expect(zh.data.reason).toBe('no_price');
  });

  it('an order whose due second was recorded before the shutdown settles at that price after it', async () => {
    const dataDir = tempDir('coinapp-outage-recorded-');
    const c = clock();
    const first = await start(dataDir, c);
    const { token, user } = await registerByEmail(first.app, 'recorded@example.com');
    await adminDeposit(first.app.db, user.ID, 'USDT', '100', c.now());
    const r = await call(first.app, 'POST', '/hyorder/createHyorder', { token, body: { cate: 1, usdt: '10', coinname: 'btcusdt', ctime_num: 30 } });
    expect(r.code, r.msg).toBe(0);
    const due = Math.floor(Date.parse(r.data.settleAt) / 1000);
    run(first, c, 35);
    const recorded = first.app.market.priceAt('btcusdt', due);
    expect(recorded).toMatch(/^\d+\.\d{2}$/);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await stop(first); // due, recorded, not yet settled

    c.advance(5 * 60_000);
    const second = await start(dataDir, c);
    expect(second.app.market.priceAt('btcusdt', due)).toBe(recorded);
    expect(await work(second, c)).toEqual({ settled: 1, filled: 0 });
    const done = await order(second, token, r.data.ID);
    expect(done).toMatchObject({ closePrice: recorded, closeTime: r.data.settleAt, reason: '' });
    expect(['settled', 'invalid']).toContain(done.status);
    expect(await ledgerMismatches(second.app.db)).toEqual([]);
  });

  it('with the server up, an order settles at its due second’s price even when settled late', async () => {
    const c = clock();
    const s = await start(tempDir('coinapp-outage-late-'), c);
    const { token, user } = await registerByEmail(s.app, 'late@example.com');
    await adminDeposit(s.app.db, user.ID, 'USDT', '100', c.now());
    const r = await call(s.app, 'POST', '/hyorder/createHyorder', { token, body: { cate: 2, usdt: '10', coinname: 'ethusdt', ctime_num: 60 } });
    expect(r.code, r.msg).toBe(0);
    run(s, c, 90);
    const atDue = s.app.market.priceAt('ethusdt', Math.floor(Date.parse(r.data.settleAt) / 1000));
    expect(await work(s, c)).toEqual({ settled: 1, filled: 0 });
    expect(await order(s, token, r.data.ID)).toMatchObject({ closePrice: atDue, closeTime: r.data.settleAt });
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });
});
