// Spot orders. Market orders fill at once at the market price. A limit order must lie within
// the configured band around the market price; one that crosses the market when placed (a
// buy at or above it, a sell at or below it) fills at once at the market price, never worse;
// any other freezes its funds and fills in full at the limit price when the market reaches it
// (fillCrossedOrders, run by the scheduler). The fee is taken from the side the user receives.
// A client order id makes placing idempotent: a repeat returns the first order.
import type { SpotBuyPayload, SpotOrder, SpotSellPayload } from '../../contract/generated/types.ts';
import type { AppContext } from '../platform/http/context.ts';
import type { JobDeps } from '../platform/jobs/job.ts';
import { sql } from 'kysely';
import { type Db, isoTime } from '../core/db/index.ts';
import type { SpotOrderRow, UserRow } from '../core/db/types.ts';
import { notFound } from '../core/errors.ts';
import type { MarketDef } from '../platform/market/types.ts';
import { belowMinimum, checkLimitBand, checkOrderRate, checkTradingHours, notOpen, spotAmount, spotMarket, spotPrice, tradeError } from './checks.ts';
import { coinDecimals } from '../core/coins.ts';
import { tradingConfig } from './config.ts';
import { applyChanges, type Change, holdBalances, type Tx } from '../core/ledger.ts';
import { compiledQuery, compiledRowsQuery } from '../core/db/compiled.ts';
import { div, formatUnits, mul, roundTo, units } from '../../contract/decimal.ts';
import { plainUnits } from '../../contract/decimal.ts';
import { notify } from '../core/notify.ts';
import { ResultCode } from '../../contract/result-codes.ts';

export type OrderType = SpotOrder['type'];

/** The order type as a request names it: the clear name, or the original app's number (1 limit, 2 market). */
export function orderTypeOf(wire: SpotBuyPayload['buytype'] | SpotSellPayload['type']): OrderType {
  if (wire === 1 || wire === '1') return 'limit';
  if (wire === 2 || wire === '2') return 'market';
  return wire;
}

export const SPOT_STATUS_BY_FILTER: Record<string, SpotOrderRow['status']> = { '1': 'open', '2': 'filled', '3': 'cancelled' };

export function toSpotOrder(row: SpotOrderRow): SpotOrder {
  const qd = tradingConfig().spot.quoteDecimals;
  const pd = Number(row.price_decimals);
  const ad = Number(row.amount_decimals);
  const price = row.price === null ? null : BigInt(row.price);
  const amount = BigInt(row.amount);
  // An open order shows what it will cost (buy: the frozen USDT) or bring (sell), before fees.
  const total = row.status === 'open' && price !== null ? (row.side === 'buy' ? BigInt(row.frozen) : mul(price, amount, 'down')) : BigInt(row.total);
  return {
    ID: Number(row.id),
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    price: price === null ? '' : formatUnits(price, pd),
    amount: formatUnits(amount, ad),
    filled: formatUnits(BigInt(row.filled), ad),
    total: formatUnits(total, qd),
    avgPrice: row.avg_price === null ? '' : formatUnits(BigInt(row.avg_price), pd),
    fee: formatUnits(BigInt(row.fee), coinDecimals(row.fee_coin)),
    feeCoin: row.fee_coin,
    feeRate: row.fee_rate,
    status: row.status,
    CreatedAt: isoTime(row.created_at),
    UpdatedAt: isoTime(row.updated_at),
  };
}

interface NewOrder {
  market: MarketDef;
  side: 'buy' | 'sell';
  type: OrderType;
  price: bigint | null;
  amount: bigint;
  frozen: bigint;
  /** Set for orders that fill on creation (market orders, limit orders that cross the market) */
  fill?: { price: bigint; total: bigint; fee: bigint };
  /** The client's own id of the order, unique per user */
  clientOrderId?: string;
}

const insertOrderRow = compiledRowsQuery((db, rows: Omit<SpotOrderRow, 'id'>[]) => db.insertInto('spot_orders').values(rows).returning('id'));

/** Inserts the order; answers its row as stored (the values written and the new id). */
async function insertOrder(trx: Tx, userId: number, o: NewOrder, now: number): Promise<SpotOrderRow> {
  const feeCoin = o.side === 'buy' ? o.market.base : o.market.quote;
  const row: Omit<SpotOrderRow, 'id'> = {
    user_id: userId,
    symbol: o.market.symbol,
    base: o.market.base,
    quote: o.market.quote,
    side: o.side,
    type: o.type,
    price: o.price === null ? null : o.price.toString(),
    amount: o.amount.toString(),
    filled: o.fill ? o.amount.toString() : '0',
    total: o.fill ? o.fill.total.toString() : '0',
    avg_price: o.fill ? o.fill.price.toString() : null,
    fee: o.fill ? o.fill.fee.toString() : '0',
    fee_coin: feeCoin,
    fee_rate: tradingConfig().spot.feeRate,
    frozen: o.frozen.toString(),
    price_decimals: o.market.priceDecimals,
    amount_decimals: o.market.amountDecimals,
    status: o.fill ? 'filled' : 'open',
    client_order_id: o.clientOrderId ?? null,
    created_at: now,
    updated_at: now,
  };
  const { rows } = await insertOrderRow(trx, [row]);
  return { id: rows[0].id, ...row };
}

function marketPrice(ctx: AppContext, symbol: string): bigint {
  return units(ctx.market.price(symbol));
}

/**
 * A repeat of an order the user placed with the same client order id: the first order,
 * unchanged (nothing is written). Checked before anything else and again inside the
 * placing transaction; the unique index (user_id, client_order_id) settles a race.
 */
async function orderByClientId(db: Tx, userId: number, clientOrderId: string | undefined): Promise<SpotOrderRow | undefined> {
  if (!clientOrderId) return undefined;
  return (await selectByClientId(db, userId, clientOrderId)).rows[0];
}

const selectByClientId = compiledQuery((db, userId: number, clientOrderId: string) =>
  db.selectFrom('spot_orders').selectAll().where('user_id', '=', userId).where('client_order_id', '=', clientOrderId),
);

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === '23505' || (typeof e?.message === 'string' && /UNIQUE constraint failed/.test(e.message));
}

/** Runs `place` in one transaction unless the client order id is already taken; a repeat returns the first order. */
async function placeOnce(ctx: AppContext, userId: number, clientOrderId: string | undefined, place: (trx: Tx) => Promise<SpotOrderRow>): Promise<SpotOrder> {
  try {
    const row = await ctx.db.transaction().execute(async (trx) => (await orderByClientId(trx, userId, clientOrderId)) ?? place(trx));
    return toSpotOrder(row);
  } catch (error) {
    const first = isUniqueViolation(error) ? await orderByClientId(ctx.db, userId, clientOrderId) : undefined;
    if (first) return toSpotOrder(first);
    throw error;
  }
}

/**
 * The market price a limit order is held against when placed: the limit must lie within
 * the configured band around it (code 7 trade.outsideBand otherwise).
 */
function bandedMarketPrice(ctx: AppContext, m: MarketDef, limit: bigint): bigint {
  const cfg = tradingConfig();
  const market = marketPrice(ctx, m.symbol);
  checkLimitBand(limit, market, cfg.spot.limitBandPercent, cfg.limitBandUnits, m.priceDecimals);
  return market;
}

export async function placeSpotBuy(ctx: AppContext, user: UserRow, input: SpotBuyPayload): Promise<SpotOrder> {
  const repeat = await orderByClientId(ctx.db, user.id, input.clientOrderId);
  if (repeat) return toSpotOrder(repeat);
  await checkOrderRate(ctx, user.id);
  const m = spotMarket(ctx, input.symbol);
  checkTradingHours(ctx, m.symbol);
  const cfg = tradingConfig();
  const now = ctx.now();
  const clientOrderId = input.clientOrderId;

  if (orderTypeOf(input.buytype) === 'limit') {
    const price = spotPrice(input.mprice, m.priceDecimals);
    const amount = spotAmount(input.mnum, 'mnum', m.amountDecimals);
    const market = bandedMarketPrice(ctx, m, price);
    const frozen = mul(price, amount, 'up');
    // A limit at or above the market executes at once at the market price: the customer
    // never pays more than the market. The limit's funds are frozen, the market cost paid
    // from them and the rest released.
    const crossing = crosses('buy', price, market);
    const cost = crossing ? mul(market, amount, 'up') : frozen;
    if (cost < cfg.minOrderUnits) throw belowMinimum('mnum', cfg.minOrderUnits);
    return placeOnce(ctx, user.id, clientOrderId, async (trx) => {
      if (!crossing) {
        const order = await insertOrder(trx, user.id, { market: m, side: 'buy', type: 'limit', price, amount, frozen, clientOrderId }, now);
        await applyChanges(trx, [{ userId: user.id, coin: m.quote, available: -frozen, frozen, type: 'spot_buy', refId: order.id }], now);
        return order;
      }
      const fee = mul(amount, cfg.feeRateUnits, 'down');
      const order = await insertOrder(
        trx,
        user.id,
        { market: m, side: 'buy', type: 'limit', price, amount, frozen: 0n, fill: { price: market, total: cost, fee }, clientOrderId },
        now,
      );
      await applyChanges(
        trx,
        [
          { userId: user.id, coin: m.quote, available: -frozen, frozen, type: 'spot_buy', refId: order.id },
          ...buyFillChanges(user.id, m.quote, m.base, order.id, { paidFromFrozen: true, cost, amount, fee }),
          { userId: user.id, coin: m.quote, available: frozen - cost, frozen: cost - frozen, type: 'spot_buy', refId: order.id },
        ],
        now,
      );
      return order;
    });
  }

  const budget = spotAmount(input.musdt, 'musdt', cfg.spot.quoteDecimals);
  if (budget < cfg.minOrderUnits) throw belowMinimum('musdt', cfg.minOrderUnits);
  const price = marketPrice(ctx, m.symbol);
  const amount = roundTo(div(budget, price, 'down'), m.amountDecimals, 'down');
  if (amount <= 0n) throw belowMinimum('musdt', cfg.minOrderUnits);
  const cost = mul(amount, price, 'up');
  const fee = mul(amount, cfg.feeRateUnits, 'down');
  return placeOnce(ctx, user.id, clientOrderId, async (trx) => {
    // the balances the fill changes, read once: the USDT checked against the budget is the one changed
    const held = await holdBalances(
      trx,
      [
        { userId: user.id, coin: m.quote },
        { userId: user.id, coin: m.base },
      ],
      now,
    );
    if (held.of(user.id, m.quote).available < budget) throw tradeError(ResultCode.insufficientBalance);
    const order = await insertOrder(
      trx,
      user.id,
      { market: m, side: 'buy', type: 'market', price: null, amount, frozen: 0n, fill: { price, total: cost, fee }, clientOrderId },
      now,
    );
    await applyChanges(trx, buyFillChanges(user.id, m.quote, m.base, order.id, { paidFromFrozen: false, cost, amount, fee }), now, held);
    return order;
  });
}

export async function placeSpotSell(ctx: AppContext, user: UserRow, input: SpotSellPayload): Promise<SpotOrder> {
  const repeat = await orderByClientId(ctx.db, user.id, input.clientOrderId);
  if (repeat) return toSpotOrder(repeat);
  await checkOrderRate(ctx, user.id);
  const m = spotMarket(ctx, input.symbol);
  checkTradingHours(ctx, m.symbol);
  const cfg = tradingConfig();
  const now = ctx.now();
  const clientOrderId = input.clientOrderId;

  if (orderTypeOf(input.type) === 'limit') {
    const price = spotPrice(input.mprice, m.priceDecimals);
    const amount = spotAmount(input.mnum, 'mnum', m.amountDecimals);
    const market = bandedMarketPrice(ctx, m, price);
    if (mul(price, amount, 'down') < cfg.minOrderUnits) throw belowMinimum('mnum', cfg.minOrderUnits);
    // A limit at or below the market executes at once at the market price: the customer
    // never receives less than the market.
    const crossing = crosses('sell', price, market);
    return placeOnce(ctx, user.id, clientOrderId, async (trx) => {
      if (!crossing) {
        const order = await insertOrder(trx, user.id, { market: m, side: 'sell', type: 'limit', price, amount, frozen: amount, clientOrderId }, now);
        await applyChanges(trx, [{ userId: user.id, coin: m.base, available: -amount, frozen: amount, type: 'spot_sell', refId: order.id }], now);
        return order;
      }
      const proceeds = mul(amount, market, 'down');
      const fee = mul(proceeds, cfg.feeRateUnits, 'down');
      const order = await insertOrder(
        trx,
        user.id,
        { market: m, side: 'sell', type: 'limit', price, amount, frozen: 0n, fill: { price: market, total: proceeds, fee }, clientOrderId },
        now,
      );
      await applyChanges(
        trx,
        [
          { userId: user.id, coin: m.base, available: -amount, frozen: amount, type: 'spot_sell', refId: order.id },
          ...sellFillChanges(user.id, m.quote, m.base, order.id, { paidFromFrozen: true, proceeds, amount, fee }),
        ],
        now,
      );
      return order;
    });
  }

  const amount = spotAmount(input.mnum, 'mnum', m.amountDecimals);
  const price = marketPrice(ctx, m.symbol);
  const proceeds = mul(amount, price, 'down');
  if (proceeds < cfg.minOrderUnits) throw belowMinimum('mnum', cfg.minOrderUnits);
  const fee = mul(proceeds, cfg.feeRateUnits, 'down');
  return placeOnce(ctx, user.id, clientOrderId, async (trx) => {
    const order = await insertOrder(
      trx,
      user.id,
      { market: m, side: 'sell', type: 'market', price: null, amount, frozen: 0n, fill: { price, total: proceeds, fee }, clientOrderId },
      now,
    );
    await applyChanges(trx, sellFillChanges(user.id, m.quote, m.base, order.id, { paidFromFrozen: false, proceeds, amount, fee }), now);
    return order;
  });
}

interface BuyFill {
  paidFromFrozen: boolean;
  cost: bigint;
  amount: bigint;
  fee: bigint;
}

function buyFillChanges(userId: number, quote: string, base: string, refId: number, f: BuyFill): Change[] {
  return [
    { userId, coin: quote, available: f.paidFromFrozen ? 0n : -f.cost, frozen: f.paidFromFrozen ? -f.cost : 0n, type: 'spot_buy', refId },
    { userId, coin: base, available: f.amount, frozen: 0n, type: 'spot_buy', refId },
    { userId, coin: base, available: -f.fee, frozen: 0n, type: 'spot_fee', refId },
  ];
}

interface SellFill {
  paidFromFrozen: boolean;
  proceeds: bigint;
  amount: bigint;
  fee: bigint;
}

function sellFillChanges(userId: number, quote: string, base: string, refId: number, f: SellFill): Change[] {
  return [
    { userId, coin: base, available: f.paidFromFrozen ? 0n : -f.amount, frozen: f.paidFromFrozen ? -f.amount : 0n, type: 'spot_sell', refId },
    { userId, coin: quote, available: f.proceeds, frozen: 0n, type: 'spot_sell', refId },
    { userId, coin: quote, available: -f.fee, frozen: 0n, type: 'spot_fee', refId },
  ];
}

/** Cancels an open order of the user and unfreezes exactly what it froze. */
export async function cancelSpotOrder(ctx: AppContext, user: UserRow, id: number): Promise<SpotOrder> {
  const now = ctx.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('spot_orders').selectAll().where('id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
    if (!order) throw notFound();
    if (order.status !== 'open') throw notOpen(id);
    const frozen = BigInt(order.frozen);
    const result = await trx
      .updateTable('spot_orders')
      .set({ status: 'cancelled', frozen: '0', updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw notOpen(id);
    const coin = order.side === 'buy' ? order.quote : order.base;
    await applyChanges(
      trx,
      [{ userId: user.id, coin, available: frozen, frozen: -frozen, type: order.side === 'buy' ? 'spot_buy' : 'spot_sell', refId: order.id }],
      now,
    );
    return { ...order, status: 'cancelled' as const, frozen: '0', updated_at: now };
  });
  return toSpotOrder(row);
}

/** Fills one open limit order in full at its limit price; false if it is no longer open. */
export async function fillLimitOrder(db: Db, id: number, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const o = await trx.selectFrom('spot_orders').selectAll().where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
    if (!o || o.price === null) return false;
    const price = BigInt(o.price);
    const amount = BigInt(o.amount);
    const frozen = BigInt(o.frozen);
    const rate = units(o.fee_rate);
    let total: bigint;
    let fee: bigint;
    let changes: Change[];
    if (o.side === 'buy') {
      total = frozen; // == price × amount rounded up, frozen at placement
      fee = mul(amount, rate, 'down');
      changes = buyFillChanges(o.user_id, o.quote, o.base, o.id, { paidFromFrozen: true, cost: total, amount, fee });
    } else {
      total = mul(amount, price, 'down');
      fee = mul(total, rate, 'down');
      changes = sellFillChanges(o.user_id, o.quote, o.base, o.id, { paidFromFrozen: true, proceeds: total, amount, fee });
    }
    const result = await trx
      .updateTable('spot_orders')
      .set({ status: 'filled', filled: o.amount, total: total.toString(), avg_price: o.price, fee: fee.toString(), frozen: '0', updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await applyChanges(trx, changes, now);
    await notify(
      trx,
      o.user_id,
      o.side === 'buy' ? 'spot_buy_filled' : 'spot_sell_filled',
      { symbol: o.symbol, amount: plainUnits(amount), base: o.base, price: plainUnits(price), quote: o.quote },
      now,
    );
    return true;
  });
}

/** Whether a limit order crosses the market price: buy at or above it, sell at or below it. */
export function crosses(side: 'buy' | 'sell', limit: bigint, marketPrice: bigint): boolean {
  return side === 'buy' ? marketPrice <= limit : marketPrice >= limit;
}

/** The market price of every market open for trading at `now` (a market whose price cannot be read is left out). */
function openMarketPrices(ctx: JobDeps, now: number): Map<string, bigint> {
  const prices = new Map<string, bigint>();
  for (const m of ctx.market.markets()) {
    try {
      if (ctx.market.isOpen(m.symbol, now)) prices.set(m.symbol, units(ctx.market.price(m.symbol)));
    } catch {
      // no price to fill at: its orders wait
    }
  }
  return prices;
}

/**
 * The open limit orders of `symbol` that `price` crosses (a buy at or above it, a sell at or
 * below it), read through the index spot_orders_resting (migration 0032): the pass costs in
 * proportion to the orders the price crossed, not to the resting book. The status is a literal
 * so SQLite can use the partial index; prices are integer units held as text, compared as integers.
 */
async function crossedOrderIds(db: Db, symbol: string, price: bigint): Promise<number[]> {
  const limit = sql<bigint>`cast(${sql.ref('price')} as bigint)`;
  const market = sql<bigint>`cast(${price.toString()} as bigint)`;
  const side = (name: 'buy' | 'sell', op: '>=' | '<=') =>
    db.selectFrom('spot_orders').select('id').where('status', '=', sql.lit('open')).where('symbol', '=', symbol).where('side', '=', sql.lit(name)).where(limit, op, market);
  const rows = await side('buy', '>=').unionAll(side('sell', '<=')).execute();
  return rows.map((r) => Number(r.id));
}

/** Fills every open limit order whose market (open for trading) has crossed its price, oldest first. */
export async function fillCrossedOrders(ctx: JobDeps): Promise<number> {
  const now = ctx.now();
  const crossed: number[] = [];
  for (const [symbol, price] of openMarketPrices(ctx, now)) crossed.push(...(await crossedOrderIds(ctx.db, symbol, price)));
  crossed.sort((a, b) => a - b);
  let filled = 0;
  for (const id of crossed) if (await fillLimitOrder(ctx.db, id, now)) filled++;
  return filled;
}
