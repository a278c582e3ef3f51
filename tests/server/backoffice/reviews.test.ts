// Reviews in the back office: the list by kind, one decision with its ledger rows and audit row,
// four eyes on a large withdrawal (the first approval moves no money, the same operator cannot
// give the second, a rejection by either ends it), roles per kind, and bad input changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerMismatches } from '../../../server/core/ledger.ts';
import { SEED_COINS } from '../../../server/funds/coins/coins.ts';
import { dataUrl, pngImage } from '../../fixtures/images.ts';
import { call, customerWithdrawal as withdrawal, msg, registerByEmail, startServer, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let finance1: SignedInOperator;
let finance2: SignedInOperator;
let compliance: SignedInOperator;
const LOGIN = 'Secret-pass-123';
let seq = 0;

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  finance1 = await operator(s, 'fin-one', ['finance']);
  finance2 = await operator(s, 'fin-two', ['finance']);
  compliance = await operator(s, 'kyc-one', ['compliance']);
});
afterAll(() => s.app.close());

const customerWithdrawal = (amount: string) => withdrawal(s, `bo${++seq}@example.com`, amount);

const decide = (op: SignedInOperator, body: unknown, lang?: string) => call(s.app, 'POST', '/admin/reviews/decide', { adminToken: op.token, body, lang });
const balanceOf = async (userId: number) =>
  s.app.db.selectFrom('balances').select(['available', 'frozen']).where('user_id', '=', userId).where('coin', '=', 'USDT').executeTakeFirstOrThrow();
const statusOf = async (id: number) =>
  Number((await s.app.db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status);
const auditActions = async () =>
  (await s.app.db.selectFrom('audit_log').select(['action', 'actor', 'target_id']).orderBy('id').execute()).map(
    (r) => `${r.actor}: ${r.action} ${r.target_id}`,
  );

describe('GET /admin/reviews', () => {
  it('lists what waits, of the kinds the operator decides', async () => {
    const { withdrawalId } = await customerWithdrawal('100');
    const list = await call(s.app, 'GET', '/admin/reviews', { adminToken: finance1.token });
    expect(list.code, list.msg).toBe(0);
    expect(list.data.list).toContainEqual(expect.objectContaining({ kind: 'withdrawal', id: withdrawalId, approvals: 0, firstApprover: null }));
    const kyc = await call(s.app, 'GET', '/admin/reviews', { adminToken: compliance.token });
    expect(kyc.data.list.every((i: { kind: string }) => i.kind === 'kyc')).toBe(true);
    // asking for another role's kind lists nothing of it
    expect((await call(s.app, 'GET', '/admin/reviews', { adminToken: compliance.token, query: { kind: 'withdrawal' } })).data.list).toEqual([]);
  });
});

describe('POST /admin/reviews/decide', () => {
  it('approves a small withdrawal with one operator, in one step with its ledger rows and an audit row', async () => {
    const { userId, withdrawalId } = await customerWithdrawal('100');
    const r = await decide(finance1, { kind: 'withdrawal', id: withdrawalId, decision: 'approve' });
    expect(r).toMatchObject({ code: 0, data: { state: 'done', approvals: 1, required: 1 } });
    expect(await statusOf(withdrawalId)).toBe(2);
    expect(await balanceOf(userId)).toMatchObject({ frozen: '0' });
    expect((await auditActions()).at(-1)).toBe(`operator fin-one: review.approve ${withdrawalId}`);
    expect(await decide(finance1, { kind: 'withdrawal', id: withdrawalId, decision: 'approve' }, 'de')).toMatchObject({
      code: 7,
      msg: msg('de', 'admin.reviewNotWaiting', { kind: 'withdrawal', id: withdrawalId }),
      data: { field: 'id' },
    });
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });

  it('needs two finance operators for a withdrawal of 1,000 USDT or more: the first approval moves no money, the same operator cannot give the second', async () => {
    const { userId, withdrawalId } = await customerWithdrawal('1500');
    const before = await balanceOf(userId);
    const first = await decide(finance1, { kind: 'withdrawal', id: withdrawalId, decision: 'approve' });
    expect(first).toMatchObject({ code: 0, data: { state: 'awaitingSecond', approvals: 1, required: 2 } });
    expect(await balanceOf(userId)).toEqual(before);
    expect(await statusOf(withdrawalId)).toBe(1);
    const customerView = await s.app.db.selectFrom('withdrawals').select('status').where('id', '=', withdrawalId).executeTakeFirstOrThrow();
    expect(Number(customerView.status)).toBe(1);

    const listed = await call(s.app, 'GET', '/admin/reviews', { adminToken: finance2.token, query: { status: 'awaitingSecond' } });
    expect(listed.data.list).toEqual([expect.objectContaining({ id: withdrawalId, approvals: 1, firstApprover: 'fin-one' })]);

    expect(await decide(finance1, { kind: 'withdrawal', id: withdrawalId, decision: 'approve' }, 'de')).toMatchObject({
      code: 7,
      msg: msg('de', 'admin.fourEyesSameOperator'),
    });
    expect(await balanceOf(userId)).toEqual(before);

    const second = await decide(finance2, { kind: 'withdrawal', id: withdrawalId, decision: 'approve' });
    expect(second).toMatchObject({ code: 0, data: { state: 'done', approvals: 2, required: 2 } });
    expect(await statusOf(withdrawalId)).toBe(2);
    expect(await balanceOf(userId)).toMatchObject({ frozen: '0' });
    const approvals = await s.app.db.selectFrom('approvals').selectAll().where('target_id', '=', String(withdrawalId)).execute();
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatchObject({ status: 'done', first_operator_id: expect.any(Number), second_operator_id: expect.any(Number) });
    expect(approvals[0].first_operator_id).not.toBe(approvals[0].second_operator_id);
    expect((await auditActions()).slice(-2)).toEqual([
      `operator fin-one: review.approve.first ${withdrawalId}`,
      `operator fin-two: review.approve ${withdrawalId}`,
    ]);
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });

  it('ends a large withdrawal when either operator rejects it after the first approval, and refunds it', async () => {
    const { userId, withdrawalId } = await customerWithdrawal('2000');
    expect((await decide(finance1, { kind: 'withdrawal', id: withdrawalId, decision: 'approve' })).data.state).toBe('awaitingSecond');
    const r = await decide(finance2, { kind: 'withdrawal', id: withdrawalId, decision: 'reject', reason: 'Address on a sanctions list' });
    expect(r).toMatchObject({ code: 0, data: { state: 'rejected' } });
    expect(await statusOf(withdrawalId)).toBe(3);
    expect(await balanceOf(userId)).toMatchObject({ available: '500000000000', frozen: '0' });
    const [approval] = await s.app.db.selectFrom('approvals').selectAll().where('target_id', '=', String(withdrawalId)).execute();
    expect(approval.status).toBe('rejected');
    expect((await decide(finance1, { kind: 'withdrawal', id: withdrawalId, decision: 'approve' })).code).toBe(7);
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });

  it('lets only the kind’s roles decide it: a finance operator cannot decide identity checks', async () => {
    const { user } = await registerByEmail(s.app, `kyc${++seq}@example.com`, LOGIN);
    const r = await decide(finance1, { kind: 'kyc', id: user.ID, decision: 'approve' }, 'de');
    expect(r).toMatchObject({ code: 4105, msg: msg('de', 'errors.4105') });
  });

  it('refuses bad input with the rule, with a valid session, and writes nothing', async () => {
    const { userId, withdrawalId } = await customerWithdrawal('100');
    const before = {
      balance: await balanceOf(userId),
      audit: (await auditActions()).length,
      approvals: (await s.app.db.selectFrom('approvals').selectAll().execute()).length,
    };
    const cases: [unknown, string, string][] = [
      [{ id: withdrawalId, decision: 'approve' }, 'kind', 'admin.reviewKindUnknown'],
      [{ kind: 'payout', id: withdrawalId, decision: 'approve' }, 'kind', 'admin.reviewKindUnknown'],
      [{ kind: 'withdrawal', id: 0, decision: 'approve' }, 'id', 'admin.reviewIdInvalid'],
      [{ kind: 'withdrawal', id: '7; drop table users', decision: 'approve' }, 'id', 'admin.reviewIdInvalid'],
      [{ kind: 'withdrawal', id: 99999999, decision: 'approve' }, 'id', 'admin.reviewNotWaiting'],
      [{ kind: 'withdrawal', id: withdrawalId, decision: 'maybe' }, 'decision', 'admin.decisionInvalid'],
      [{ kind: 'withdrawal', id: withdrawalId, decision: 'reject' }, 'reason', 'admin.reasonRequired'],
      [{ kind: 'withdrawal', id: withdrawalId, decision: 'reject', reason: 'x'.repeat(201) }, 'reason', 'admin.reasonTooLong'],
      [{ kind: 'loan', id: 1, decision: 'approve', amount: '1.123456789' }, 'amount', 'admin.amountFormat'],
      [{ kind: 'wire', id: 1, decision: 'approve', amount: '10', coin: 'usdt' }, 'coin', 'admin.coinFormat'],
      [{ kind: 'withdrawal', id: withdrawalId, decision: 'approve', extra: { nested: { deep: [1, 2, 3] } } }, 'extra', 'validation.unknownField'],
    ];
    for (const [body, field, key] of cases) {
      const r = await decide(finance1, body, 'de');
      expect(r, JSON.stringify(body)).toMatchObject({ code: 7, data: { field } });
      if (key !== 'admin.reviewNotWaiting' && key !== 'validation.unknownField') expect(r.msg, key).toBe(msg('de', key));
    }
    expect(await balanceOf(userId)).toEqual(before.balance);
    expect((await auditActions()).length).toBe(before.audit);
    expect((await s.app.db.selectFrom('approvals').selectAll().execute()).length).toBe(before.approvals);
    expect(await statusOf(withdrawalId)).toBe(1);
  });

  it('makes one decision of two sent at once', async () => {
    const { withdrawalId } = await customerWithdrawal('100');
    const results = await Promise.all([1, 2, 3].map(() => decide(finance1, { kind: 'withdrawal', id: withdrawalId, decision: 'approve' })));
    expect(results.map((r) => r.code).sort()).toEqual([0, 7, 7]);
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });
});

describe('GET /admin/reviews/detail: the request with its images', () => {
  it('shows a deposit with its transfer proof, which reviewers (and only they) may open', async () => {
    const { token } = await registerByEmail(s.app, `proof${++seq}@example.com`, LOGIN);
    s.clock.advance(21_000);
    const upload = await call(s.app, 'POST', '/user/uploadBase64', { token, body: { base64Str: dataUrl(pngImage(24, 24)) } });
    expect(upload.code, upload.msg).toBe(0);
    const address = SEED_COINS.find((c) => c.coin === 'USDT')!.networks.find((n) => n.network === 'TRC20')!.address;
    const deposit = await call(s.app, 'POST', '/recharge/createRecharge', {
      token,
      body: { coin: 'USDT', czline: 'TRC20', address, num: '100', payimg: upload.data.url, cate: 1 },
    });
    expect(deposit.code, deposit.msg).toBe(0);

    const detail = await call(s.app, 'GET', '/admin/reviews/detail', { adminToken: finance1.token, query: { kind: 'deposit', id: deposit.data.ID } });
    expect(detail).toMatchObject({ code: 0, data: { kind: 'deposit', id: deposit.data.ID, proof: upload.data.url, approvals: 0 } });
    const image = (adminToken: string) => s.app.inject({ method: 'GET', url: upload.data.url, headers: { 'x-admin-token': adminToken } });
    const seen = await image(finance1.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    const content = await operator(s, `content-${seq}`, ['content']);
    expect((await image(content.token)).statusCode).toBe(403);
    // the support desk opens the images customers sent in a chat, and no other upload
    const support = await operator(s, `support-${seq}`, ['support']);
    expect((await image(support.token)).statusCode).toBe(404);
    expect((await image('0'.repeat(64))).statusCode).toBe(401);

    expect((await call(s.app, 'GET', '/admin/reviews/detail', { adminToken: compliance.token, query: { kind: 'deposit', id: deposit.data.ID } })).code).toBe(
      4105,
    );
    expect((await call(s.app, 'GET', '/admin/reviews/detail', { adminToken: finance1.token, query: { kind: 'deposit', id: 999999 }, lang: 'de' })).msg).toBe(
      msg('de', 'admin.reviewNotWaiting', { kind: 'deposit', id: 999999 }),
    );
  });
});
