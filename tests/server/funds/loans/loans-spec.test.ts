// POST /loan_order/createLoan_order in the spec's own payload {loan_id, min, max} (spec §3, §5, §7):
// min and max are the range the customer asks for, inside the product's limits; the application
// asks for up to the max and waits for review like the app's own {loan_id, amount}, and the
// operator (back office or CLI) approves an amount within the range. Bad input, with a valid
// session, gets the field and its translated message and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../../contract/result-codes.ts';
import { call, type Loose, msg, registerByEmail, startServer, type TestServer, verifyIdentity } from '../../helpers.ts';
import { operator, type SignedInOperator } from '../../backoffice/operators.ts';

let s: TestServer;
let token: string;
let unverified: string;
let finance: SignedInOperator;

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  const a = await registerByEmail(s.app, 'loan-spec@example.com');
  token = a.token;
  await verifyIdentity(s.app.db, a.user.ID);
  unverified = (await registerByEmail(s.app, 'loan-spec-unverified@example.com')).token;
  finance = await operator(s, 'loan-finance', ['finance']);
});
afterAll(() => s.app.close());

const apply = (body: Record<string, unknown>, lang?: string, as = token) => call(s.app, 'POST', '/loan_order/createLoan_order', { token: as, body, lang });
const decide = (body: Record<string, unknown>) => call(s.app, 'POST', '/admin/reviews/decide', { adminToken: finance.token, body, lang: 'en' });
const orderOf = async (id: number): Promise<Loose> =>
  (await call(s.app, 'GET', '/loan_order/getLoan_orderList', { token, query: { page: 1, pageSize: 50 } })).data.list.find((o: Loose) => o.ID === id);

async function writes(): Promise<number[]> {
  const n = async (t: 'loan_orders' | 'ledger') =>
    Number(
      (
        await s.app.db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return [await n('loan_orders'), await n('ledger')];
}

describe('POST /loan_order/createLoan_order {loan_id, min, max}', () => {
  it('applies for a range inside the product’s limits, asking for its max; waiting for review, no balance change', async () => {
    const [orders, ledger] = await writes();
    const r = await apply({ loan_id: 1, min: '500', max: '2000' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({
      loan_id: 1,
      coin: 'USDT',
      amount: '2000.000000',
      requestedMin: '500.000000',
      requestedMax: '2000.000000',
      approvedAmount: '',
      status: 1,
    });
    // the product's whole range, as the list shows it or as JSON numbers, is a range too
    const list = await call(s.app, 'GET', '/loan/getLoanList', { token, query: { page: 1, pageSize: 20 } });
    const product = list.data.list.find((p: { ID: number }) => p.ID === 1);
    expect((await apply({ loan_id: 1, min: product.min, max: product.max })).data).toMatchObject({ amount: '5000.000000', requestedMin: '100.000000' });
    expect((await apply({ loan_id: 1, min: 100, max: 5000 })).code).toBe(0);
    // an amount inside the range is the amount asked
    expect((await apply({ loan_id: 1, amount: '800', min: '500', max: '2000' })).data).toMatchObject({
      amount: '800.000000',
      requestedMin: '500.000000',
      requestedMax: '2000.000000',
    });
    // the app's own form: one amount, no lower bound
    expect((await apply({ loan_id: 1, amount: '300' })).data).toMatchObject({ amount: '300.000000', requestedMin: '', requestedMax: '300.000000' });
    expect(await writes()).toEqual([orders + 5, ledger]);
    const mine = await call(s.app, 'GET', '/loan_order/getLoan_orderList', { token, query: { page: 1, pageSize: 10 } });
    expect(mine.data.list[4]).toMatchObject({ loan_id: 1, amount: '2000.000000', requestedMin: '500.000000', status: 1 });
  });

  it('the operator approves an amount within the range asked for, and nothing outside it', async () => {
    const id = (await apply({ loan_id: 1, min: '500', max: '2000' })).data.ID;
    const reviews = await call(s.app, 'GET', '/admin/reviews', { adminToken: finance.token, query: { kind: 'loan' } });
    expect(reviews.data.list.find((i: Loose) => i.id === id).summary).toContain('2000.000000 USDT (accepts 500.000000 to 2000.000000)');
    const before = await writes();
    for (const amount of ['499.999999', '2000.000001']) {
      const r = await decide({ kind: 'loan', id, decision: 'approve', amount });
      expect(r.code, amount).toBe(ResultCode.error);
      expect(r.msg, amount).toMatch(/than the customer asked for \(500\.000000 USDT to 2000\.000000 USDT\); nothing changed/);
    }
    expect(await writes()).toEqual(before);
    expect((await orderOf(id)).status).toBe(1);
    // below the four-eyes minimum (1000 USDT), so one operator's approval pays out
    const ok = await decide({ kind: 'loan', id, decision: 'approve', amount: '600' });
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data).toMatchObject({ state: 'done' });
    expect(await orderOf(id)).toMatchObject({ status: 2, approvedAmount: '600.000000' });
  });

  it('refuses bad input with a valid session, naming the field in the caller’s language, writing nothing', async () => {
    const limits = { min: '100.000000', max: '5000.000000', coin: 'USDT' };
    const cases: [Record<string, unknown>, string, string, Record<string, string | number>?][] = [
      [{ loan_id: 1, min: '50', max: '5000' }, 'min', 'loan.rangeOutside', limits],
      [{ loan_id: 1, min: '100', max: '9000' }, 'max', 'loan.rangeOutside', limits],
      [{ loan_id: 1, min: '3000', max: '2000' }, 'min', 'loan.rangeOrder', { min: '3000.000000', max: '2000.000000', coin: 'USDT' }],
      [{ loan_id: 1, amount: '2500', min: '500', max: '2000' }, 'amount', 'loan.amountOutsideRange', { min: '500.000000', max: '2000.000000', coin: 'USDT' }],
      [{ loan_id: 1, min: '100', max: '-5000' }, 'max', 'loan.amountInvalid'],
      [{ loan_id: 1, min: 'abc', max: '5000' }, 'min', 'loan.amountInvalid'],
      [{ loan_id: 1, min: '100', max: true }, 'max', 'loan.amountInvalid'],
      [{ loan_id: 1, min: '100' }, 'amount', 'loan.amountRequired'],
      [{ loan_id: 999, min: '100', max: '5000' }, 'loan_id', 'loan.productUnknown'],
      [{ loan_id: 'one', min: '100', max: '5000' }, 'loan_id', 'loan.productRequired'],
      [{ min: '100', max: '5000' }, 'loan_id', 'loan.productRequired'],
      [{ loan_id: 1, min: '100', max: '5000', rate: '0' }, 'rate', 'validation.unknownField', { field: 'rate' }],
    ];
    for (const [body, field, key, params] of cases) {
      const before = await writes();
      const r = await apply(body, 'de');
      expect(r.code, JSON.stringify(body)).toBe(7);
      expect(r.data.field, JSON.stringify(body)).toBe(field);
      expect(r.msg, JSON.stringify(body)).toBe(msg('de', key, params));
      expect(await writes()).toEqual(before);
    }
  });

  it('needs a verified identity (4025), like the app’s own form', async () => {
    const before = await writes();
    expect((await apply({ loan_id: 1, min: '100', max: '5000' }, 'en', unverified)).code).toBe(ResultCode.verificationRequired);
    expect(await writes()).toEqual(before);
  });
});
