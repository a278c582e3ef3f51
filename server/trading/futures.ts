// Second-level futures. Creation debits the stake and records the open price and time;
// once settleAt has come the scheduler takes the price recorded at that second and pays what
// the pure settle() function says. Pending orders are rows, so they survive a restart and are
// settled by the first run of the scheduler after it; when no price was recorded at their
// second (the server was down) the settlement is invalid and the stake is returned (spec §4).
import type { FuturesConfig, FuturesCreatePayload, FuturesOrder } from '../../contract/generated/types.ts';
import type { AppContext } from '../platform/http/context.ts';
import { isoTime } from '../core/db/index.ts';
import type { JobDeps } from '../platform/jobs/job.ts';
import type { FuturesOrderRow, UserRow } from '../core/db/types.ts';
import { validationError } from '../core/errors.ts';
import { StalePriceError } from '../platform/market/types.ts';
import { positiveAmount } from '../core/amounts.ts';
import { USDT } from '../core/coins.ts';
import { anyMarket, checkOrderRate, checkTradingHours } from './checks.ts';
import { tradingConfig } from './config.ts';
import { applyChanges } from '../core/ledger.ts';
import { div, formatUnits, plainUnits, roundTo, STORAGE_SCALE, units } from '../../contract/decimal.ts';
import { MARKETS } from '../platform/market/index.ts';
import { settle } from './settle.ts';
import { notify } from '../core/notify.ts';

export const FUTURES_STATUS_BY_FILTER: Record<string, FuturesOrderRow['status']> = {
  '1': 'pending',
  '2': 'settled',
  '3': 'invalid',
};

/** The base coin the stake bought at the open price (stake ÷ open price), rounded down to the pair's amount decimals (all of them for a pair not in the config). */
function openQuantity(row: FuturesOrderRow): string {
  const decimals = MARKETS.find((m) => m.symbol === row.symbol)?.amountDecimals ?? STORAGE_SCALE;
  const open = BigInt(row.open_price);
  return open > 0n ? formatUnits(roundTo(div(BigInt(row.stake), open, 'down'), decimals, 'down'), decimals) : '';
}

export function toFuturesOrder(row: FuturesOrderRow): FuturesOrder {
  const qd = tradingConfig().spot.quoteDecimals;
  const pd = Number(row.price_decimals);
  return {
    ID: Number(row.id),
    symbol: row.symbol,
    direction: row.direction,
    type: row.direction,
    stake: formatUnits(BigInt(row.stake), qd),
    openQuantity: openQuantity(row),
    duration: Number(row.duration),
    profitRatio: row.profit_ratio,
    openPrice: formatUnits(BigInt(row.open_price), pd),
    openTime: isoTime(row.open_time),
    closePrice: row.close_price === null ? '' : formatUnits(BigInt(row.close_price), pd),
    closeTime: row.close_time === null ? '' : isoTime(row.close_time),
    settleAt: isoTime(row.settle_at),
    status: row.status,
    result: row.result,
    pnl: row.pnl === null ? '' : formatUnits(BigInt(row.pnl), qd),
    payout: row.payout === null ? '' : formatUnits(BigInt(row.payout), qd),
    reason: row.reason ?? '',
  };
}

export function futuresConfigView(): FuturesConfig {
  const { hy_time, hy_tzed, hy_ykbl } = tradingConfig().futures;
  return { hy_time: [...hy_time], hy_tzed: [...hy_tzed], hy_ykbl: [...hy_ykbl] };
}

export async function createFuturesOrder(ctx: AppContext, user: UserRow, input: FuturesCreatePayload): Promise<FuturesOrder> {
  await checkOrderRate(ctx, user.id);
  const cfg = tradingConfig();
  const m = anyMarket(ctx, input.coinname, 'coinname');
  checkTradingHours(ctx, m.symbol);
  // an upstream feed silent past its stale limit: no order opens from an old price (nothing is written)
  if (ctx.market.isStale?.(m.symbol)) throw new StalePriceError(m.symbol);
  const index = cfg.futures.hy_time.indexOf(input.ctime_num);
  if (index < 0) throw validationError('ctime_num', 'futures.durationRequired');
  const stake = positiveAmount(input.usdt, 'usdt', cfg.spot.quoteDecimals);
  if (stake < cfg.minStakeUnits || stake > cfg.maxStakeUnits) {
    throw validationError('usdt', 'futures.stakeOutOfRange', { min: plainUnits(cfg.minStakeUnits), max: plainUnits(cfg.maxStakeUnits) });
  }
  const now = ctx.now();
  const openPrice = units(ctx.market.price(m.symbol));
  const row = await ctx.db.transaction().execute(async (trx) => {
    const order = await trx
      .insertInto('futures_orders')
      .values({
        user_id: user.id,
        symbol: m.symbol,
        direction: input.cate === 1 ? 'up' : 'down',
        stake: stake.toString(),
        duration: input.ctime_num,
        profit_ratio: cfg.futures.hy_ykbl[index],
        open_price: openPrice.toString(),
        open_time: now,
        settle_at: now + input.ctime_num * 1000,
        close_price: null,
        close_time: null,
        status: 'pending',
        result: '',
        pnl: null,
        payout: null,
        price_decimals: m.priceDecimals,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await applyChanges(trx, [{ userId: user.id, coin: USDT, available: -stake, frozen: 0n, type: 'contract_open', refId: order.id }], now);
    return order;
  });
  return toFuturesOrder(row);
}

/**
 * Settles one pending order with the given close price (the price recorded at its settleAt
 * second, which is also its close time); false if it was no longer pending.
 */
export async function settleOrder(ctx: JobDeps, id: number, closePrice: bigint, now: number): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const o = await trx.selectFrom('futures_orders').selectAll().where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
    if (!o || Number(o.settle_at) > now) return false;
    const s = settle({ direction: o.direction, stake: BigInt(o.stake), profitRatio: o.profit_ratio, openPrice: BigInt(o.open_price), closePrice });
    const result = await trx
      .updateTable('futures_orders')
      .set({
        status: s.status,
        result: s.result,
        close_price: closePrice.toString(),
        close_time: Number(o.settle_at),
        pnl: s.pnl.toString(),
        payout: s.payout.toString(),
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await applyChanges(trx, [{ userId: o.user_id, coin: USDT, available: s.payout, frozen: 0n, type: 'contract_close', refId: o.id }], now);
    const event = s.status === 'invalid' ? 'futures_refund' : s.result === 'win' ? 'futures_win' : 'futures_loss';
    await notify(trx, o.user_id, event, { symbol: o.symbol, amount: plainUnits(BigInt(o.stake)), profit: plainUnits(s.pnl < 0n ? -s.pnl : s.pnl) }, now);
    return true;
  });
}

/**
 * An invalid settlement: no price was recorded at the order's settleAt second (the server
 * was down), so the stake is returned in full (contract_close) with the reason no_price.
 */
export async function voidOrder(ctx: JobDeps, id: number, now: number): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const o = await trx.selectFrom('futures_orders').selectAll().where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
    if (!o || Number(o.settle_at) > now) return false;
    const result = await trx
      .updateTable('futures_orders')
      .set({ status: 'invalid', result: '', reason: 'no_price', close_price: null, close_time: null, pnl: '0', payout: o.stake })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await applyChanges(trx, [{ userId: o.user_id, coin: USDT, available: BigInt(o.stake), frozen: 0n, type: 'contract_close', refId: o.id }], now);
    await notify(trx, o.user_id, 'futures_refund', { symbol: o.symbol, amount: plainUnits(BigInt(o.stake)), profit: '0' }, now);
    return true;
  });
}

/** Settles every pending order whose settleAt has come, at the price recorded at that second. */
export async function settleDueOrders(ctx: JobDeps): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .selectFrom('futures_orders')
    .select(['id', 'symbol', 'settle_at'])
    .where('status', '=', 'pending')
    .where('settle_at', '<=', now)
    .orderBy('settle_at')
    .orderBy('id')
    .execute();
  let settled = 0;
  for (const o of due) {
    let price: string | null | undefined;
    try {
      price = ctx.market.priceAt(o.symbol, Math.floor(Number(o.settle_at) / 1000));
    } catch {
      continue; // symbol no longer quoted: stays pending, never settled on a made-up price
    }
    if (price === undefined) continue; // that second has not been stepped yet
    const done = price === null ? await voidOrder(ctx, o.id, now) : await settleOrder(ctx, o.id, units(price), now);
    if (done) settled++;
  }
  return settled;
}
