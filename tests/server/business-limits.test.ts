// Per-account business limits (schemas/config/business-limits.json, OWASP ASVS 5.0 2.4): orders per
// second and per day, withdrawals per day by number and by value, new withdrawal addresses per
// day and sign-in second steps. Each refusal is 4024, states the limit and when it frees up, and
// changes nothing; another account is not limited, and the same account is again once it frees.
import { afterEach, describe, expect, it } from 'vitest';
import type { RateLimits } from '../../server/composition/app.ts';
import { businessLimits } from '../../server/core/config.ts';
import { adminDeposit, createFakeMarket, tradingState } from '../../server/composition/money.ts';
import { loadConfig } from '../../contract/loader.ts';
import { call, clock, customerWithdrawal, login, msg, registerByEmail, startServer, type TestServer, WITHDRAWAL_PIN } from './helpers.ts';

const DAY = 86_400_000;
const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

let s: TestServer;
afterEach(async () => s?.app.close());

async function start(limits: Partial<RateLimits>): Promise<ReturnType<typeof createFakeMarket>> {
  const c = clock();
  const market = createFakeMarket(c.now);
  market.setPrice('btcusdt', '30000.00');
  s = await startServer({ market, scheduler: false, rateLimits: limits }, c);
  return market;
}

/** "2025-01-16 12:00 UTC": the minute a limit frees up, as the refusals show it. */
const minute = (ms: number) => `${new Date(Math.ceil(ms / 60_000) * 60_000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

describe('the config file', () => {
  it('is what the server counts with', () => {
    const file = loadConfig<Record<string, unknown>>('business-limits');
    const limits = businessLimits();
    expect(limits.ordersPerSecond).toEqual({ max: file.ordersPerSecond, windowMs: 1000 });
    expect(limits.ordersPerDay).toEqual({ max: file.ordersPerDay, windowMs: DAY });
    expect(limits.withdrawalsPerDay).toEqual({ max: file.withdrawalsPerDay, windowMs: DAY });
    expect(limits.withdrawalValuePerDay).toEqual({ maxUsdt: file.withdrawalValuePerDayUsdt, windowMs: DAY });
    expect(limits.newAddressesPerDay).toEqual({ max: file.newAddressesPerDay, windowMs: DAY });
    expect(limits.signInSecondSteps).toEqual({ max: file.signInSecondStepsPerDay, windowMs: DAY });
  });
});

describe('orders per day', () => {
  it('the fourth order of 24 hours past a limit of 3 is refused with the limit and its end, spot and futures together', async () => {
    await start({ ordersPerDay: { max: 3, windowMs: DAY } });
    const alice = await registerByEmail(s.app, 'orders-day@example.com');
    const bob = await registerByEmail(s.app, 'orders-day-bob@example.com');
    for (const u of [alice, bob]) await adminDeposit(s.app.db, u.user.ID, 'USDT', '1000', s.clock.now());
    const buy = (token: string) => call(s.app, 'POST', '/bborder/upbbbuy', { token, body: { symbol: 'btcusdt', buytype: 'market', musdt: '10' } });
    const first = s.clock.now();
    for (let i = 0; i < 3; i++) {
      expect((await buy(alice.token)).code).toBe(0);
      s.clock.advance(60_000);
    }
    const before = await tradingState(s.app.db);
    const refused = await buy(alice.token);
    expect(refused).toMatchObject({ code: 4024, msg: msg(undefined, 'limits.business.ordersPerDay', { max: '3', until: minute(first + DAY) }) });
    expect(refused.data).toMatchObject({ limit: '3', resetsAt: new Date(first + DAY).toISOString() });
    const futures = await call(s.app, 'POST', '/hyorder/createHyorder', {
      token: alice.token,
      lang: 'de',
      body: { cate: 1, usdt: '10', coinname: 'btcusdt', ctime_num: 30 },
    });
    expect(futures).toMatchObject({ code: 4024, msg: msg('de', 'limits.business.ordersPerDay', { max: '3', until: minute(first + DAY) }) });
    expect(await tradingState(s.app.db)).toEqual(before);
    expect((await buy(bob.token)).code).toBe(0);
    s.clock.advance(first + DAY - s.clock.now() + 1);
    expect((await buy(alice.token)).code).toBe(0);
  });
});

describe('withdrawals per day', () => {
  const body = (coinId: number, num: string) => ({ coinname: 'USDT', coin_id: coinId, czline: 'TRC20', address: TRON, num, pay_password: WITHDRAWAL_PIN });
  const usdtId = async () => (await call(s.app, 'GET', '/coin/getCoinList', {})).data.list.find((c: { coin: string }) => c.coin === 'USDT').ID as number;
  const balances = () => s.app.db.selectFrom('balances').selectAll().orderBy('user_id').orderBy('coin').execute();

  it('by number: past 2 in 24 hours the next is refused and nothing is frozen', async () => {
    await start({ withdrawalsPerDay: { max: 2, windowMs: DAY } });
    const first = s.clock.now();
    const w = await customerWithdrawal(s, 'withdraw-count@example.com', '10');
    const coinId = await usdtId();
    s.clock.advance(3_600_000);
    expect((await call(s.app, 'POST', '/withdraw/createWithdraw', { token: w.token, body: body(coinId, '10') })).code).toBe(0);
    const before = await balances();
    const refused = await call(s.app, 'POST', '/withdraw/createWithdraw', { token: w.token, body: body(coinId, '10') });
    expect(refused).toMatchObject({ code: 4024, msg: msg(undefined, 'limits.business.withdrawalsPerDay', { max: '2', until: minute(first + DAY) }) });
    expect(await balances()).toEqual(before);
    s.clock.advance(first + DAY - s.clock.now() + 1);
    expect((await call(s.app, 'POST', '/withdraw/createWithdraw', { token: w.token, body: body(coinId, '10') })).code).toBe(0);
  });

  it('by value: withdrawals of 24 hours together stay within 150 USDT; a rejected one does not count', async () => {
    await start({ withdrawalValuePerDay: { maxUsdt: '150', windowMs: DAY } });
    const first = s.clock.now();
    const w = await customerWithdrawal(s, 'withdraw-value@example.com', '100');
    const coinId = await usdtId();
    s.clock.advance(60_000);
    const before = await balances();
    const over = await call(s.app, 'POST', '/withdraw/createWithdraw', { token: w.token, body: body(coinId, '60') });
    expect(over).toMatchObject({
      code: 4024,
      msg: msg(undefined, 'limits.business.withdrawalValuePerDay', { max: '150.00', left: '50.00', until: minute(first + DAY) }),
    });
    const single = await call(s.app, 'POST', '/withdraw/createWithdraw', { token: w.token, body: body(coinId, '151') });
    expect(single).toMatchObject({ code: 4024, msg: msg(undefined, 'limits.business.withdrawalValueSingle', { max: '150.00', left: '50.00' }) });
    expect(await balances()).toEqual(before);
    expect(await s.app.db.selectFrom('withdrawals').select('id').execute()).toHaveLength(1);
    expect((await call(s.app, 'POST', '/withdraw/createWithdraw', { token: w.token, body: body(coinId, '50') })).code).toBe(0);
    await s.app.db.updateTable('withdrawals').set({ status: 3 }).where('id', '=', w.withdrawalId).execute();
    expect((await call(s.app, 'POST', '/withdraw/createWithdraw', { token: w.token, body: body(coinId, '100') })).code).toBe(0);
  });

  it('by value: ten requests at once past the limit let exactly what fits through', async () => {
    await start({ withdrawalValuePerDay: { maxUsdt: '300', windowMs: DAY } });
    const w = await customerWithdrawal(s, 'withdraw-race@example.com', '100');
    const coinId = await usdtId();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(s.app, 'POST', '/withdraw/createWithdraw', { token: w.token, body: body(coinId, '100') })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(2);
    expect(answers.filter((a) => a.code === 4024)).toHaveLength(8);
  });
});

describe('new withdrawal addresses per day', () => {
  it('past 2 new addresses in 24 hours the next is refused and nothing is saved', async () => {
    await start({ newAddressesPerDay: { max: 2, windowMs: DAY } });
    const first = s.clock.now();
    const { token } = await registerByEmail(s.app, 'addresses@example.com');
    const add = (addr: string) =>
      call(s.app, 'POST', '/user_qianbao/createUser_qianbao', { token, body: { coin: 'USDT', czline: 'TRC20', addr, name: 'wallet' } });
    expect((await add(TRON)).code).toBe(0);
    expect((await add('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).code).toBe(0);
    const refused = await add('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(refused).toMatchObject({ code: 4024, msg: msg(undefined, 'limits.business.newAddressesPerDay', { max: '2', until: minute(first + DAY) }) });
    expect(await s.app.db.selectFrom('withdrawal_addresses').select('id').execute()).toHaveLength(2);
  });
});

describe('sign-in second steps', () => {
  it('past 2 second steps from one address in 24 hours the next is refused before the code is checked; another address is not limited', async () => {
    await start({ signInSecondSteps: { max: 2, windowMs: DAY } });
    const first = s.clock.now();
    const { token } = await registerByEmail(s.app, 'steps@example.com', 'Secret-pass-123');
    const setup = await call(s.app, 'POST', '/user/totp/setup', { token });
    const { totpCode } = await import('../../server/platform/security/totp.ts');
    expect((await call(s.app, 'POST', '/user/totp/enable', { token, body: { code: totpCode(setup.data.secret, s.clock.now()) } })).code).toBe(0);
    const step = async (ip: string) => {
      const ticket = (await login(s.app, 'steps@example.com', 'Secret-pass-123', { ip })).data.ticket as string;
      return call(s.app, 'POST', '/base/loginSecondFactor', { ip, body: { ticket, code: '000000' } });
    };
    for (let i = 0; i < 2; i++) expect((await step('203.0.113.7')).code).not.toBe(4024);
    const refused = await step('203.0.113.7');
    expect(refused).toMatchObject({ code: 4024, msg: msg(undefined, 'limits.business.signInSecondSteps', { max: '2', until: minute(first + DAY) }) });
    expect((await step('198.51.100.9')).code).not.toBe(4024);
  });
});
