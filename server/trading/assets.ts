// The asset overview (GET /user/mycoin) and profit and loss (GET /user/ploss).
import type { AppContext } from '../context.ts';
import { formatUnits, mul, units } from '../../contract/decimal.ts';
import { coinDecimals, tradingConfig, USDT } from './config.ts';
import { balancesOf } from './ledger.ts';

/** schemas/entities/asset.json */
export interface Asset {
  coin: string;
  available: string;
  frozen: string;
  total: string;
  usdtValue: string;
}

export interface AssetList {
  list: Asset[];
  totalUsdt: string;
}

export interface ProfitLoss {
  totalUsdt: string;
  todayPnl: string;
  totalPnl: string;
}

/** USDT value of `amount` units of `coin` at the market price (0 without a USDT market). */
function usdtValue(ctx: AppContext, coin: string, amount: bigint): bigint {
  if (coin === USDT) return amount;
  const symbol = `${coin.toLowerCase()}usdt`;
  if (!ctx.market.market(symbol)) return 0n;
  try {
    return mul(amount, units(ctx.market.price(symbol)), 'down');
  } catch {
    return 0n;
  }
}

async function holdings(ctx: AppContext, userId: number) {
  const all = await balancesOf(ctx.db, userId);
  const usdt = all.find((b) => b.coin === USDT) ?? { coin: USDT, available: 0n, frozen: 0n };
  const others = all.filter((b) => b.coin !== USDT && b.available + b.frozen > 0n);
  return [usdt, ...others].map((b) => ({ ...b, total: b.available + b.frozen, value: usdtValue(ctx, b.coin, b.available + b.frozen) }));
}

/** USDT first (always), then every other coin with a non-zero total, by coin. */
export async function assetList(ctx: AppContext, userId: number): Promise<AssetList> {
  const qd = tradingConfig().spot.quoteDecimals;
  const rows = await holdings(ctx, userId);
  let total = 0n;
  const list = rows.map((b) => {
    total += b.value;
    const d = coinDecimals(b.coin);
    return { coin: b.coin, available: formatUnits(b.available, d), frozen: formatUnits(b.frozen, d), total: formatUnits(b.total, d), usdtValue: formatUnits(b.value, qd) };
  });
  return { list, totalUsdt: formatUnits(total, qd) };
}

const DAY_MS = 24 * 3_600_000;

/**
 * Profit and loss of closed (settled or invalid) futures orders, from the ledger:
 * Σ contract_close payouts − Σ contract_open stakes of those orders. Pending orders do not
 * count until they settle; spot trades are not counted (no cost basis is kept).
 * todayPnl: orders closed since 00:00 UTC of the server clock's day.
 */
export async function profitLoss(ctx: AppContext, userId: number): Promise<ProfitLoss> {
  const qd = tradingConfig().spot.quoteDecimals;
  const now = ctx.now();
  const dayStart = now - (now % DAY_MS);
  const rows = await ctx.db
    .selectFrom('ledger')
    .innerJoin('futures_orders', 'futures_orders.id', 'ledger.ref_id')
    .select(['ledger.amount as amount', 'futures_orders.close_time as closeTime'])
    .where('ledger.user_id', '=', userId)
    .where('ledger.type', 'in', ['contract_open', 'contract_close'])
    .where('futures_orders.status', '!=', 'pending')
    .execute();
  let totalPnl = 0n;
  let todayPnl = 0n;
  for (const r of rows) {
    const amount = BigInt(r.amount);
    totalPnl += amount;
    if (r.closeTime !== null && Number(r.closeTime) >= dayStart) todayPnl += amount;
  }
  const { totalUsdt } = await assetList(ctx, userId);
  return { totalUsdt, todayPnl: formatUnits(todayPnl, qd), totalPnl: formatUnits(totalPnl, qd) };
}
