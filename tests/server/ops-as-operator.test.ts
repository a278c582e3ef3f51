// The operator CLI as a named operator (`--as NAME`): it signs in as the console does (a wrong
// password or code counts toward the same lock), needs the console endpoint's roles, and goes
// through the console's four eyes and audit: a large payout and every manual credit take two
// different operators, the first moves nothing, and the audit rows name each operator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerMismatches } from '../../server/core/ledger.ts';
import { adminDeposit } from '../../server/funds/deposits/admin-deposit.ts';
import { MAX_FAILURES } from '../../server/platform/operators/operators.ts';
import { totpCode } from '../../server/platform/security/totp.ts';
import { type CliOptions, runCli } from '../../server/ops/cli.ts';
import { call, customerWithdrawal as withdrawal, registerByEmail, startServer, type TestServer, verifyIdentity } from './helpers.ts';
import { freshCode, operator, type SignedInOperator } from './backoffice/operators.ts';

let s: TestServer;
let fin1: SignedInOperator;
let fin2: SignedInOperator;
let support: SignedInOperator;
const LOGIN = 'Secret-pass-123';
const PAY = '418263';
let seq = 0;

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  fin1 = await operator(s, 'cli-fin-one', ['finance']);
  fin2 = await operator(s, 'cli-fin-two', ['finance']);
  support = await operator(s, 'cli-support', ['support']);
});
afterAll(() => s.app.close());

/** The CLI as `op`, with the password and a fresh authenticator code in the environment (as a script gives them). */
function cliAs(op: SignedInOperator, args: string[], creds: { password?: string; code?: string } = {}, env: NodeJS.ProcessEnv = {}) {
  const opts: CliOptions = {
    env: { NODE_ENV: 'test', OPS_PASSWORD: creds.password ?? op.password, OPS_TOTP: creds.code ?? freshCode(s, op.secret), ...env },
    now: s.clock.now,
    prompt: async () => undefined,
  };
  return runCli([...args, '--as', op.name], s.dataDir, opts);
}

const customerWithdrawal = (amount: string) => withdrawal(s, `cli-as${++seq}@example.com`, amount);

const usdtOf = async (userId: number) =>
  s.app.db.selectFrom('balances').select(['available', 'frozen']).where('user_id', '=', userId).where('coin', '=', 'USDT').executeTakeFirstOrThrow();
const statusOf = async (id: number) =>
  Number((await s.app.db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status);
const lastAudit = async () =>
  s.app.db.selectFrom('audit_log').select(['actor', 'operator_id', 'ip', 'action', 'target_id']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
const operatorRow = (name: string) => s.app.db.selectFrom('operators').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
const pendingAdjustments = async () =>
  (await s.app.db.selectFrom('approvals').select('id').where('action', '=', 'adjust').where('status', '=', 'pending').execute()).length;

describe('approve and reject --as NAME', () => {
  it('pays a withdrawal of 1,000 USDT or more only on a second, other operator: the first approval moves nothing, the same name cannot give the second', async () => {
    const { userId, withdrawalId } = await customerWithdrawal('1500');
    const before = await usdtOf(userId);

    const first = await cliAs(fin1, ['approve', 'withdrawal', String(withdrawalId)]);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain('1 of 2 approvals');
    expect(first.out).toContain('Nothing moved yet');
    expect(await usdtOf(userId)).toEqual(before);
    expect(await statusOf(withdrawalId)).toBe(1);
    const fin1Id = Number((await operatorRow(fin1.name)).id);
    expect(await lastAudit()).toEqual({
      actor: `operator ${fin1.name}`,
      operator_id: fin1Id,
      ip: 'cli',
      action: 'review.approve.first',
      target_id: String(withdrawalId),
    });

    const again = await cliAs(fin1, ['approve', 'withdrawal', String(withdrawalId)]);
    expect(again).toEqual({ code: 1, out: 'You gave the first approval; a second finance operator must give the other.' });
    expect(await usdtOf(userId)).toEqual(before);

    const second = await cliAs(fin2, ['approve', 'withdrawal', String(withdrawalId)]);
    expect(second.code, second.out).toBe(0);
    expect(second.out).toContain('approvals 2 of 2, by operator cli-fin-two');
    expect(await statusOf(withdrawalId)).toBe(2);
    expect(await usdtOf(userId)).toMatchObject({ frozen: '0' });
    expect(await lastAudit()).toMatchObject({ actor: `operator ${fin2.name}`, ip: 'cli', action: 'review.approve' });
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });

  it('refuses the second approval to the operator who gave the first in the back office', async () => {
    const { userId, withdrawalId } = await customerWithdrawal('1200');
    const inConsole = await call(s.app, 'POST', '/admin/reviews/decide', {
      adminToken: fin1.token,
      body: { kind: 'withdrawal', id: withdrawalId, decision: 'approve' },
    });
    expect(inConsole.data.state).toBe('awaitingSecond');
    const before = await usdtOf(userId);
    expect(await cliAs(fin1, ['approve', 'withdrawal', String(withdrawalId)])).toMatchObject({
      code: 1,
      out: expect.stringContaining('You gave the first approval'),
    });
    expect(await usdtOf(userId)).toEqual(before);
    expect(await statusOf(withdrawalId)).toBe(1);
  });

  it('pays a small withdrawal on one approval, and a rejection returns the frozen amount with the reason', async () => {
    const small = await customerWithdrawal('100');
    expect((await cliAs(fin1, ['approve', 'withdrawal', String(small.withdrawalId)])).code).toBe(0);
    expect(await statusOf(small.withdrawalId)).toBe(2);

    const rejected = await customerWithdrawal('300');
    expect(await cliAs(fin1, ['reject', 'withdrawal', String(rejected.withdrawalId)])).toMatchObject({
      code: 1,
      out: expect.stringContaining('Usage: reject'),
    });
    const r = await cliAs(fin1, ['reject', 'withdrawal', String(rejected.withdrawalId), 'Address', 'is', 'on', 'a', 'sanctions', 'list']);
    expect(r.code, r.out).toBe(0);
    expect(await statusOf(rejected.withdrawalId)).toBe(3);
    expect(await usdtOf(rejected.userId)).toMatchObject({ available: '500000000000', frozen: '0' });
    expect(await lastAudit()).toMatchObject({ actor: `operator ${fin1.name}`, action: 'review.reject' });
  });

  it('refuses an operator whose role does not decide the kind, and one who lost the role after the first approval', async () => {
    const { userId, withdrawalId } = await customerWithdrawal('2000');
    const before = await usdtOf(userId);
    const bySupport = await cliAs(support, ['approve', 'withdrawal', String(withdrawalId)]);
    expect(bySupport.code).toBe(1);
    expect(bySupport.out).toContain('cli-support may not do this: it takes the role finance or compliance');
    expect(await lastAudit()).toMatchObject({ actor: `operator ${support.name}`, action: 'refused.notPermitted', target_id: 'adminDecideReview' });

    expect((await cliAs(fin1, ['approve', 'withdrawal', String(withdrawalId)])).code).toBe(0);
    const lost = await operator(s, 'cli-fin-lost', ['finance']);
    await s.app.db.updateTable('operators').set({ roles: 'compliance' }).where('name', '=', lost.name).execute();
    expect(await cliAs(lost, ['approve', 'withdrawal', String(withdrawalId)])).toEqual({ code: 1, out: 'Your role does not permit this.' });
    expect(await usdtOf(userId)).toEqual(before);
    expect(await statusOf(withdrawalId)).toBe(1);
  });
});

describe('a demo install’s one-step decision after a first approval --as NAME', () => {
  it('closes the waiting first approval in the same step, so no approval record waits on a decided item', async () => {
    const { withdrawalId } = await customerWithdrawal('1500');
    expect((await cliAs(fin1, ['approve', 'withdrawal', String(withdrawalId)])).out).toContain('1 of 2 approvals');
    const host = await runCli(['approve', 'withdrawal', String(withdrawalId)], s.dataDir, { env: { NODE_ENV: 'test' }, now: s.clock.now });
    expect(host.code, host.out).toBe(0);
    expect(await statusOf(withdrawalId)).toBe(2);
    const approvals = await s.app.db
      .selectFrom('approvals')
      .select('status')
      .where('target_kind', '=', 'withdrawal')
      .where('target_id', '=', String(withdrawalId))
      .execute();
    expect(approvals).toEqual([{ status: 'done' }]);
  });
});

describe('act loan repay --as NAME', () => {
  it('records a repayment by a finance operator, naming them; refuses another role and an amount with too many decimals', async () => {
    const { token, user } = await registerByEmail(s.app, 'cli-loan@example.com', LOGIN);
    await verifyIdentity(s.app.db, user.ID);
    const loanId = (await call(s.app, 'POST', '/loan_order/createLoan_order', { token, body: { loan_id: 1, amount: '150' } })).data.ID as number;
    expect((await cliAs(fin1, ['approve', 'loan', String(loanId)])).code).toBe(0);
    const lent = await usdtOf(user.ID);
    expect(await cliAs(support, ['act', 'loan', 'repay', String(loanId), '10'])).toMatchObject({
      code: 1,
      out: expect.stringContaining('it takes the role finance'),
    });
    expect(await cliAs(fin1, ['act', 'loan', 'repay', String(loanId), '1.1234567'])).toEqual({ code: 1, out: 'USDT amounts have at most 6 decimals.' });
    expect(await usdtOf(user.ID)).toEqual(lent);
    const r = await cliAs(fin1, ['act', 'loan', 'repay', String(loanId), '10']);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain(`by operator ${fin1.name}`);
    expect(BigInt((await usdtOf(user.ID)).available)).toBe(BigInt(lent.available) - 1_000_000_000n);
    expect(await lastAudit()).toMatchObject({ actor: `operator ${fin1.name}`, ip: 'cli', action: 'loan.repay', target_id: String(loanId) });
  });
});

describe('kyc approve --as NAME', () => {
  it('verifies an identity record by a compliance operator, and refuses a finance operator', async () => {
    const { user } = await registerByEmail(s.app, 'cli-kyc@example.com', LOGIN);
    const card = await s.app.db
      .insertInto('user_cards')
      .values({
        user_id: user.ID,
        type: 1,
        name: 'Ana Lopez',
        card_front: '',
        card_end: '',
        card_hand: '',
        status: 1,
        reason: '',
        created_at: s.clock.now(),
        updated_at: s.clock.now(),
        reviewed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cardStatus = async () =>
      Number((await s.app.db.selectFrom('user_cards').select('status').where('id', '=', card.id).executeTakeFirstOrThrow()).status);
    expect(await cliAs(fin1, ['kyc', 'approve', String(card.id)])).toEqual({ code: 1, out: 'Your role does not permit this.' });
    expect(await cardStatus()).toBe(1);
    const compliance = await operator(s, 'cli-compliance', ['compliance']);
    const r = await cliAs(compliance, ['kyc', 'approve', String(card.id)]);
    expect(r.code, r.out).toBe(0);
    expect(await cardStatus()).toBe(2);
    expect(await lastAudit()).toMatchObject({ actor: `operator ${compliance.name}`, ip: 'cli', action: 'review.approve', target_id: String(card.id) });
  });
});

describe('valuing an amount without a current price', () => {
  it('takes two approvals for a small BTC withdrawal when the server has recorded no fresh price', async () => {
    const { token, user } = await registerByEmail(s.app, 'cli-btc@example.com', LOGIN);
    await verifyIdentity(s.app.db, user.ID);
    expect((await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: LOGIN, password: PAY } })).code).toBe(0);
    await adminDeposit(s.app.db, user.ID, 'BTC', '1', s.clock.now());
    const btcId = (await call(s.app, 'GET', '/coin/getCoinList', {})).data.list.find((c: { coin: string }) => c.coin === 'BTC').ID;
    const r = await call(s.app, 'POST', '/withdraw/createWithdraw', {
      token,
      body: { coinname: 'BTC', coin_id: btcId, czline: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', num: '0.002', pay_password: PAY },
    });
    expect(r.code, r.msg).toBe(0);
    // a minute after the server's clock: the server records no price after its own now, so the last one is stale
    const op = await operator(s, 'cli-fin-btc', ['finance']);
    const later = s.clock.now() + 60_000;
    const first = await runCli(['approve', 'withdrawal', String(r.data.ID), '--as', op.name], s.dataDir, {
      env: { NODE_ENV: 'test', OPS_PASSWORD: op.password, OPS_TOTP: totpCode(op.secret, later) },
      now: () => later,
    });
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain('approvals 1 of 2');
    expect(await statusOf(r.data.ID)).toBe(1);
  });
});

describe('signing in with --as', () => {
  it('counts a wrong password or code for the host, locks the CLI after five, and changes nothing', async () => {
    const op = await operator(s, 'cli-typo', ['finance']);
    const { userId, withdrawalId } = await customerWithdrawal('100');
    const before = await usdtOf(userId);
    const wrong = await cliAs(op, ['approve', 'withdrawal', String(withdrawalId)], { password: 'not-the-password' });
    expect(wrong).toEqual({ code: 1, out: 'Sign-in failed: the name, password or authenticator code is wrong.' });
    expect(Number((await operatorRow(op.name)).failures)).toBe(1);
    expect(await cliAs(op, ['approve', 'withdrawal', String(withdrawalId)], { code: '000000' })).toMatchObject({
      code: 1,
      out: expect.stringContaining('Sign-in failed'),
    });
    expect(Number((await operatorRow(op.name)).failures)).toBe(2);
    for (let i = 2; i < MAX_FAILURES; i++) await cliAs(op, ['approve', 'withdrawal', String(withdrawalId)], { password: 'still-wrong' });
    const locked = await cliAs(op, ['approve', 'withdrawal', String(withdrawalId)]);
    expect(locked).toEqual({ code: 1, out: 'Too many failed sign-ins: this operator is locked for 15 minutes.' });
    expect(await statusOf(withdrawalId)).toBe(1);
    expect(await usdtOf(userId)).toEqual(before);
  });

  it('refuses an unknown or disabled operator, one without the credentials, and one who has not changed the initial password', async () => {
    const { withdrawalId } = await customerWithdrawal('100');
    const id = String(withdrawalId);
    const ghost = { ...fin1, name: 'cli-ghost' };
    expect(await cliAs(ghost, ['approve', 'withdrawal', id])).toMatchObject({ code: 1, out: expect.stringContaining('There is no operator "cli-ghost"') });

    const gone = await operator(s, 'cli-disabled', ['finance']);
    await s.app.db.updateTable('operators').set({ disabled: 1 }).where('name', '=', gone.name).execute();
    expect(await cliAs(gone, ['approve', 'withdrawal', id])).toMatchObject({ code: 1, out: expect.stringContaining('Operator "cli-disabled" is disabled') });

    const noCreds = await runCli(['approve', 'withdrawal', id, '--as', fin1.name], s.dataDir, {
      env: { NODE_ENV: 'test' },
      now: s.clock.now,
      prompt: async () => undefined,
    });
    expect(noCreds).toMatchObject({ code: 1, out: expect.stringContaining('set OPS_PASSWORD and OPS_TOTP, or run on a terminal') });
    expect(await runCli(['approve', 'withdrawal', id, '--as'], s.dataDir)).toMatchObject({ code: 1, out: expect.stringContaining('--as NAME') });

    const fresh = await operator(s, 'cli-initial', ['finance'], false);
    expect(await cliAs(fresh, ['approve', 'withdrawal', id])).toEqual({ code: 1, out: 'Change your initial password before anything else.' });
    expect(await statusOf(withdrawalId)).toBe(1);
  });

  it('asks on the terminal when the environment has no credentials', async () => {
    const { withdrawalId } = await customerWithdrawal('100');
    const asked: string[] = [];
    const answers = [fin1.password, freshCode(s, fin1.secret)];
    const r = await runCli(['approve', 'withdrawal', String(withdrawalId), '--as', fin1.name], s.dataDir, {
      env: { NODE_ENV: 'test' },
      now: s.clock.now,
      prompt: async (question, hidden) => (asked.push(`${question}${hidden ? ' (hidden)' : ''}`), answers.shift()),
    });
    expect(r.code, r.out).toBe(0);
    expect(asked).toEqual([`Password of operator ${fin1.name}:  (hidden)`, `Authenticator code of ${fin1.name}: `]);
  });

  it('checks the words before signing in, and applies --as only to money and review commands', async () => {
    const before = Number((await operatorRow(fin1.name)).totp_last_step);
    expect(await cliAs(fin1, ['approve', 'withdrawal', 'x'])).toMatchObject({
      code: 1,
      out: expect.stringContaining('The id must be a positive whole number'),
    });
    expect(await cliAs(fin1, ['approve', 'nothing', '1'])).toMatchObject({ code: 1, out: expect.stringContaining('kinds: deposit, withdrawal') });
    expect(await cliAs(fin1, ['user', 'demo@coinapp.test'])).toMatchObject({
      code: 1,
      out: expect.stringContaining('--as applies to the commands that move money'),
    });
    // no code was used up by these
    expect(Number((await operatorRow(fin1.name)).totp_last_step)).toBe(before);
  });
});

describe('credit and debit --as NAME (four eyes)', () => {
  it('asks for a credit that moves nothing until a second, other finance operator approves it', async () => {
    const { user } = await registerByEmail(s.app, 'cli-credit@example.com', LOGIN);
    const asked = await cliAs(fin1, ['credit', 'cli-credit@example.com', 'USDT', '250.5', 'Goodwill', 'for', 'the', 'outage']);
    expect(asked.code, asked.out).toBe(0);
    expect(asked.out).toContain('Nothing moved yet');
    const id = /adjustment (\d+)/.exec(asked.out)![1];
    expect(
      await s.app.db.selectFrom('balances').select('available').where('user_id', '=', user.ID).where('coin', '=', 'USDT').executeTakeFirst(),
    ).toBeUndefined();
    expect(await lastAudit()).toMatchObject({ actor: `operator ${fin1.name}`, ip: 'cli', action: 'money.credit.request' });

    expect(await cliAs(fin1, ['adjustment', 'approve', id])).toEqual({
      code: 1,
      out: 'You gave the first approval; a second finance operator must give the other.',
    });
    expect(await runCli(['adjustment', 'approve', id], s.dataDir)).toMatchObject({ code: 1, out: expect.stringContaining('takes a named operator') });
    expect(await cliAs(support, ['adjustment', 'approve', id])).toMatchObject({ code: 1, out: expect.stringContaining('it takes the role finance') });
    expect(
      await s.app.db.selectFrom('balances').select('available').where('user_id', '=', user.ID).where('coin', '=', 'USDT').executeTakeFirst(),
    ).toBeUndefined();

    const done = await cliAs(fin2, ['adjustment', 'approve', id]);
    expect(done.code, done.out).toBe(0);
    expect(done.out).toContain(`asked by ${fin1.name}, approved by ${fin2.name}`);
    expect(await usdtOf(user.ID)).toMatchObject({ available: '25050000000' });
    expect(await lastAudit()).toMatchObject({ actor: `operator ${fin2.name}`, ip: 'cli', action: 'money.credit.approve' });
    expect((await runCli(['adjustments', 'done'], s.dataDir)).out).toContain(`credit 250.5 USDT`);
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });

  it('refuses an amount with too many decimals, a missing reason and an unknown customer, asking for nothing', async () => {
    const before = await pendingAdjustments();
    expect(await cliAs(fin1, ['credit', 'cli-credit@example.com', 'USDT', '1.1234567', 'Too', 'precise'])).toEqual({
      code: 1,
      out: 'Enter an amount greater than 0 with at most 6 decimals, up to 1,000,000,000.',
    });
    expect(await cliAs(fin1, ['credit', 'cli-credit@example.com', 'USDT', '10'])).toMatchObject({ code: 1, out: expect.stringContaining('<reason…>') });
    expect(await cliAs(fin1, ['debit', 'ghost@example.com', 'USDT', '10', 'Mistake'])).toEqual({ code: 1, out: 'No user "ghost@example.com".' });
    expect(await runCli(['debit', 'cli-credit@example.com', 'USDT', '10', 'x'], s.dataDir)).toMatchObject({
      code: 1,
      out: expect.stringContaining('--as NAME'),
    });
    expect(await pendingAdjustments()).toBe(before);
  });
});
