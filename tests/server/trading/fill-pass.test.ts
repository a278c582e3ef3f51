// Issue 45: the scheduler's limit-fill pass costs in proportion to the orders the market price
// crossed, not to the resting book. With 5,000 resting orders far from the price it loads no
// order row at all; with a price that crosses a few it loads just those (and fills each once, at
// its own limit price, by the unchanged rule: a buy at or above the price, a sell at or below).
import { type Insertable, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, SelectQueryNode, TableNode, type UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from '../../../contract/decimal.ts';
import type { Db } from '../../../server/core/db/index.ts';
import type { SpotOrdersTable } from '../../../server/core/db/types.ts';
import { applyChanges } from '../../../server/core/ledger.ts';
import { adminDeposit, createFakeMarket, ledgerMismatches } from '../../../server/composition/money.ts';
import { fillCrossedOrders } from '../../../server/trading/spot.ts';
import { tradingConfig } from '../../../server/trading/config.ts';
import { call, clock, registerByEmail, startServer, type TestServer } from '../helpers.ts';

const RESTING = 5000;
const c = clock();
const market = createFakeMarket(c.now);
let s: TestServer;
let alice: { token: string; id: number };

/** Counts the spot_orders rows that the queries through it load (selects from that table). */
function orderRowCounter(): KyselyPlugin & { rows: number; queries: number } {
  const fromOrders = new WeakMap<object, boolean>();
  const readsOrders = (node: RootOperationNode) =>
    SelectQueryNode.is(node) && (node.from?.froms ?? []).some((f) => TableNode.is(f) && f.table.identifier.name === 'spot_orders');
  return {
    rows: 0,
    queries: 0,
    transformQuery(args: PluginTransformQueryArgs) {
      if (readsOrders(args.node)) fromOrders.set(args.queryId, true);
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      // counted here: a union's second select is transformed too but runs as part of the first
      if (fromOrders.get(args.queryId)) {
        this.queries++;
        this.rows += args.result.rows.length;
      }
      return args.result;
    },
  };
}

async function pass(): Promise<{ filled: number; rows: number; queries: number }> {
  const counter = orderRowCounter();
  const filled = await fillCrossedOrders({ db: s.app.db.withPlugin(counter), market, now: c.now });
  return { filled, rows: counter.rows, queries: counter.queries };
}

/** `count` open limit orders of one user, half buys at 50–60 % and half sells at 150–160 % of `price`, frozen by one ledger row per coin. */
async function seedRestingBook(db: Db, userId: number, count: number): Promise<void> {
  const now = c.now();
  const eth = market.market('ethusdt')!;
  const price = units(market.price('ethusdt'));
  const amount = units('0.01');
  const rows: Insertable<SpotOrdersTable>[] = [];
  let usdt = 0n;
  let base = 0n;
  for (let i = 0; i < count; i++) {
    const side = i % 2 === 0 ? 'buy' : 'sell';
    const limit = (price * BigInt((side === 'buy' ? 50 : 150) + (i % 11))) / 100n / 1_000_000n * 1_000_000n; // whole cents
    const frozen = side === 'buy' ? (limit * amount) / 100_000_000n : amount;
    if (side === 'buy') usdt += frozen;
    else base += frozen;
    rows.push({
      ...{ user_id: userId, symbol: eth.symbol, base: eth.base, quote: eth.quote, side, type: 'limit' },
      ...{ price: limit.toString(), amount: amount.toString(), filled: '0', total: '0', avg_price: null, fee: '0' },
      ...{ fee_coin: side === 'buy' ? eth.base : eth.quote, fee_rate: tradingConfig().spot.feeRate, frozen: frozen.toString() },
      ...{ price_decimals: eth.priceDecimals, amount_decimals: eth.amountDecimals, status: 'open', client_order_id: null, created_at: now, updated_at: now },
    });
  }
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 400) await trx.insertInto('spot_orders').values(rows.slice(i, i + 400)).execute();
    await applyChanges(
      trx,
      [
        { userId, coin: eth.quote, available: -usdt, frozen: usdt, type: 'spot_buy', refId: null },
        { userId, coin: eth.base, available: -base, frozen: base, type: 'spot_sell', refId: null },
      ],
      now,
    );
  });
}

const place = async (path: string, body: Record<string, unknown>) => {
  c.advance(2000); // the per-second order limit
  const r = await call(s.app, 'POST', path, { token: alice.token, body });
  expect(r.code, r.msg).toBe(0);
  expect(r.data.status).toBe('open');
  return Number(r.data.ID);
};
const order = (id: number) => s.app.db.selectFrom('spot_orders').select(['status', 'avg_price', 'price']).where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  s = await startServer({ market, scheduler: false }, c);
  const r = await registerByEmail(s.app, 'fill-pass@example.com');
  alice = { token: r.token, id: r.user.ID };
  await adminDeposit(s.app.db, alice.id, 'USDT', '10000000', c.now());
  await adminDeposit(s.app.db, alice.id, 'ETH', '1000', c.now());
  market.setPrice('ethusdt', '3500.00');
  await seedRestingBook(s.app.db, alice.id, RESTING);
});
afterAll(() => s.app.close());

describe('the limit-fill pass reads only the orders the price crossed', () => {
  it(`with ${RESTING} resting orders far from every price it loads no order row`, async () => {
    expect(await pass()).toEqual({ filled: 0, rows: 0, queries: market.markets().length });
  });

  it('a price that crosses a few loads just those, fills each at its own limit and leaves the rest', async () => {
    const buyAt = await place('/bborder/upbbbuy', { symbol: 'ethusdt', buytype: 'limit', mprice: '3400.00', mnum: '0.01' });
    const buyBelow = await place('/bborder/upbbbuy', { symbol: 'ethusdt', buytype: 'limit', mprice: '3399.99', mnum: '0.01' });
    const buyAbove = await place('/bborder/upbbbuy', { symbol: 'ethusdt', buytype: 'limit', mprice: '3450.00', mnum: '0.01' });
    const sell = await place('/bborder/upbbsell', { symbol: 'ethusdt', type: 'limit', mprice: '3600.00', mnum: '0.01' });
    market.setPrice('ethusdt', '3400.00'); // crosses the buys at 3400.00 and 3450.00 only
    // per crossed order: its id from the crossing query, then the fill's own read of it
    expect(await pass()).toEqual({ filled: 2, rows: 4, queries: market.markets().length + 2 });
    expect(await order(buyAt)).toEqual({ status: 'filled', avg_price: units('3400').toString(), price: units('3400').toString() });
    expect(await order(buyAbove)).toEqual({ status: 'filled', avg_price: units('3450').toString(), price: units('3450').toString() });
    expect((await order(buyBelow)).status).toBe('open');

    market.setPrice('ethusdt', '3600.00'); // the sell at exactly its limit
    expect(await pass()).toMatchObject({ filled: 1, rows: 2 });
    expect(await order(sell)).toMatchObject({ status: 'filled', avg_price: units('3600').toString() });
    expect(await pass()).toEqual({ filled: 0, rows: 0, queries: market.markets().length }); // at most once
    const open = await s.app.db.selectFrom('spot_orders').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'open').executeTakeFirstOrThrow();
    expect(Number(open.n)).toBe(RESTING + 1);
    expect(await ledgerMismatches(s.app.db)).toEqual([]);
  });

  it('a market closed for trading reads nothing and fills nothing, and fills once it opens', async () => {
    market.setPrice('ethusdt', '3600.00');
    const id = await place('/bborder/upbbbuy', { symbol: 'ethusdt', buytype: 'limit', mprice: '3550.00', mnum: '0.01' });
    market.setOpen('ethusdt', false);
    market.setPrice('ethusdt', '3500.00');
    expect(await pass()).toEqual({ filled: 0, rows: 0, queries: market.markets().length - 1 });
    market.setOpen('ethusdt', true);
    expect(await pass()).toMatchObject({ filled: 1, rows: 2 });
    expect(await order(id)).toMatchObject({ status: 'filled', avg_price: units('3550').toString() });
  });
});
