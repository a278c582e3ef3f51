// The follow-up steps of reviews in the back office: payment instructions for a waiting wire
// transfer (the customer sees them), and loans being repaid: the list with what is owed now, and a
// repayment that debits exactly, writes its ledger row and audit row, and marks the loan repaid
// once covered. Every refusal is translated, states the limit and writes nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../server/funds/loans/loan-interest.ts';
import { ledgerMismatches } from '../../../server/core/ledger.ts';
import { adminDeposit } from '../../../server/funds/deposits/admin-deposit.ts';
import { call, login, type Loose, msg, registerByEmail, startServer, type TestServer, verifyIdentity } from '../helpers.ts';
import { operator, signIn, type SignedInOperator } from './operators.ts';

let s: TestServer;
let finance: SignedInOperator;
let secondFinance: SignedInOperator;
let alice: { token: string; id: number };

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  finance = await operator(s, 'fin-actions', ['finance']);
  secondFinance = await operator(s, 'fin-actions-2', ['finance']);
  const a = await registerByEmail(s.app, 'alice-actions@example.com');
  await verifyIdentity(s.app.db, a.user.ID);
  alice = { token: a.token, id: a.user.ID };
});
afterAll(() => s.app.close());
afterEach(async () => expect(await ledgerMismatches(s.app.db)).toEqual([]));

const admin = (method: string, path: string, body?: unknown, lang?: string) =>
  call(
    s.app,
    method,
    path,
    method === 'GET' ? { adminToken: finance.token, query: body as Record<string, string | number>, lang } : { adminToken: finance.token, body, lang },
  );
const count = async (table: 'audit_log' | 'ledger') =>
  Number(
    (
      await s.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const lastAudit = () => s.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
const usdt = async () =>
  (await s.app.db.selectFrom('balances').select(['available', 'frozen']).where('user_id', '=', alice.id).where('coin', '=', 'USDT').executeTakeFirst()) ?? {
    available: '0',
    frozen: '0',
  };

describe('POST /admin/reviews/wireInstructions', () => {
  let wireId = 0;
  const instruct = (body: unknown, lang?: string) => admin('POST', '/admin/reviews/wireInstructions', body, lang);
  const wireRow = () => s.app.db.selectFrom('wire_transfers').selectAll().where('id', '=', wireId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    const r = await call(s.app, 'POST', '/wire_transfer/createWire_transfer', {
      token: alice.token,
      body: { email: 'alice@example.com', amount: '5000', currency: 'USD' },
    });
    expect(r.code, r.msg).toBe(0);
    wireId = r.data.ID;
  });

  it('shows the customer the instructions on their transfer and the operator on the review, with one audit row', async () => {
    const text = 'Pay to CoinApp Ltd\nIBAN GB33BUKB20201555555555\nReference W-' + wireId;
    const audit = await count('audit_log');
    const r = await instruct({ id: wireId, text });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ ID: wireId, status: 1, instructions: text });
    const mine = (await call(s.app, 'GET', '/wire_transfer/myWire_transferList', { token: alice.token })).data.list.find((w: Loose) => w.ID === wireId);
    expect(mine).toMatchObject({ status: 1, instructions: text });
    expect((await admin('GET', '/admin/reviews/detail', { kind: 'wire', id: wireId })).data).toMatchObject({ kind: 'wire', id: wireId, instructions: text });
    expect(await count('audit_log')).toBe(audit + 1);
    const row = await lastAudit();
    expect(row).toMatchObject({ actor: 'operator fin-actions', action: 'wire.instruct', target_kind: 'wire', target_id: String(wireId) });
    expect(JSON.parse(row.before_json!)).toMatchObject({ ID: wireId, instructions: '' });
    expect(JSON.parse(row.after_json!)).toMatchObject({ ID: wireId, instructions: text });
  });

  it('refuses empty or oversized text, a bad id and a transfer that is not waiting, in the caller’s language, writing nothing', async () => {
    const rejected = (
      await call(s.app, 'POST', '/wire_transfer/createWire_transfer', { token: alice.token, body: { email: 'a@example.com', amount: '6000', currency: 'USD' } })
    ).data.ID;
    expect((await admin('POST', '/admin/reviews/decide', { kind: 'wire', id: rejected, decision: 'reject', reason: 'No transfer arrived' })).code).toBe(0);
    const before = { row: await wireRow(), audit: await count('audit_log') };
    const cases: [unknown, string, string, Record<string, number>?][] = [
      [{ id: wireId, text: '' }, 'text', 'admin.instructionsLength'],
      [{ id: wireId, text: '   ' }, 'text', 'checks.blank'],
      [{ id: wireId, text: 'x'.repeat(1001) }, 'text', 'admin.instructionsLength'],
      [{ id: wireId, text: { nested: ['junk'] } }, 'text', 'admin.instructionsLength'],
      [{ id: wireId }, 'text', 'admin.instructionsLength'],
      [{ id: 'abc', text: 'Pay' }, 'id', 'admin.reviewIdInvalid'],
      [{ id: 0, text: 'Pay' }, 'id', 'admin.reviewIdInvalid'],
      [{ id: 999_999, text: 'Pay' }, 'id', 'admin.wireNotWaiting', { id: 999_999 }],
      [{ id: rejected, text: 'Pay' }, 'id', 'admin.wireNotWaiting', { id: rejected }],
    ];
    for (const [body, field, key, params] of cases) {
      const r = await instruct(body, 'de');
      expect(r, JSON.stringify(body).slice(0, 60)).toMatchObject({ code: 7, msg: msg('de', key, params), data: { field } });
    }
    expect(msg('en', 'admin.instructionsLength')).toContain('1000');
    expect(await wireRow()).toEqual(before.row);
    expect(await count('audit_log')).toBe(before.audit);
  });
});

describe('loans being repaid: GET /admin/loans/active, POST /admin/loans/repay', () => {
  let loanId = 0;
  let pendingId = 0;
  const repay = (body: unknown, lang?: string) => admin('POST', '/admin/loans/repay', body, lang);
  const loanRow = () => s.app.db.selectFrom('loan_orders').selectAll().where('id', '=', loanId).executeTakeFirstOrThrow();
  const customerOwed = async () =>
    (await call(s.app, 'GET', '/loan_order/getLoan_orderList', { token: alice.token })).data.list.find((o: Loose) => o.ID === loanId).owed as string;

  beforeAll(async () => {
    // Quick USDT loan: 7 days free, then 0.05 % a day of 1000 USDT
    loanId = (await call(s.app, 'POST', '/loan_order/createLoan_order', { token: alice.token, body: { loan_id: 1, amount: '1000' } })).data.ID;
    pendingId = (await call(s.app, 'POST', '/loan_order/createLoan_order', { token: alice.token, body: { loan_id: 1, amount: '200' } })).data.ID;
    // 1,000 USDT: the threshold, so two finance operators
    expect((await admin('POST', '/admin/reviews/decide', { kind: 'loan', id: loanId, decision: 'approve' })).data).toMatchObject({ state: 'awaitingSecond' });
    const second = await call(s.app, 'POST', '/admin/reviews/decide', { adminToken: secondFinance.token, body: { kind: 'loan', id: loanId, decision: 'approve' } });
    expect(second.data).toMatchObject({ state: 'done' });
    s.clock.advance(10 * DAY_MS);
    // the operator session ended while idle
    finance = { ...finance, token: await signIn(s, finance.name, finance.password, finance.secret) };
    alice = { ...alice, token: (await login(s.app, 'alice-actions@example.com', 'Secret-pass-123')).data.token };
  });

  it('lists the active loans with what is owed now, as the customer’s loan screen shows it', async () => {
    const list = await admin('GET', '/admin/loans/active');
    expect(list.code, list.msg).toBe(0);
    expect(list.data.list).toEqual([
      expect.objectContaining({
        id: loanId,
        user: 'alice-actions@example.com',
        coin: 'USDT',
        principal: '1000.000000',
        interest: '1.500000',
        owed: '1001.500000',
        interestDays: 3,
      }),
    ]);
    expect(await customerOwed()).toBe('1001.500000');
    const one = await admin('GET', '/admin/loans/active/detail', { id: loanId });
    expect(one.data).toMatchObject({ id: loanId, owed: '1001.500000', available: '1000.000000' });
    expect(await admin('GET', '/admin/loans/active/detail', { id: pendingId }, 'de')).toMatchObject({
      code: 7,
      msg: msg('de', 'admin.loanNotActive', { id: pendingId }),
    });
  });

  it('refuses more than is owed, more than is available, too many decimals and a loan not being repaid, writing nothing', async () => {
    const before = { loan: await loanRow(), usdt: await usdt(), audit: await count('audit_log'), ledger: await count('ledger') };
    const cases: [unknown, number, string, string, Record<string, string | number>?][] = [
      [{ id: loanId, amount: '1001.500001' }, 7, 'amount', 'admin.repayAboveOwed', { id: loanId, owed: '1001.500000', coin: 'USDT' }],
      [{ id: loanId, amount: '1000.5' }, 4020, 'amount', 'admin.repayInsufficient', { available: '1000.000000', coin: 'USDT' }],
      [{ id: loanId, amount: '1.1234567' }, 7, 'amount', 'admin.coinDecimals', { coin: 'USDT', decimals: 6 }],
      [{ id: loanId, amount: '0' }, 7, 'amount', 'admin.repayPositive'],
      [{ id: loanId, amount: '-5' }, 7, 'amount', 'admin.amountFormat'],
      [{ id: loanId, amount: '1e3' }, 7, 'amount', 'admin.amountFormat'],
      [{ id: loanId, amount: 10 }, 7, 'amount', 'admin.amountFormat'],
      [{ id: loanId, amount: { junk: [1] } }, 7, 'amount', 'admin.amountFormat'],
      [{ id: loanId }, 7, 'amount', 'admin.amountFormat'],
      [{ id: 'x', amount: '1' }, 7, 'id', 'admin.loanIdInvalid'],
      [{ id: 999_999, amount: '1' }, 7, 'id', 'admin.loanNotActive', { id: 999_999 }],
      [{ id: pendingId, amount: '1' }, 7, 'id', 'admin.loanNotActive', { id: pendingId }],
    ];
    for (const [body, code, field, key, params] of cases) {
      const r = await repay(body, 'de');
      expect(r, JSON.stringify(body)).toMatchObject({ code, msg: msg('de', key, params), data: { field } });
    }
    expect(await loanRow()).toEqual(before.loan);
    expect(await usdt()).toEqual(before.usdt);
    expect(await count('audit_log')).toBe(before.audit);
    expect(await count('ledger')).toBe(before.ledger);
  });

  it('debits exactly, writes the ledger row and one audit row, and marks the loan repaid once covered', async () => {
    let ledger = await count('ledger');
    let audit = await count('audit_log');
    const partial = await repay({ id: loanId, amount: '600' });
    expect(partial).toMatchObject({ code: 0, data: { id: loanId, coin: 'USDT', amount: '600.000000', owed: '401.500000', repaidInFull: false } });
    expect(await usdt()).toMatchObject({ available: String(400_000_000n * 100n), frozen: '0' });
    const row = await s.app.db.selectFrom('ledger').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: alice.id,
      coin: 'USDT',
      type: 'loan_repayment',
      ref_id: loanId,
      amount: String(-60_000_000_000n),
      frozen_change: '0',
    });
    expect(await count('ledger')).toBe(ledger + 1);
    expect(await count('audit_log')).toBe(audit + 1);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ actor: 'operator fin-actions', action: 'loan.repay', target_kind: 'loan', target_id: String(loanId) });
    expect(JSON.parse(entry.before_json!)).toMatchObject({ id: loanId, repaid: '0', status: 2 });
    expect(JSON.parse(entry.after_json!)).toMatchObject({ id: loanId, repaid: '60000000000', status: 2 });
    expect(await loanRow()).toMatchObject({ status: 2, repaid: '60000000000' });
    expect(await customerOwed()).toBe('401.500000');

    await adminDeposit(s.app.db, alice.id, 'USDT', '1.5', s.clock.now());
    ledger = await count('ledger');
    audit = await count('audit_log');
    const rest = await repay({ id: loanId, amount: '401.5' });
    expect(rest).toMatchObject({ code: 0, data: { amount: '401.500000', owed: '0.000000', repaidInFull: true } });
    expect(await usdt()).toMatchObject({ available: '0', frozen: '0' });
    expect(await loanRow()).toMatchObject({ status: 4, repaid: '100150000000', repaid_at: s.clock.now() });
    expect(await count('ledger')).toBe(ledger + 1);
    expect(await count('audit_log')).toBe(audit + 1);
    expect(JSON.parse((await lastAudit()).after_json!)).toMatchObject({ status: 4 });
    expect((await admin('GET', '/admin/loans/active')).data.list).toEqual([]);
    const again = await repay({ id: loanId, amount: '1' }, 'de');
    expect(again).toMatchObject({ code: 7, msg: msg('de', 'admin.loanNotActive', { id: loanId }) });
    expect(await count('ledger')).toBe(ledger + 1);
  });
});
