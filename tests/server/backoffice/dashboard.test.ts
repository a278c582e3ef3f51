// The back office's dashboard: what waits per review kind and manual adjustments waiting for a
// second approval; today's (UTC) credited deposits, completed withdrawals (exactly, in USDT at the
// current price) and registrations; 30 days with the days of nothing at zero. Every role reads it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, mul, plainUnits, units } from '../../../contract/decimal.ts';
import { adminDeposit } from '../../../server/funds/deposits/admin-deposit.ts';
import { OPERATOR_ROLES } from '../../../server/platform/operators/operators.ts';
import { usdtPriceOf } from '../../../server/platform/market/usdt-price.ts';
import { call, registerByEmail, startServer, type TestServer, verifyIdentity } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let finance1: SignedInOperator;
let finance2: SignedInOperator;
let support: SignedInOperator;
const LOGIN = 'Secret-pass-123';
const PAY = '418263';
const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const DAY_MS = 86_400_000;
let seq = 0;

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  finance1 = await operator(s, 'dash-fin-one', ['finance']);
  finance2 = await operator(s, 'dash-fin-two', ['finance']);
  support = await operator(s, 'dash-support', ['support']);
});
afterAll(() => s.app.close());

const read = async (op: SignedInOperator = support) => {
  const r = await call(s.app, 'GET', '/admin/dashboard', { adminToken: op.token });
  expect(r.code, r.msg).toBe(0);
  return r.data;
};
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function customer(): Promise<{ token: string; userId: number }> {
  const { token, user } = await registerByEmail(s.app, `dash${++seq}@example.com`, LOGIN);
  return { token, userId: user.ID };
}

async function withdrawal(amount: string): Promise<number> {
  const { token, userId } = await customer();
  await verifyIdentity(s.app.db, userId);
  expect((await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: LOGIN, password: PAY } })).code).toBe(0);
  await adminDeposit(s.app.db, userId, 'USDT', '500', s.clock.now());
  const coins = await call(s.app, 'GET', '/coin/getCoinList', {});
  const usdtId = coins.data.list.find((c: { coin: string }) => c.coin === 'USDT').ID;
  const r = await call(s.app, 'POST', '/withdraw/createWithdraw', {
    token,
    body: { coinname: 'USDT', coin_id: usdtId, czline: 'TRC20', address: TRON, num: amount, pay_password: PAY },
  });
  expect(r.code, r.msg).toBe(0);
  return r.data.ID as number;
}

describe('GET /admin/dashboard', () => {
  it('is read by every role, with 30 UTC days ending today', async () => {
    for (const role of OPERATOR_ROLES) {
      const op = await operator(s, `dash-role-${role}`, [role]);
      const d = await read(op);
      expect(d.series).toHaveLength(30);
      expect(d.series[29].day).toBe(isoDay(s.clock.now()));
      expect(d.series[0].day).toBe(isoDay(s.clock.now() - 29 * DAY_MS));
      expect(d.day).toBe(isoDay(s.clock.now()));
    }
  });

  it('takes no input: anything in the query is refused and nothing is written', async () => {
    const audit = async () =>
      Number(
        (
          await s.app.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await audit();
    const r = await call(s.app, 'GET', '/admin/dashboard', { adminToken: support.token, query: { days: '365' } });
    expect(r.code).toBe(7);
    expect(await audit()).toBe(before);
  });

  it('counts a registration, a credited deposit and a completed withdrawal today, exactly', async () => {
    const before = await read();
    const { userId } = await customer();
    const registered = await read();
    expect(registered.registrations).toBe(before.registrations + 1);
    expect(registered.series[29].registrations).toBe(before.series[29].registrations + 1);

    await adminDeposit(s.app.db, userId, 'USDT', '250.123456', s.clock.now());
    const deposited = await read();
    expect(deposited.depositsCount).toBe(before.depositsCount + 1);
    expect(deposited.depositsUsdt).toBe(add(before.depositsUsdt, '250.123456'));
    expect(deposited.series[29].depositsUsdt).toBe(deposited.depositsUsdt);

    // a coin other than USDT counts at its current price, exactly
    await adminDeposit(s.app.db, userId, 'BTC', '0.5', s.clock.now());
    const price = usdtPriceOf(s.app.market, 'BTC', s.clock.now());
    expect(price).not.toBeNull();
    const btc = await read();
    expect(btc.depositsUsdt).toBe(add(deposited.depositsUsdt, plainUnits(mul(units('0.5'), units(price!)))));
    expect(btc.unpriced).toBe('');

    const id = await withdrawal('100');
    const waiting = await read();
    expect(waiting.waitingWithdrawal).toBe(btc.waitingWithdrawal + 1);
    expect(waiting.withdrawalsCount).toBe(before.withdrawalsCount);
    const decided = await call(s.app, 'POST', '/admin/reviews/decide', { adminToken: finance1.token, body: { kind: 'withdrawal', id, decision: 'approve' } });
    expect(decided.code, decided.msg).toBe(0);
    const sent = await s.app.db.selectFrom('withdrawals').select('amount').where('id', '=', id).executeTakeFirstOrThrow();
    const paid = await read();
    expect(paid.waitingWithdrawal).toBe(btc.waitingWithdrawal);
    expect(paid.withdrawalsCount).toBe(before.withdrawalsCount + 1);
    expect(paid.withdrawalsUsdt).toBe(add(before.withdrawalsUsdt, plainUnits(BigInt(sent.amount))));
    expect(paid.series[29].withdrawalsUsdt).toBe(paid.withdrawalsUsdt);

    // a rejected withdrawal pays nothing out and is not counted
    const refused = await withdrawal('50');
    const rejected = await call(s.app, 'POST', '/admin/reviews/decide', {
      adminToken: finance2.token,
      body: { kind: 'withdrawal', id: refused, decision: 'reject', reason: 'Address on a sanctions list' },
    });
    expect(rejected.code, rejected.msg).toBe(0);
    expect(await read()).toMatchObject({
      withdrawalsCount: paid.withdrawalsCount,
      withdrawalsUsdt: paid.withdrawalsUsdt,
      waitingWithdrawal: paid.waitingWithdrawal,
    });
  });

  it('counts a manual adjustment while it waits for its second approval', async () => {
    const { userId } = await customer();
    const before = await read();
    const asked = await call(s.app, 'POST', '/admin/money/adjust', {
      adminToken: finance1.token,
      body: { uid: userId, coin: 'USDT', amount: '10', direction: 'credit', reason: 'Dashboard test' },
    });
    expect(asked.code, asked.msg).toBe(0);
    expect((await read()).waitingAdjustments).toBe(before.waitingAdjustments + 1);
    const done = await call(s.app, 'POST', '/admin/money/decide', { adminToken: finance2.token, body: { id: asked.data.id, decision: 'approve' } });
    expect(done.code, done.msg).toBe(0);
    const after = await read();
    expect(after.waitingAdjustments).toBe(before.waitingAdjustments);
    // the credit it made is a credited deposit
    expect(after.depositsCount).toBe(before.depositsCount + 1);
  });

  it('moves today to yesterday at UTC midnight and keeps the days of nothing at zero', async () => {
    const today = await read();
    expect(Number(today.depositsUsdt)).toBeGreaterThan(0);
    s.clock.advance(DAY_MS);
    // a day idle ends every session: sign in again
    const next = await read(await operator(s, 'dash-next-day', ['content']));
    // BTC of yesterday is valued at today's price: only the USDT-only sums stay the same
    const { depositsUsdt, ...rest } = today.series[29];
    expect(next.series[28]).toMatchObject(rest);
    expect(Number(next.series[28].depositsUsdt)).toBeGreaterThan(0);
    expect(Number(depositsUsdt)).toBeGreaterThan(0);
    expect(next.series[29]).toEqual({ day: isoDay(s.clock.now()), depositsUsdt: '0', withdrawalsUsdt: '0', registrations: 0 });
    expect(next).toMatchObject({ depositsUsdt: '0', depositsCount: 0, withdrawalsUsdt: '0', withdrawalsCount: 0, registrations: 0 });
    for (const day of next.series.slice(0, 28)) expect(day).toMatchObject({ depositsUsdt: '0', withdrawalsUsdt: '0' });
  });
});
