// A paid bank withdrawal's bank reference: finance records it once, only on a completed
// withdrawal, 4 to 36 letters, digits, spaces, '/', '.' or '-'; the customer's record then shows
// it and the decided item's record names it. Bad input, another role, another state and a second
// reference change nothing, and no money moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, msg, registerByEmail, startServer, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let finance: SignedInOperator;
let support: SignedInOperator;
let token = '';
const ids: Record<'paid' | 'waiting', number> = { paid: 0, waiting: 0 };
const UETR = 'eb6305c9-1f7f-49de-aed0-16487c27b42d';

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  finance = await operator(s, 'payer', ['finance']);
  support = await operator(s, 'helper', ['support']);
  const made = await registerByEmail(s.app, 'bankref@example.com');
  token = made.token;
  const now = s.clock.now();
  const row = {
    user_id: made.user.ID,
    coin: 'USDT',
    amount: '100000000000',
    fee: '1000000000',
    bankname: 'Test Bank',
    accountname: 'Kim Example',
    bankcard: '12345678',
    iban: 'DE89370400440532013000',
    payeeaddress: 'Main St 1',
    country: 'DE',
    reason: '',
    created_at: now,
  };
  for (const [name, status] of [
    ['paid', 2],
    ['waiting', 1],
  ] as const) {
    ids[name] = Number(
      (
        await s.app.db
          .insertInto('bank_withdrawals')
          .values({ ...row, status, reviewed_at: status === 2 ? now : null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
}, 30_000);
afterAll(() => s.app.close());

const record = (op: SignedInOperator, body: unknown, lang?: string) =>
  call(s.app, 'POST', '/admin/reviews/bankReference', { adminToken: op.token, body, lang });
const referenceOf = async (id: number) =>
  (await s.app.db.selectFrom('bank_withdrawals').select('bank_reference').where('id', '=', id).executeTakeFirstOrThrow()).bank_reference;
const writes = async () => ({
  audit: Number(
    (
      await s.app.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  ledger: Number(
    (
      await s.app.db
        .selectFrom('ledger')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

describe('POST /admin/reviews/bankReference', () => {
  it('refuses bad input, another role and an unpaid withdrawal, and writes nothing', async () => {
    const before = await writes();
    const cases: [unknown, string, Record<string, string | number>][] = [
      [{ id: ids.paid, reference: 'ab' }, 'admin.bankReference.format', {}],
      [{ id: ids.paid, reference: 'REF<script>' }, 'admin.bankReference.format', {}],
      [{ id: ids.paid, reference: 'R'.repeat(37) }, 'admin.bankReference.format', {}],
      [{ id: ids.paid, reference: { $ne: '' } }, 'admin.bankReference.format', {}],
      [{ id: ids.paid }, 'admin.bankReference.format', {}],
      [{ id: 'one', reference: UETR }, 'admin.reviewIdInvalid', {}],
      [{ id: ids.waiting, reference: UETR }, 'admin.bankReference.notPaid', { id: ids.waiting }],
      [{ id: 999999, reference: UETR }, 'admin.bankReference.notPaid', { id: 999999 }],
    ];
    for (const [body, key, params] of cases)
      expect(await record(finance, body, 'de'), JSON.stringify(body)).toMatchObject({ code: 7, msg: msg('de', key, params) });
    expect((await record(support, { id: ids.paid, reference: UETR })).code).toBe(4105);
    expect(await referenceOf(ids.paid)).toBeNull();
    expect(await writes()).toEqual({ ...before, audit: before.audit + 1 }); // the role refusal's own audit row
  });

  it('records the reference of a paid withdrawal once; the customer and the record show it', async () => {
    const before = await writes();
    const r = await record(finance, { id: ids.paid, reference: `  ${UETR} ` });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.bankReference).toBe(UETR);
    expect(await writes()).toEqual({ ...before, audit: before.audit + 1 });
    const mine = await call(s.app, 'GET', '/withdraw_bank/findWithdraw_bank', { token, query: { ID: ids.paid } });
    expect(mine.data.bankReference).toBe(UETR);
    const detail = await call(s.app, 'GET', '/admin/history/detail', { adminToken: finance.token, query: { kind: 'bank-withdrawal', id: String(ids.paid) } });
    expect(detail.data.bankReference).toBe(UETR);
    expect(await record(finance, { id: ids.paid, reference: 'OTHER-REF-1' }, 'de')).toMatchObject({
      code: 7,
      msg: msg('de', 'admin.bankReference.already', { id: ids.paid, input: UETR }),
    });
    expect(await referenceOf(ids.paid)).toBe(UETR);
  });

  it('records once when two references arrive at once', async () => {
    const w = Number(
      (
        await s.app.db
          .insertInto('bank_withdrawals')
          .values({
            ...(await s.app.db.selectFrom('bank_withdrawals').selectAll().where('id', '=', ids.paid).executeTakeFirstOrThrow()),
            id: undefined,
            bank_reference: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const both = await Promise.all([record(finance, { id: w, reference: 'REF-A-0001' }), record(finance, { id: w, reference: 'REF-B-0002' })]);
    expect(both.map((r) => r.code).sort()).toEqual([0, 7]);
    expect(await referenceOf(w)).toBe(both.find((r) => r.code === 0)!.data.bankReference);
  });
});
