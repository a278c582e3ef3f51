// POST /loan_order/createLoan_order in the spec's own payload {loan_id, min, max} (spec §3, §7):
// min and max are the product's range as the customer saw it; the application asks for up to
// the max and waits for review like the app's own {loan_id, amount}. Bad input, with a valid
// session, gets the field and its translated message and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../contract/result-codes.ts';
import { call, msg, registerByEmail, startServer, type TestServer, verifyIdentity } from './helpers.ts';

let s: TestServer;
let token: string;
let unverified: string;

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  const a = await registerByEmail(s.app, 'loan-spec@example.com');
  token = a.token;
  await verifyIdentity(s.app.db, a.user.ID);
  unverified = (await registerByEmail(s.app, 'loan-spec-unverified@example.com')).token;
});
afterAll(() => s.app.close());

const apply = (body: Record<string, unknown>, lang?: string, as = token) => call(s.app, 'POST', '/loan_order/createLoan_order', { token: as, body, lang });

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
  it('applies for the product under the range shown, asking for its max; waiting for review, no balance change', async () => {
    const [orders, ledger] = await writes();
    const r = await apply({ loan_id: 1, min: '100', max: '5000' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ loan_id: 1, coin: 'USDT', amount: '5000.000000', approvedAmount: '', status: 1 });
    // JSON numbers, and the range as the list shows it, are the same range
    const list = await call(s.app, 'GET', '/loan/getLoanList', { token, query: { page: 1, pageSize: 20 } });
    const product = list.data.list.find((p: { ID: number }) => p.ID === 1);
    expect((await apply({ loan_id: 1, min: product.min, max: product.max })).code).toBe(0);
    expect((await apply({ loan_id: 1, min: 100, max: 5000 })).code).toBe(0);
    expect(await writes()).toEqual([orders + 3, ledger]);
    const mine = await call(s.app, 'GET', '/loan_order/getLoan_orderList', { token, query: { page: 1, pageSize: 10 } });
    expect(mine.data.list[0]).toMatchObject({ loan_id: 1, amount: '5000.000000', status: 1 });
  });

  it('refuses bad input with a valid session, naming the field in the caller’s language, writing nothing', async () => {
    const terms = { min: '100.000000', max: '5000.000000', coin: 'USDT' };
    const cases: [Record<string, unknown>, string, string, Record<string, string | number>?][] = [
      [{ loan_id: 1, min: '50', max: '5000' }, 'min', 'loan.termsChanged', terms],
      [{ loan_id: 1, min: '100', max: '9000' }, 'max', 'loan.termsChanged', terms],
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
