// The review queue (issue 41, item 4): "waiting for my approval" lists the items a colleague gave
// the first approval (never my own), each item names its customer's id, its age and its SLA state by
// the thresholds of schemas/config/reviews.json, the order is the server's across the whole queue,
// bad sort or page sizes are refused, and another role sees nothing of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../contract/loader.ts';
import { SEED_COINS } from '../../../server/funds/coins/coins.ts';
import { dataUrl, pngImage } from '../../fixtures/images.ts';
import { call, customerWithdrawal as withdrawal, msg, registerByEmail, startServer, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let finance1: SignedInOperator;
let finance2: SignedInOperator;
let support: SignedInOperator;
let seq = 0;
const TRC20 = SEED_COINS.find((c) => c.coin === 'USDT')!.networks.find((n) => n.network === 'TRC20')!.address;
const sla = loadConfig<{ sla: { warnAfterMinutes: number; lateAfterMinutes: number } }>('reviews').sla;

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  finance1 = await operator(s, 'queue-one', ['finance']);
  finance2 = await operator(s, 'queue-two', ['finance']);
  support = await operator(s, 'queue-help', ['support']);
});
afterAll(() => s.app.close());

const customerWithdrawal = (amount: string) => withdrawal(s, `q${++seq}@example.com`, amount);
const queue = (op: SignedInOperator, query: Record<string, string | number> = {}, lang?: string) =>
  call(s.app, 'GET', '/admin/reviews', { adminToken: op.token, query: query as Record<string, string>, lang });
const decide = (op: SignedInOperator, body: unknown) => call(s.app, 'POST', '/admin/reviews/decide', { adminToken: op.token, body });
type Item = { kind: string; id: number; uid: number | null; age: number; sla: string; approvedByMe: boolean; created: string };

describe('GET /admin/reviews: the queue', () => {
  it('lists for the second approver what a colleague approved first, never my own first approvals', async () => {
    const { withdrawalId, userId } = await customerWithdrawal('1500');
    expect((await decide(finance1, { kind: 'withdrawal', id: withdrawalId, decision: 'approve' })).data.state).toBe('awaitingSecond');
    const mineForTwo = await queue(finance2, { status: 'mine' });
    expect(mineForTwo.code, mineForTwo.msg).toBe(0);
    expect(mineForTwo.data.list).toContainEqual(
      expect.objectContaining({ kind: 'withdrawal', id: withdrawalId, uid: userId, firstApprover: 'queue-one', approvedByMe: false, approveInRow: true }),
    );
    const mineForOne = await queue(finance1, { status: 'mine' });
    expect((mineForOne.data.list as Item[]).some((i) => i.id === withdrawalId)).toBe(false);
    // the first approver still sees it in the whole queue, marked as their own, with no approve button of theirs
    expect((await queue(finance1)).data.list).toContainEqual(expect.objectContaining({ id: withdrawalId, approvedByMe: true, approveInRow: false }));
  });

  it('offers the approval in the row only where the row shows what it rests on', async () => {
    const { withdrawalId } = await customerWithdrawal('25');
    const item = (await queue(finance1)).data.list.find((i: Item) => i.kind === 'withdrawal' && i.id === withdrawalId);
    expect(item).toMatchObject({ approvals: 0, approveInRow: true });
    // a deposit's first approval rests on its proof and the amount received: in the detail
    const customer = await registerByEmail(s.app, `dep${++seq}@example.com`);
    const up = await call(s.app, 'POST', '/user/uploadBase64', { token: customer.token, body: { base64Str: dataUrl(pngImage(24, 24)) } });
    const created = await call(s.app, 'POST', '/recharge/createRecharge', {
      token: customer.token,
      body: { coin: 'USDT', czline: 'TRC20', address: TRC20, num: '40', payimg: up.data.url, cate: 1 },
    });
    expect(created.code, created.msg).toBe(0);
    const deposit = (await queue(finance1, { kind: 'deposit' })).data.list.find((d: Item) => d.id === created.data.ID);
    expect(deposit).toMatchObject({ approvals: 0, approveInRow: false });
  });

  it("shows each item's age and SLA state by the configured thresholds", async () => {
    const { withdrawalId } = await customerWithdrawal('20');
    const fresh = (await queue(finance1)).data.list.find((i: Item) => i.id === withdrawalId) as Item;
    expect(fresh).toMatchObject({ sla: 'ok' });
    // the request as if made earlier (moving the clock would end the operators' sessions)
    const requestedAgo = (seconds: number) =>
      s.app.db
        .updateTable('withdrawals')
        .set({ created_at: s.clock.now() - seconds * 1000 })
        .where('id', '=', withdrawalId)
        .execute();
    await requestedAgo(sla.warnAfterMinutes * 60 + 5);
    expect((await queue(finance1)).data.list.find((i: Item) => i.id === withdrawalId)).toMatchObject({ sla: 'warn' });
    await requestedAgo(sla.lateAfterMinutes * 60 + 5);
    const late = (await queue(finance1)).data.list.find((i: Item) => i.id === withdrawalId) as Item;
    expect(late.sla).toBe('late');
    expect(late.age).toBeGreaterThanOrEqual(sla.lateAfterMinutes * 60);
  });

  it('orders and pages the whole queue on the server', async () => {
    await customerWithdrawal('30');
    const oldest = (await queue(finance1, { sort: 'created' })).data;
    const created = (oldest.list as Item[]).map((i) => Date.parse(i.created));
    expect(created).toEqual([...created].sort((a, b) => a - b));
    const newest = (await queue(finance1, { sort: '-created', pageSize: 1 })).data;
    expect(newest.total).toBe(oldest.total);
    expect(newest.list).toHaveLength(1);
    expect(newest.list[0].id).toBe((oldest.list as Item[]).at(-1)!.id);
  });

  it('refuses a bad order, page size or status with a translated message, and another role', async () => {
    expect(await queue(finance1, { sort: 'amount' }, 'de')).toMatchObject({ code: 7, data: { field: 'sort' } });
    expect(await queue(finance1, { pageSize: 500 }, 'de')).toMatchObject({ code: 7, data: { field: 'pageSize' }, msg: expect.any(String) });
    expect(await queue(finance1, { status: 'everything' })).toMatchObject({ code: 7, data: { field: 'status' } });
    const other = await queue(support, {}, 'en');
    expect(other).toMatchObject({ status: 403, code: 4105, msg: msg('en', 'admin.roleGate.needed', { roles: 'Finance or Compliance' }) });
  });
});
