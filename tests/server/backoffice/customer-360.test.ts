// The customer in one view: balances with their USDT value, the ledger filtered by type, coin and
// day and paged on the server, operators' notes (audited) and risk flags that show on every review
// of that customer and no other's; bad input, another role and an unknown customer change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerMismatches } from '../../../server/core/ledger.ts';
import { adminDeposit } from '../../../server/funds/deposits/admin-deposit.ts';
import { call, customerWithdrawal, msg, startServer, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let support: SignedInOperator;
let finance: SignedInOperator;
let content: SignedInOperator;
let alice: { userId: number; withdrawalId: number };
let bob: { userId: number; withdrawalId: number };

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  alice = await customerWithdrawal(s, 'c360-alice@example.com', '100');
  bob = await customerWithdrawal(s, 'c360-bob@example.com', '200');
  s.clock.advance(2 * 86_400_000);
  await adminDeposit(s.app.db, alice.userId, 'BTC', '0.5', s.clock.now());
  // signed in after the clock moved on (a session ends after 30 minutes idle)
  support = await operator(s, 'help', ['support']);
  finance = await operator(s, 'fin', ['finance']);
  content = await operator(s, 'writer', ['content']);
}, 30_000);
afterAll(() => s.app.close());

const as = (op: SignedInOperator, method: string, path: string, input: Record<string, unknown>, lang?: string) =>
  call(s.app, method, path, { adminToken: op.token, lang, ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }) });
const day = (offsetDays = 0) => new Date(s.clock.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const moneyAndNotes = async () => ({
  ledger: await s.app.db.selectFrom('ledger').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  balances: await s.app.db.selectFrom('balances').selectAll().orderBy('user_id').orderBy('coin').execute(),
  notes: await s.app.db.selectFrom('customer_notes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
});

describe('balances', () => {
  it('shows available, frozen and total per coin, with the USDT value', async () => {
    const r = await as(support, 'GET', '/admin/users/balances', { uid: String(alice.userId) });
    expect(r.code, r.msg).toBe(0);
    const usdt = r.data.list.find((b: { coin: string }) => b.coin === 'USDT');
    // 5000 deposited, 100 frozen by the withdrawal under review (its fee on top)
    expect(usdt).toMatchObject({ coin: 'USDT', total: '5000.000000', usdtValue: '5000.00' });
    expect(Number(usdt.frozen)).toBeGreaterThanOrEqual(100);
    const btc = r.data.list.find((b: { coin: string }) => b.coin === 'BTC');
    expect(btc).toMatchObject({ available: '0.50000000', frozen: '0.00000000' });
    expect(Number(btc.usdtValue)).toBeGreaterThan(0);
  });
});

describe('the ledger', () => {
  it('filters by type, coin and UTC day, newest first, a page at a time', async () => {
    const uid = String(alice.userId);
    const all = await as(support, 'GET', '/admin/users/ledger', { uid, pageSize: 1 });
    expect(all.code, all.msg).toBe(0);
    expect(all.data.total).toBeGreaterThanOrEqual(3);
    expect(all.data.list).toEqual([expect.objectContaining({ coinname: 'BTC', type: 'agent_deposit', amount: '0.50000000' })]);
    const second = await as(support, 'GET', '/admin/users/ledger', { uid, pageSize: 1, page: 2 });
    expect(second.data.list[0].ID).toBeLessThan(all.data.list[0].ID);
    const usdt = await as(support, 'GET', '/admin/users/ledger', { uid, coinname: 'USDT', type: 'agent_deposit' });
    expect(usdt.data.list).toEqual([expect.objectContaining({ coinname: 'USDT', amount: '5000.000000' })]);
    // the BTC deposit was two days after the USDT one
    const today = await as(support, 'GET', '/admin/users/ledger', { uid, from: day(), to: day() });
    expect(today.data.list.map((r: { coinname: string }) => r.coinname)).toEqual(['BTC']);
    const before = await as(support, 'GET', '/admin/users/ledger', { uid, to: day(-1) });
    expect(before.data.list.every((r: { coinname: string }) => r.coinname === 'USDT')).toBe(true);
    // another customer's rows never show
    const theirs = await as(support, 'GET', '/admin/users/ledger', { uid: String(bob.userId), coinname: 'BTC' });
    expect(theirs.data).toMatchObject({ list: [], total: 0 });
  });

  it('refuses a malformed day, a range that ends before it starts and an unknown customer, in the caller’s language', async () => {
    const uid = String(alice.userId);
    expect(await as(support, 'GET', '/admin/users/ledger', { uid, from: '2026-02-30' }, 'de')).toMatchObject({
      code: 7,
      data: { field: 'from' },
      msg: msg('de', 'validation.queryDate', { field: 'from' }),
    });
    expect(await as(support, 'GET', '/admin/users/ledger', { uid, from: day(), to: day(-1) }, 'de')).toMatchObject({
      code: 7,
      msg: msg('de', 'admin.customer360.rangeInvalid'),
    });
    for (const bad of ['999999', 'abc', '0'])
      expect(await as(support, 'GET', '/admin/users/ledger', { uid: bad }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.userUnknown') });
    expect(await as(support, 'GET', '/admin/users/balances', { uid: '999999' }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.userUnknown') });
  });
});

describe('notes and risk flags', () => {
  it('keeps who wrote a note and when, audits it, moves no money, and shows a risk flag on that customer’s reviews only', async () => {
    const before = await moneyAndNotes();
    const note = await as(support, 'POST', '/admin/users/notes/add', { uid: alice.userId, body: 'Called about the withdrawal; asked for proof of address.' });
    expect(note.code, note.msg).toBe(0);
    expect(note.data).toMatchObject({ operator: 'help', riskFlag: false });
    const flag = await as(support, 'POST', '/admin/users/notes/add', { uid: alice.userId, body: 'Shared account suspected', riskFlag: true });
    expect(flag.code, flag.msg).toBe(0);
    const after = await moneyAndNotes();
    expect({ ledger: after.ledger, balances: after.balances }).toEqual({ ledger: before.ledger, balances: before.balances });
    expect(Number(after.notes.n)).toBe(Number(before.notes.n) + 2);
    const audit = await s.app.db.selectFrom('audit_log').select(['action', 'actor', 'target_id']).orderBy('id', 'desc').limit(2).execute();
    expect(audit.map((a) => `${a.actor} ${a.action} ${a.target_id}`)).toEqual([`operator help user.riskFlag ${alice.userId}`, `operator help user.note ${alice.userId}`]);

    const list = await as(support, 'GET', '/admin/users/notes', { uid: String(alice.userId) });
    expect(list.data.list.map((n: { body: string }) => n.body)).toEqual(['Shared account suspected', 'Called about the withdrawal; asked for proof of address.']);

    const review = await as(finance, 'GET', '/admin/reviews/detail', { kind: 'withdrawal', id: alice.withdrawalId });
    expect(review.code, review.msg).toBe(0);
    expect(review.data.uid).toBe(alice.userId);
    expect(review.data.riskFlags).toMatch(/help: Shared account suspected$/);
    expect(review.data.customerNotes).toMatch(/help: Called about the withdrawal/);
    const other = await as(finance, 'GET', '/admin/reviews/detail', { kind: 'withdrawal', id: bob.withdrawalId });
    expect(other.data.riskFlags).toBeUndefined();
    expect(other.data.customerNotes).toBeUndefined();
  });

  it('refuses an empty or too long note, an unknown customer and another role, writing nothing', async () => {
    const before = await moneyAndNotes();
    const audits = await s.app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(await as(support, 'POST', '/admin/users/notes/add', { uid: alice.userId, body: '' }, 'de')).toMatchObject({
      code: 7,
      data: { field: 'body' },
      msg: msg('de', 'admin.customer360.noteRequired'),
    });
    expect(await as(support, 'POST', '/admin/users/notes/add', { uid: alice.userId, body: '   ' }, 'de')).toMatchObject({ code: 7, data: { field: 'body' } });
    expect(await as(support, 'POST', '/admin/users/notes/add', { uid: alice.userId, body: 'x'.repeat(1001) }, 'de')).toMatchObject({
      code: 7,
      msg: msg('de', 'admin.customer360.noteTooLong'),
    });
    expect(await as(support, 'POST', '/admin/users/notes/add', { uid: 999999, body: 'nobody' }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.userUnknown') });
    for (const [method, path, input] of [
      ['POST', '/admin/users/notes/add', { uid: alice.userId, body: 'not my job' }],
      ['GET', '/admin/users/notes', { uid: String(alice.userId) }],
      ['GET', '/admin/users/ledger', { uid: String(alice.userId) }],
      ['GET', '/admin/users/balances', { uid: String(alice.userId) }],
    ] as const)
      expect((await as(content, method, path, input)).code).toBe(4105);
    expect(await moneyAndNotes()).toEqual(before);
    // only the refused role calls are audited (as the gate does), no note
    const actions = await s.app.db.selectFrom('audit_log').select('action').where('id', '>', 0).orderBy('id', 'desc').limit(4).execute();
    expect(actions.every((a) => a.action.startsWith('refused.'))).toBe(true);
    expect(Number((await s.app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(Number(audits.n) + 4);
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });
});
