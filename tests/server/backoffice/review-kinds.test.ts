// Every review kind of the registry (contract/review-kinds.ts) through the console's API: listed for
// an operator with the role and for no one else, opened, and decided; where approving moves money
// worth the four-eyes threshold, two different operators approve and the first approval moves
// nothing; a credit above what the customer claimed waits for a second operator whatever its size.
// The fixtures are a Record over the kinds' names, so a kind added to the registry without one here
// does not type-check.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_KIND_NAMES, REVIEW_KIND_REGISTRY, type ReviewKindName } from '../../../contract/review-kinds.ts';
import { ledgerMismatches } from '../../../server/core/ledger.ts';
import { adminDeposit } from '../../../server/funds/deposits/admin-deposit.ts';
import { SEED_COINS } from '../../../server/funds/coins/coins.ts';
import { REVIEW_KINDS } from '../../../server/composition/reviews.ts';
import { reviewRules } from '../../../server/backoffice/review-rules.ts';
import { dataUrl, pngImage } from '../../fixtures/images.ts';
import { call, type Loose, msg, registerByEmail, startServer, type TestServer, verifyIdentity } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
const ops: Record<string, SignedInOperator> = {};
const LOGIN = 'Secret-pass-123';
const PAY = '418263';
const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const DEPOSIT_ADDRESS = SEED_COINS.find((c) => c.coin === 'USDT')!.networks.find((n) => n.network === 'TRC20')!.address;
let seq = 0;
let pictures = 0;
let coinIds: Record<string, number> = {};

interface Customer {
  token: string;
  id: number;
}

async function customer(): Promise<Customer> {
  const { token, user } = await registerByEmail(s.app, `kinds${++seq}@example.com`, LOGIN);
  await verifyIdentity(s.app.db, user.ID);
  expect((await call(s.app, 'POST', '/user/changePayPassword', { token, body: { loginPassword: LOGIN, password: PAY } })).code).toBe(0);
  await adminDeposit(s.app.db, user.ID, 'USDT', '5000', s.clock.now());
  return { token, id: user.ID };
}

async function upload(c: Customer): Promise<string> {
  s.clock.advance(21_000);
  const r = await call(s.app, 'POST', '/user/uploadBase64', { token: c.token, body: { base64Str: dataUrl(pngImage(20 + (pictures++ % 50), 20)) } });
  expect(r.code, r.msg).toBe(0);
  return r.data.url as string;
}

const created = (r: Loose): number => {
  expect(r.code, r.msg).toBe(0);
  return r.data.ID as number;
};

/** A waiting item of a kind, of about `amount` USDT, and the decision fields its approval takes. */
type Fixture = (c: Customer, amount: string) => Promise<{ id: number; approve?: Record<string, string> }>;

const FIXTURES: Record<ReviewKindName, Fixture> = {
  deposit: async (c, amount) => ({
    id: created(
      await call(s.app, 'POST', '/recharge/createRecharge', {
        token: c.token,
        body: { coin: 'USDT', czline: 'TRC20', address: DEPOSIT_ADDRESS, num: amount, payimg: await upload(c), cate: 1 },
      }),
    ),
  }),
  withdrawal: async (c, amount) => ({
    id: created(
      await call(s.app, 'POST', '/withdraw/createWithdraw', {
        token: c.token,
        body: { coinname: 'USDT', coin_id: coinIds.USDT, czline: 'TRC20', address: TRON, num: amount, pay_password: PAY },
      }),
    ),
  }),
  'bank-withdrawal': async (c, amount) => {
    const card = {
      bankname: 'Deutsche Bank',
      accountname: 'Kim Example',
      bankcard: '1234567890123456',
      ibna: 'DE89370400440532013000',
      payeeaddress: 'Taunusanlage 12, Frankfurt',
      country: 'DE',
    };
    expect((await call(s.app, 'POST', '/user_bank/createUser_bank', { token: c.token, body: { ...card, swift: 'DEUTDEFF' } })).code).toBe(0);
    const r = await call(s.app, 'POST', '/withdraw_bank/createWithdraw_bank', {
      token: c.token,
      body: { ...card, coinname: 'USDT', coin_id: coinIds.USDT, num: amount, pay_password: PAY },
    });
    return { id: created(r) };
  },
  // the USD minimum is 5,000: a wire is always at the threshold
  wire: async (c) => ({
    id: created(
      await call(s.app, 'POST', '/wire_transfer/createWire_transfer', { token: c.token, body: { email: 'kim@example.com', amount: '5000', currency: 'USD' } }),
    ),
    approve: { coin: 'USDT', amount: '5000' },
  }),
  loan: async (c, amount) => ({ id: created(await call(s.app, 'POST', '/loan_order/createLoan_order', { token: c.token, body: { loan_id: 1, amount } })) }),
  kyc: async () => {
    // verifyIdentity made one already: a second customer's first check
    const { token, user } = await registerByEmail(s.app, `kinds-kyc${++seq}@example.com`, LOGIN);
    const fresh = { token, id: user.ID };
    const body = { type: 1, name: 'Kim Example', card_front: await upload(fresh), card_end: await upload(fresh), card_hand: await upload(fresh) };
    return { id: created(await call(s.app, 'POST', '/user_card/createUser_card', { token, body })) };
  },
  // the seeded sole machine costs 1,000 USDT: a purchase is always at the threshold
  mining: async (c) => ({ id: created(await call(s.app, 'POST', '/mining_machine/buySingleMining_machine', { token: c.token, body: { id: 1, num: 1 } })) }),
};

const decide = (op: SignedInOperator, body: unknown, lang?: string) => call(s.app, 'POST', '/admin/reviews/decide', { adminToken: op.token, body, lang });
const get = (op: SignedInOperator, path: string, query: Record<string, string | number>) => call(s.app, 'GET', path, { adminToken: op.token, query });
const balances = (userId: number) =>
  s.app.db.selectFrom('balances').select(['coin', 'available', 'frozen']).where('user_id', '=', userId).orderBy('coin').execute();
const lastAudits = async (n: number) =>
  (await s.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(n).execute()).reverse().map((r) => ({
    actor: r.actor,
    action: r.action,
    after: JSON.parse(r.after_json ?? '{}') as Loose,
  }));

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  coinIds = Object.fromEntries((await call(s.app, 'GET', '/coin/getCoinList', {})).data.list.map((c: { coin: string; ID: number }) => [c.coin, c.ID]));
  for (const [name, roles] of [
    ['fin-a', ['finance']],
    ['fin-b', ['finance']],
    ['comp-a', ['compliance']],
    ['comp-b', ['compliance']],
    ['support-a', ['support']],
  ] as const)
    ops[name] = await operator(s, name, [...roles]);
});
afterAll(() => s.app.close());
afterEach(async () => expect(await ledgerMismatches(s.app.db)).toEqual([]));

/** Two operators who hold a role that decides the kind. */
function deciders(kind: ReviewKindName): [SignedInOperator, SignedInOperator] {
  return reviewRules().roles[kind].includes('finance') ? [ops['fin-a'], ops['fin-b']] : [ops['comp-a'], ops['comp-b']];
}

it('the server decides exactly the registry’s kinds, and each that moves money says what it moves', () => {
  expect(REVIEW_KINDS.map((k) => k.kind).sort()).toEqual([...REVIEW_KIND_NAMES].sort());
  for (const entry of REVIEW_KIND_REGISTRY) {
    const kind = REVIEW_KINDS.find((k) => k.kind === entry.name)!;
    expect(typeof kind.moves === 'function', entry.name).toBe(entry.money !== 'none');
  }
});

describe.each(REVIEW_KIND_REGISTRY.map((k) => [k.name, k] as const))('review kind %s', (name, entry) => {
  it('is listed and opened for an operator with the role, and for nobody else', async () => {
    const c = await customer();
    const { id } = await FIXTURES[name](c, '100');
    const [op] = deciders(name);
    const list = await get(op, '/admin/reviews', { kind: name });
    expect(list.code, list.msg).toBe(0);
    expect(list.data.list).toContainEqual(expect.objectContaining({ kind: name, id, approvals: 0 }));
    expect((await get(op, '/admin/reviews', {})).data.list).toContainEqual(expect.objectContaining({ kind: name, id }));
    const detail = await get(op, '/admin/reviews/detail', { kind: name, id });
    expect(detail.code, detail.msg).toBe(0);
    expect(detail.data).toMatchObject({ kind: name, id, approvals: 0, firstApprover: null });
    expect((await get(ops['support-a'], '/admin/reviews', { kind: name })).data?.list ?? []).toEqual([]);
    expect((await get(ops['support-a'], '/admin/reviews/detail', { kind: name, id })).code).not.toBe(0);
    const dashboard = await get(op, '/admin/dashboard', {});
    expect(dashboard.data[`waiting${name.replace(/(^|-)(\w)/g, (_m, _d, ch: string) => ch.toUpperCase())}`]).toBeGreaterThanOrEqual(1);
  });

  if (entry.money === 'none') {
    it('is decided by one operator', async () => {
      const { id } = await FIXTURES[name](await customer(), '100');
      const r = await decide(deciders(name)[0], { kind: name, id, decision: 'approve' });
      expect(r.data).toMatchObject({ state: 'done', required: 1 });
    });
    return;
  }

  it('at the four-eyes threshold takes two different operators, and the first approval moves nothing', async () => {
    const c = await customer();
    const { id, approve } = await FIXTURES[name](c, '1000');
    const [first, second] = deciders(name);
    const before = await balances(c.id);
    const r1 = await decide(first, { kind: name, id, decision: 'approve', ...approve });
    expect(r1.data, r1.msg).toMatchObject({ state: 'awaitingSecond', approvals: 1, required: 2 });
    expect(await balances(c.id)).toEqual(before);
    expect((await get(second, '/admin/reviews/detail', { kind: name, id })).data).toMatchObject({ approvals: 1, firstApprover: first.name });
    expect(await decide(first, { kind: name, id, decision: 'approve', ...approve }, 'de')).toMatchObject({
      code: 7,
      msg: msg('de', 'admin.fourEyesSameOperator'),
    });
    expect(await balances(c.id)).toEqual(before);
    const r2 = await decide(second, { kind: name, id, decision: 'approve' });
    expect(r2.data, r2.msg).toMatchObject({ state: 'done', approvals: 2, required: 2 });
    expect(await balances(c.id)).not.toEqual(before);
    const [a1, a2] = await lastAudits(2);
    expect(a1).toMatchObject({ actor: `operator ${first.name}`, action: 'review.approve.first', after: { firstApprover: first.name } });
    expect(a2).toMatchObject({ actor: `operator ${second.name}`, action: 'review.approve', after: { firstApprover: first.name, secondApprover: second.name } });
    expect(a2.after.credited).toMatch(/^1000 USDT$|USDT$/);
  });
});

describe('credits above the claim', () => {
  it('a 10 USDT deposit credited as 500 (below the threshold) waits for a second operator, who cannot change the amount', async () => {
    const c = await customer();
    const { id } = await FIXTURES.deposit(c, '10');
    const before = await balances(c.id);
    const r1 = await decide(ops['fin-a'], { kind: 'deposit', id, decision: 'approve', amount: '500' });
    expect(r1.data, r1.msg).toMatchObject({ state: 'awaitingSecond', required: 2 });
    expect(await balances(c.id)).toEqual(before);
    const detail = await get(ops['fin-b'], '/admin/reviews/detail', { kind: 'deposit', id });
    expect(detail.data).toMatchObject({ credited: '500 USDT', claimed: '10 USDT', firstApprover: 'fin-a' });
    expect(await decide(ops['fin-b'], { kind: 'deposit', id, decision: 'approve', amount: '600' }, 'de')).toMatchObject({
      code: 7,
      msg: msg('de', 'admin.fourEyesArgsDiffer', { credited: '500 USDT' }),
    });
    expect(await balances(c.id)).toEqual(before);
    // the second operator sees the claim beside the credit and rejects it
    expect((await decide(ops['fin-b'], { kind: 'deposit', id, decision: 'reject', reason: 'The transfer proof shows 10 USDT' })).data.state).toBe('rejected');
    expect(await balances(c.id)).toEqual(before);
  });

  it('a small deposit credited as claimed takes one operator; one credited in another coin is refused', async () => {
    const c = await customer();
    const { id } = await FIXTURES.deposit(c, '10');
    const before = await balances(c.id);
    expect(await decide(ops['fin-a'], { kind: 'deposit', id, decision: 'approve', coin: 'BTC' }, 'de')).toMatchObject({
      code: 7,
      msg: msg('de', 'admin.creditCoinDiffers', { coin: 'USDT' }),
    });
    expect(await decide(ops['fin-a'], { kind: 'deposit', id, decision: 'approve', amount: '10.123456789' })).toMatchObject({ code: 7 });
    expect(await balances(c.id)).toEqual(before);
    expect((await decide(ops['fin-a'], { kind: 'deposit', id, decision: 'approve', amount: '10' })).data).toMatchObject({ state: 'done', required: 1 });
  });

  it('a 5,000 USD wire cannot be credited as 900,000 USDT by one operator', async () => {
    const c = await customer();
    const { id } = await FIXTURES.wire(c, '5000');
    const before = await balances(c.id);
    expect((await decide(ops['fin-a'], { kind: 'wire', id, decision: 'approve', coin: 'USDT', amount: '900000' })).data.state).toBe('awaitingSecond');
    expect(await balances(c.id)).toEqual(before);
  });

  it('an operator who lost the role after signing in cannot decide', async () => {
    const c = await customer();
    const { id } = await FIXTURES.withdrawal(c, '100');
    const op = await operator(s, `fin-leaving${++seq}`, ['finance']);
    await s.app.db.updateTable('operators').set({ roles: 'support' }).where('name', '=', op.name).execute();
    const before = await balances(c.id);
    expect((await decide(op, { kind: 'withdrawal', id, decision: 'approve' })).code).not.toBe(0);
    expect(await balances(c.id)).toEqual(before);
  });

  it('two second approvals at once complete it once', async () => {
    const c = await customer();
    const { id } = await FIXTURES['bank-withdrawal'](c, '1500');
    expect((await decide(ops['fin-a'], { kind: 'bank-withdrawal', id, decision: 'approve' })).data.state).toBe('awaitingSecond');
    const third = await operator(s, `fin-third${++seq}`, ['finance']);
    const results = await Promise.all([
      decide(ops['fin-b'], { kind: 'bank-withdrawal', id, decision: 'approve' }),
      decide(third, { kind: 'bank-withdrawal', id, decision: 'approve' }),
    ]);
    expect(results.filter((r) => r.code === 0 && r.data.state === 'done')).toHaveLength(1);
    const ledger = await s.app.db
      .selectFrom('ledger')
      .select('type')
      .where('user_id', '=', c.id)
      .where('ref_id', '=', id)
      .where('type', '=', 'bank_withdrawal_success')
      .execute();
    expect(ledger).toHaveLength(1);
  });
});
