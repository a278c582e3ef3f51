// The customer 360's activity: spot, futures and earn orders (newest first, filtered by status, paged,
// amounts in the pair's decimals, pairs as BTC/USDT) and the referral tree three levels up and
// down; an unknown customer, a bad filter and another role are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, msg, registerByEmail, startServer, type TestServer } from '../helpers.ts';
import { operator, type SignedInOperator } from './operators.ts';

let s: TestServer;
let support: SignedInOperator;
let content: SignedInOperator;
const uid: Record<string, number> = {};

const as = (op: SignedInOperator, path: string, query: Record<string, string | number>, lang?: string) =>
  call(s.app, 'GET', path, { adminToken: op.token, query: query as Record<string, string>, lang });

async function invitedBy(name: string, inviter?: string): Promise<void> {
  const code = inviter
    ? (await s.app.db.selectFrom('users').select('invitation_code').where('id', '=', uid[inviter]).executeTakeFirstOrThrow()).invitation_code
    : undefined;
  uid[name] = (await registerByEmail(s.app, `act-${name}@example.com`, 'Secret-pass-123', code)).user.ID;
}

beforeAll(async () => {
  s = await startServer({ scheduler: false });
  support = await operator(s, 'help', ['support']);
  content = await operator(s, 'writer', ['content']);
  // a → b → c → d, and a → e
  await invitedBy('a');
  await invitedBy('b', 'a');
  await invitedBy('c', 'b');
  await invitedBy('d', 'c');
  await invitedBy('e', 'a');
  const now = s.clock.now();
  const spot = {
    user_id: uid.b,
    symbol: 'BTCUSDT',
    base: 'BTC',
    quote: 'USDT',
    fee: '0',
    fee_coin: 'USDT',
    fee_rate: '0.001',
    price_decimals: 2,
    amount_decimals: 6,
  };
  await s.app.db
    .insertInto('spot_orders')
    .values([
      {
        ...spot,
        side: 'buy',
        type: 'limit',
        price: '6500050000000',
        amount: '1000000',
        filled: '0',
        total: '0',
        avg_price: null,
        frozen: '65000500000',
        status: 'open',
        created_at: now,
        updated_at: now,
      },
      {
        ...spot,
        side: 'sell',
        type: 'market',
        price: null,
        amount: '2000000',
        filled: '2000000',
        total: '130000000000',
        avg_price: '6500000000000',
        frozen: '0',
        status: 'filled',
        created_at: now + 1000,
        updated_at: now + 1000,
      },
    ])
    .execute();
  await s.app.db
    .insertInto('futures_orders')
    .values({
      user_id: uid.b,
      symbol: 'ETHUSDT',
      direction: 'down',
      stake: '10000000000',
      duration: 60,
      profit_ratio: '0.15',
      open_price: '350012000000',
      open_time: now,
      settle_at: now + 60_000,
      close_price: '349000000000',
      close_time: now + 60_000,
      status: 'settled',
      result: 'win',
      pnl: '1500000000',
      payout: '11500000000',
      price_decimals: 2,
    })
    .execute();
}, 30_000);
afterAll(() => s.app.close());

describe('orders', () => {
  it('lists spot orders newest first as BTC/USDT in the pair’s decimals, filtered by status and paged', async () => {
    const r = await as(support, '/admin/users/spotOrders', { uid: uid.b });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.total).toBe(2);
    expect(r.data.list[0]).toMatchObject({
      pair: 'BTC/USDT',
      side: 'sell',
      type: 'market',
      price: '',
      amount: '0.020000',
      filled: '0.020000',
      total: '1300.000000',
      status: 'filled',
    });
    expect(r.data.list[1]).toMatchObject({ side: 'buy', type: 'limit', price: '65000.50', amount: '0.010000', status: 'open' });
    const open = await as(support, '/admin/users/spotOrders', { uid: uid.b, status: 'open' });
    expect(open.data.list.map((o: { status: string }) => o.status)).toEqual(['open']);
    const page2 = await as(support, '/admin/users/spotOrders', { uid: uid.b, pageSize: 1, page: 2 });
    expect(page2.data).toMatchObject({ total: 2, list: [expect.objectContaining({ side: 'buy' })] });
    expect((await as(support, '/admin/users/spotOrders', { uid: uid.a })).data).toMatchObject({ total: 0, list: [] });
  });

  it('lists futures orders with direction, stake, prices, result and P/L', async () => {
    const r = await as(support, '/admin/users/futuresOrders', { uid: uid.b, status: 'settled' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.list).toEqual([
      expect.objectContaining({
        pair: 'ETH/USDT',
        direction: 'down',
        stake: '100.000000',
        duration: 60,
        openPrice: '3500.12',
        closePrice: '3490.00',
        result: 'win',
        pnl: '15.000000',
      }),
    ]);
    expect((await as(support, '/admin/users/futuresOrders', { uid: uid.b, status: 'pending' })).data.total).toBe(0);
  });
});

describe('earn orders', () => {
  beforeAll(async () => {
    const db = s.app.db;
    const at = s.clock.now() - 10 * 86_400_000;
    const day = 86_400_000;
    const project = await db
      .insertInto('ieo_projects')
      .values({
        coin: 'NEWC',
        name: 'New Coin launch',
        decimals: 4,
        start_at: at,
        end_at: at + day,
        total: '100000000000000',
        price: '50000000',
        price_coin: 'USDT',
        lock_days: 30,
        user_cap: '100000000000',
        order_min: '100000000',
        order_max: '100000000000',
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('ieo_orders')
      .values({
        user_id: uid.b,
        project_id: Number(project.id),
        coin: 'NEWC',
        amount: '12500000000',
        payment: '6250000000',
        price: '50000000',
        price_coin: 'USDT',
        lock_days: 30,
        thaw_at: at + 31 * day,
        status: 1,
        created_at: at,
      })
      .execute();
    const product = await db
      .selectFrom('financing_products')
      .select(['id', 'coin', 'daily_rate', 'term_days', 'penalty_rate'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    for (const [i, status] of [1, 2].entries()) {
      await db
        .insertInto('financing_orders')
        .values({
          user_id: uid.b,
          product_id: Number(product.id),
          coin: product.coin,
          principal: '50000000000',
          daily_rate: product.daily_rate,
          term_days: product.term_days,
          penalty_rate: product.penalty_rate,
          started_at: at + (i + 1) * day,
          due_at: at + (i + 1 + product.term_days) * day,
          status,
          earnings_paid: '25000000',
          created_at: at + (i + 1) * day,
        })
        .execute();
    }
    const machine = await db.selectFrom('mining_machines').selectAll().orderBy('id').executeTakeFirstOrThrow();
    await db
      .insertInto('mining_orders')
      .values({
        user_id: uid.b,
        machine_id: Number(machine.id),
        type: machine.type,
        quantity: '100000000',
        price_coin: 'USDT',
        price: '100000000000',
        amount: '100000000000',
        output_coin: 'BTC',
        income_type: 1,
        daily_output: '10000',
        frozen_ratio: '0',
        release_days: 0,
        term_days: 30,
        reward_ratio: '0',
        status: 1,
        created_at: at + 3 * day,
      })
      .execute();
  });

  it('lists IEO subscriptions, staking orders and mining purchases newest first, in each coin’s decimals, by kind and paged', async () => {
    const r = await as(support, '/admin/users/earnOrders', { uid: uid.b });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.total).toBe(4);
    expect(r.data.list.map((o: { kind: string; status: string }) => `${o.kind} ${o.status}`)).toEqual([
      'mining pending',
      'staking redeemed',
      'staking active',
      'ieo active',
    ]);
    const [mining, , staking, ieo] = r.data.list;
    expect(mining).toMatchObject({ coin: 'USDT', amount: '1000.000000', earnedCoin: 'BTC', earned: '0.00000000', ends: '' });
    expect(staking).toMatchObject({ amount: '500.000000', earned: '0.250000', earnedCoin: 'USDT' });
    expect(ieo).toMatchObject({ product: 'New Coin launch', coin: 'NEWC', amount: '125.0000', earned: '', earnedCoin: '' });
    expect(Date.parse(ieo.ends) - Date.parse(ieo.created)).toBe(31 * 86_400_000);
    const staked = await as(support, '/admin/users/earnOrders', { uid: uid.b, kind: 'staking' });
    expect(staked.data).toMatchObject({ total: 2, list: [expect.objectContaining({ status: 'redeemed' }), expect.objectContaining({ status: 'active' })] });
    const page2 = await as(support, '/admin/users/earnOrders', { uid: uid.b, pageSize: 3, page: 2 });
    expect(page2.data).toMatchObject({ total: 4, page: 2, list: [expect.objectContaining({ kind: 'ieo' })] });
    expect((await as(support, '/admin/users/earnOrders', { uid: uid.a })).data).toMatchObject({ total: 0, list: [] });
  });
});

describe('the referral tree', () => {
  const tree = async (name: string) =>
    ((await as(support, '/admin/users/referrals', { uid: uid[name] })).data.list as { relation: string; level: number; uid: number }[]).map(
      (r) => `${r.relation} ${r.level} ${r.uid}`,
    );

  it('shows who invited the customer, three levels up, and whom they invited, three levels down', async () => {
    // a was invited with the demo invitation code (its owner is level 1 up)
    expect(await tree('a')).toEqual([
      expect.stringMatching(/^inviter 1 \d+$/),
      `invited 1 ${uid.b}`,
      `invited 1 ${uid.e}`,
      `invited 2 ${uid.c}`,
      `invited 3 ${uid.d}`,
    ]);
    expect((await tree('c')).slice(0, 2)).toEqual([`inviter 1 ${uid.b}`, `inviter 2 ${uid.a}`]);
    expect((await tree('c')).at(-1)).toBe(`invited 1 ${uid.d}`);
    const [first] = (await as(support, '/admin/users/referrals', { uid: uid.d })).data.list;
    expect(first).toMatchObject({ relation: 'inviter', level: 1, uid: uid.c, user: 'act-c@example.com' });
  });
});

describe('refusals', () => {
  it('refuses an unknown customer, a bad status and another role', async () => {
    for (const path of ['/admin/users/spotOrders', '/admin/users/futuresOrders', '/admin/users/earnOrders', '/admin/users/referrals']) {
      expect(await as(support, path, { uid: 999999 }, 'de'), path).toMatchObject({ code: 7, msg: msg('de', 'admin.userUnknown') });
      expect((await as(support, path, { uid: 'x' }, 'de')).code, path).toBe(7);
      expect((await as(content, path, { uid: uid.b })).code, path).toBe(4105);
    }
    expect((await as(support, '/admin/users/spotOrders', { uid: uid.b, status: 'lost' })).code).toBe(7);
    expect((await as(support, '/admin/users/futuresOrders', { uid: uid.b, status: { $ne: 1 } as never })).code).toBe(7);
    expect((await as(support, '/admin/users/earnOrders', { uid: uid.b, kind: 'loan' })).code).toBe(7);
    expect((await as(support, '/admin/users/earnOrders', { uid: uid.b, pageSize: 100000 })).code).toBe(7);
  });
});
