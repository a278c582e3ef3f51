// Review items after the fact: the customer 360's list of every request of a customer (all kinds,
// any state, newest first, paged on the server) and one item's record — who decided, when, why,
// a paid withdrawal's hash, and the identity photos reopened after the decision. Another role,
// another kind's operator, unknown ids and bad input are refused and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrl, pngImage } from '../../fixtures/images.ts';
import { call, customerWithdrawal, msg, registerByEmail, startServer, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let finance: SignedInOperator;
let compliance: SignedInOperator;
let support: SignedInOperator;
let content: SignedInOperator;
let alice: { userId: number; withdrawalId: number; token: string };
let later = 0;
let kycId = 0;
let kycUser = 0;

const as = (op: SignedInOperator, path: string, query: Record<string, string | number>, lang?: string) =>
  call(s.app, 'GET', path, { adminToken: op.token, query: query as Record<string, string>, lang });
const decide = (op: SignedInOperator, body: unknown) => call(s.app, 'POST', '/admin/reviews/decide', { adminToken: op.token, body });
const TX = 'ab'.repeat(32);

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  finance = await operator(s, 'fin', ['finance']);
  compliance = await operator(s, 'kyc', ['compliance']);
  support = await operator(s, 'help', ['support']);
  content = await operator(s, 'writer', ['content']);
  alice = await customerWithdrawal(s, 'rec-alice@example.com', '100');
  expect((await decide(finance, { kind: 'withdrawal', id: alice.withdrawalId, decision: 'approve' })).code).toBe(0);
  const hash = await call(s.app, 'POST', '/admin/reviews/withdrawalTxHash', { adminToken: finance.token, body: { id: alice.withdrawalId, txHash: TX } });
  s.clock.advance(60_000);
  const second = await customerWithdrawal(s, 'rec-bob@example.com', '50');
  later = second.withdrawalId;
  // an identity check with its three photos, rejected
  const { token, user } = await registerByEmail(s.app, 'rec-kim@example.com');
  kycUser = user.ID;
  const photo = async (n: number) => {
    s.clock.advance(21_000);
    return (await call(s.app, 'POST', '/user/uploadBase64', { token, body: { base64Str: dataUrl(pngImage(20 + n, 20)) } })).data.url as string;
  };
  const card = { type: 1, name: 'Kim Example', card_front: await photo(1), card_end: await photo(2), card_hand: await photo(3) };
  kycId = (await call(s.app, 'POST', '/user_card/createUser_card', { token, body: card })).data.ID;
  expect((await decide(compliance, { kind: 'kyc', id: kycId, decision: 'reject', reason: 'The selfie is blurred' })).code).toBe(0);
  expect(hash.code, hash.msg).toBe(0);
}, 60_000);
afterAll(() => s.app.close());

describe('GET /admin/users/requests', () => {
  it('lists every request of the customer, of every kind and state, newest first', async () => {
    const r = await as(support, '/admin/users/requests', { uid: alice.userId });
    expect(r.code, r.msg).toBe(0);
    // customerWithdrawal's identity check and 5,000 USDT deposit, and the withdrawal
    expect(r.data.total).toBe(3);
    expect(r.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'withdrawal', id: alice.withdrawalId, status: 'approved', amount: '100.000000', coin: 'USDT' }),
        expect.objectContaining({ kind: 'deposit', status: 'approved', amount: '5000.000000', coin: 'USDT' }),
        expect.objectContaining({ kind: 'kyc', status: 'approved', amount: '', coin: '' }),
      ]),
    );
    const times = r.data.list.map((i: { created: string }) => Date.parse(i.created));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const kim = await as(support, '/admin/users/requests', { uid: kycUser, kind: 'kyc' });
    expect(kim.data).toMatchObject({ total: 1, list: [{ kind: 'kyc', id: kycId, status: 'rejected' }] });
    const none = await as(support, '/admin/users/requests', { uid: kycUser, kind: 'deposit' });
    expect(none.data).toMatchObject({ total: 0, list: [] });
    const paged = await as(support, '/admin/users/requests', { uid: alice.userId, pageSize: 1, page: 2 });
    expect(paged.data).toMatchObject({ total: 3, page: 2, list: [r.data.list[1]] });
  });

  it('refuses an unknown customer, a bad kind and another role', async () => {
    expect(await as(support, '/admin/users/requests', { uid: 999999 }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.userUnknown') });
    expect(await as(support, '/admin/users/requests', { uid: 'x'.repeat(65) }, 'de')).toMatchObject({ code: 7 });
    expect((await as(support, '/admin/users/requests', { uid: alice.userId, kind: 'teleport' })).code).toBe(7);
    expect((await as(content, '/admin/users/requests', { uid: alice.userId })).code).toBe(4105);
  });
});

describe('GET /admin/history/detail', () => {
  it('shows a paid withdrawal with who approved it, when, and its transaction hash', async () => {
    const r = await as(finance, '/admin/history/detail', { kind: 'withdrawal', id: alice.withdrawalId });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ kind: 'withdrawal', uid: alice.userId, user: 'rec-alice@example.com', status: 'approved', operators: 'fin', txHash: TX, amount: '100.000000' });
    expect(Date.parse(r.data.decidedAt)).toBeGreaterThan(0);
    const waiting = await as(finance, '/admin/history/detail', { kind: 'withdrawal', id: later });
    expect(waiting.data.status).toBe('waiting');
    expect(waiting.data.decidedAt).toBeUndefined();
  });

  it('reopens a decided identity check’s three photos with the reason the customer was given', async () => {
    const r = await as(compliance, '/admin/history/detail', { kind: 'kyc', id: kycId });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ status: 'rejected', reason: 'The selfie is blurred', operators: 'kyc' });
    for (const photo of ['idFront', 'idBack', 'idHand']) {
      expect(r.data[photo]).toMatch(/^\/uploads\//);
      const image = await s.app.inject({ method: 'GET', url: r.data[photo], headers: { 'x-admin-token': compliance.token } });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
    }
  });

  it('refuses another kind’s operator, another role, an unknown id and a bad one', async () => {
    expect((await as(compliance, '/admin/history/detail', { kind: 'withdrawal', id: alice.withdrawalId })).code).toBe(4105);
    expect((await as(finance, '/admin/history/detail', { kind: 'kyc', id: kycId })).code).toBe(4105);
    expect((await as(support, '/admin/history/detail', { kind: 'kyc', id: kycId })).code).toBe(4105);
    expect(await as(finance, '/admin/history/detail', { kind: 'withdrawal', id: 777777 }, 'de')).toMatchObject({
      code: 7,
      msg: msg('de', 'admin.history.itemUnknown', { kind: 'withdrawal', id: 777777 }),
    });
    expect(await as(finance, '/admin/history/detail', { kind: 'withdrawal', id: 'one' }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.reviewIdInvalid') });
    expect(await as(finance, '/admin/history/detail', { kind: 'withdrawal' }, 'de')).toMatchObject({ code: 7, msg: msg('de', 'admin.reviewIdInvalid') });
  });
});
