// Manual credits and debits take two finance operators: asking moves nothing, the asker cannot
// approve their own, a second operator's approval moves the money with its ledger row, and either
// may reject. Bad input is refused with the rule and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerMismatches } from '../../../server/core/ledger.ts';
import { call, msg, registerByEmail, startServer, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let alice: SignedInOperator;
let bob: SignedInOperator;
let uid = 0;

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  alice = await operator(s, 'alice', ['finance']);
  bob = await operator(s, 'bob', ['finance']);
  uid = (await registerByEmail(s.app, 'adjust-me@example.com')).user.ID;
});
afterAll(() => s.app.close());

const ask = (op: SignedInOperator, body: unknown, lang?: string) => call(s.app, 'POST', '/admin/money/adjust', { adminToken: op.token, body, lang });
const decide = (op: SignedInOperator, body: unknown, lang?: string) => call(s.app, 'POST', '/admin/money/decide', { adminToken: op.token, body, lang });
const usdt = async () =>
  (await s.app.db.selectFrom('balances').select('available').where('user_id', '=', uid).where('coin', '=', 'USDT').executeTakeFirst())?.available ?? '0';
const ledgerTypes = async () => (await s.app.db.selectFrom('ledger').select('type').where('user_id', '=', uid).orderBy('id').execute()).map((r) => r.type);

describe('manual credit and debit (four eyes)', () => {
  it('credits only after a second finance operator approves', async () => {
    const asked = await ask(alice, { uid, coin: 'USDT', amount: '250.5', direction: 'credit', reason: 'Goodwill for the outage of 3 March' });
    expect(asked).toMatchObject({
      code: 0,
      data: { uid, coin: 'USDT', amount: '250.5', direction: 'credit', status: 'pending', requestedBy: 'alice', approvedBy: null },
    });
    expect(await usdt()).toBe('0');
    expect(await decide(alice, { id: asked.data.id, decision: 'approve' }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.fourEyesSameOperator') });
    expect(await usdt()).toBe('0');
    const done = await decide(bob, { id: asked.data.id, decision: 'approve' });
    expect(done).toMatchObject({ code: 0, data: { status: 'done', approvedBy: 'bob' } });
    expect(await usdt()).toBe('25050000000');
    expect(await ledgerTypes()).toEqual(['agent_deposit']);
    expect((await decide(bob, { id: asked.data.id, decision: 'approve' })).code).toBe(7);
    const pending = await call(s.app, 'GET', '/admin/money/adjustments', { adminToken: bob.token, query: { status: 'pending' } });
    expect(pending.data.list).toEqual([]);
  });

  it('debits with its own ledger type, refuses more than the balance at approval, and ends on a rejection by either', async () => {
    const debit = await ask(bob, { uid, coin: 'USDT', amount: '50', direction: 'debit', reason: 'Credited twice by mistake' });
    expect((await decide(alice, { id: debit.data.id, decision: 'approve' })).data.status).toBe('done');
    expect(await usdt()).toBe('20050000000');
    expect((await ledgerTypes()).at(-1)).toBe('admin_debit');

    const tooMuch = await ask(alice, { uid, coin: 'USDT', amount: '1000', direction: 'debit', reason: 'Test of the balance check' });
    expect((await decide(bob, { id: tooMuch.data.id, decision: 'approve' })).code).toBe(4020);
    expect(await usdt()).toBe('20050000000');

    const rejected = await decide(alice, { id: tooMuch.data.id, decision: 'reject', reason: 'Asked by mistake' });
    expect(rejected).toMatchObject({ code: 0, data: { status: 'rejected', approvedBy: 'alice' } });
    expect((await decide(bob, { id: tooMuch.data.id, decision: 'approve' })).code).toBe(7);
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });

  it('opens one adjustment by its id and lists every state with the screen\'s "all"', async () => {
    const asked = await ask(alice, { uid, coin: 'USDT', amount: '3', direction: 'credit', reason: 'One to open' });
    const one = await call(s.app, 'GET', '/admin/money/adjustments/detail', { adminToken: bob.token, query: { id: String(asked.data.id) } });
    expect(one).toMatchObject({ code: 0, data: { id: asked.data.id, amount: '3', status: 'pending', requestedBy: 'alice', approvedBy: null } });
    const all = await call(s.app, 'GET', '/admin/money/adjustments', { adminToken: bob.token, query: { status: '' } });
    expect(new Set(all.data.list.map((a: { status: string }) => a.status))).toEqual(new Set(['pending', 'done', 'rejected']));
    for (const id of ['424242', '0', 'abc', '1.5', '99999999999'])
      expect(await call(s.app, 'GET', '/admin/money/adjustments/detail', { adminToken: bob.token, query: { id }, lang: 'de' }), id).toMatchObject({
        code: 7,
        msg: msg('de', 'admin.adjustmentUnknown'),
        data: { field: 'id' },
      });
    expect((await call(s.app, 'GET', '/admin/money/adjustments/detail', { adminToken: bob.token, query: { id: '1', junk: 'x' } })).code).toBe(7);
  });

  it('refuses bad input with the rule and writes nothing', async () => {
    const count = async () =>
      Number(
        (
          await s.app.db
            .selectFrom('approvals')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const good = { uid, coin: 'USDT', amount: '1', direction: 'credit', reason: 'x' };
    const cases: [unknown, string, string][] = [
      [{ ...good, uid: 999999 }, 'uid', 'admin.userUnknown'],
      [{ ...good, uid: 'me' }, 'uid', 'admin.userUnknown'],
      [{ ...good, coin: 'ZZZ' }, 'coin', 'admin.coinUnknown'],
      [{ ...good, coin: 'US DT' }, 'coin', 'admin.coinFormat'],
      [{ ...good, amount: '0' }, 'amount', 'admin.adjustAmount'],
      [{ ...good, amount: '1.1234567' }, 'amount', 'admin.adjustAmount'],
      [{ ...good, amount: '-5' }, 'amount', 'admin.amountFormat'],
      [{ ...good, amount: 5 }, 'amount', 'admin.amountFormat'],
      [{ ...good, amount: '1000000000.5' }, 'amount', 'admin.adjustAmount'],
      [{ ...good, direction: 'mint' }, 'direction', 'admin.adjustDirection'],
      [{ ...good, reason: '' }, 'reason', 'admin.reasonRequired'],
      [{ ...good, reason: '   ' }, 'reason', 'admin.reasonRequired'],
      [{ ...good, reason: 'x'.repeat(201) }, 'reason', 'admin.reasonTooLong'],
    ];
    for (const [body, field] of cases) expect(await ask(alice, body, 'de'), JSON.stringify(body)).toMatchObject({ code: 7, data: { field } });
    expect(await count()).toBe(before);
    expect(await decide(alice, { id: 424242, decision: 'approve' }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.approvalNotWaiting') });
  });
});
