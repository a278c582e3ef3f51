// "Take it": an operator takes a waiting item; the queue and the detail show their name, nobody
// else takes or decides it until the hold (schemas/config/reviews.json take.minutes) ends or they
// decide it; a first approval ends the hold so a colleague can give the second. Bad input,
// another role, a decided item and two takes at once are refused cleanly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../contract/loader.ts';
import { call, customerWithdrawal, msg, startServer, type TestServer } from '../helpers.ts';
import { NEW_PASSWORD, operator, signIn, type SignedInOperator } from './operators.ts';

let s: TestServer;
let ann: SignedInOperator;
let ben: SignedInOperator;
let kim: SignedInOperator;
const HOLD_MS = loadConfig<{ take: { minutes: number } }>('reviews').take.minutes * 60_000;

const take = (op: SignedInOperator, body: unknown, lang?: string) => call(s.app, 'POST', '/admin/reviews/take', { adminToken: op.token, body, lang });
const decide = (op: SignedInOperator, body: unknown, lang?: string) => call(s.app, 'POST', '/admin/reviews/decide', { adminToken: op.token, body, lang });
const queued = async (op: SignedInOperator, id: number) =>
  ((await call(s.app, 'GET', '/admin/reviews', { adminToken: op.token, query: { kind: 'withdrawal' } })).data.list as { id: number; takenBy: string | null }[]).find((i) => i.id === id);
const withdrawal = (id: number) => s.app.db.selectFrom('withdrawals').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
const takes = () => s.app.db.selectFrom('audit_log').select(['actor', 'target_id']).where('action', '=', 'review.take').execute();
const again = async (op: SignedInOperator) => {
  op.token = await signIn(s, op.name, NEW_PASSWORD, op.secret);
};

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  ann = await operator(s, 'ann', ['finance']);
  ben = await operator(s, 'ben', ['finance']);
  kim = await operator(s, 'kim', ['compliance']);
});
afterAll(() => s.app.close());

describe('POST /admin/reviews/take', () => {
  it('holds the item for the taker: the queue and detail name them, another operator can neither take nor decide it', async () => {
    const { withdrawalId: id } = await customerWithdrawal(s, 'take-a@example.com', '100');
    const r = await take(ann, { kind: 'withdrawal', id });
    expect(r.code, r.msg).toBe(0);
    expect(Date.parse(r.data.until)).toBe(s.clock.now() + HOLD_MS);
    expect((await queued(ben, id))?.takenBy).toBe('ann');
    const detail = await call(s.app, 'GET', '/admin/reviews/detail', { adminToken: ben.token, query: { kind: 'withdrawal', id: String(id) } });
    expect(detail.data.takenBy).toBe('ann');
    const until = new Date(s.clock.now() + HOLD_MS).toISOString().slice(11, 16);
    expect(await take(ben, { kind: 'withdrawal', id }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.queue.takenByOther', { name: 'ann', until }) });
    expect(await decide(ben, { kind: 'withdrawal', id, decision: 'reject', reason: 'No' }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.queue.takenByOther', { name: 'ann', until }) });
    expect((await withdrawal(id)).status).toBe(1);
    // the taker decides it; the hold ends with the decision
    expect((await decide(ann, { kind: 'withdrawal', id, decision: 'approve' })).data.state).toBe('done');
    expect(await s.app.db.selectFrom('review_claims').selectAll().execute()).toEqual([]);
    expect((await takes()).map((t) => `${t.actor} ${t.target_id}`)).toEqual([`operator ann ${id}`]);
  });

  it('lets another operator take it once the hold has run out', async () => {
    const { withdrawalId: id } = await customerWithdrawal(s, 'take-b@example.com', '100');
    expect((await take(ann, { kind: 'withdrawal', id })).code).toBe(0);
    // renewing is allowed to the holder
    expect((await take(ann, { kind: 'withdrawal', id })).code).toBe(0);
    s.clock.advance(HOLD_MS + 1000);
    await again(ben);
    expect((await take(ben, { kind: 'withdrawal', id })).code).toBe(0);
    expect((await queued(ben, id))?.takenBy).toBe('ben');
    expect((await decide(ben, { kind: 'withdrawal', id, decision: 'reject', reason: 'Test' })).data.state).toBe('rejected');
  });

  it('ends the first approver’s hold at the first of two approvals, so a colleague gives the second', async () => {
    await again(ann);
    await again(ben);
    const { withdrawalId: id } = await customerWithdrawal(s, 'take-c@example.com', '2500');
    expect((await take(ann, { kind: 'withdrawal', id })).code).toBe(0);
    expect((await decide(ann, { kind: 'withdrawal', id, decision: 'approve' })).data.state).toBe('awaitingSecond');
    expect((await queued(ben, id))?.takenBy).toBeNull();
    expect((await decide(ben, { kind: 'withdrawal', id, decision: 'approve' })).data.state).toBe('done');
  });

  it('refuses bad input, another role, a decided item, and gives one of two takes at once', async () => {
    await again(ann);
    await again(ben);
    kim.token = await signIn(s, 'kim', NEW_PASSWORD, kim.secret);
    const { withdrawalId: id } = await customerWithdrawal(s, 'take-d@example.com', '100');
    const before = (await takes()).length;
    expect(await take(ann, { kind: 'teleport', id }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.reviewKindUnknown') });
    expect(await take(ann, { kind: 'withdrawal', id: 'one' }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.reviewIdInvalid') });
    expect(await take(ann, { kind: 'withdrawal', id: { $gt: 0 } }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.reviewIdInvalid') });
    expect(await take(ann, { kind: 'withdrawal' }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.reviewIdInvalid') });
    expect((await take(ann, { kind: 'withdrawal', id: 1 })).code).toBe(7);
    expect((await take(kim, { kind: 'withdrawal', id })).code).toBe(4105);
    expect(await takes()).toHaveLength(before);
    const both = await Promise.all([take(ann, { kind: 'withdrawal', id }), take(ben, { kind: 'withdrawal', id })]);
    expect(both.map((r) => r.code).sort()).toEqual([0, 7]);
    expect(await s.app.db.selectFrom('review_claims').selectAll().where('item_id', '=', id).execute()).toHaveLength(1);
  });
});
