// The asset overview (GET /user/mycoin) and profit and loss (GET /user/ploss).
import type { AppContext } from '../platform/http/context.ts';
import type { Asset, AssetList, ProfitLoss } from '../../contract/generated/types.ts';
import { formatUnits, mul, sum, units } from '../../contract/decimal.ts';
import { coinConfigs, coinDecimals, USDT } from '../core/coins.ts';
import { tradingConfig } from './config.ts';
import { type Balance, balancesOf } from '../core/ledger.ts';
import { nothingOwed, type OwedByCoin } from '../core/owed.ts';

/** schemas/entities/asset.json */
export type { Asset, AssetList, ProfitLoss };

/** Which list /user/mycoin's `cate` asks for: 1 the asset list, 2 the deposit list, 3 the withdrawal list. */
export type AssetListKind = 1 | 2 | 3;

/** USDT value of `amount` units of `coin` at the market price, rounded down (0 without a USDT market). */
function usdtValue(ctx: AppContext, coin: string, amount: bigint): bigint {
  if (coin === USDT) return amount;
  if (amount === 0n) return 0n;
  const symbol = `${coin.toLowerCase()}usdt`;
  if (!ctx.market.market(symbol)) return 0n;
  try {
    return mul(amount, units(ctx.market.price(symbol)), 'down');
  } catch {
    return 0n;
  }
}

interface Holding extends Balance {
  total: bigint;
  value: bigint;
}

/**
 * The coins of a list: list 1 is USDT (always) and then every coin with a non-zero total;
 * lists 2 and 3 are every configured coin, held or not. Configured coins come in the order of
 * schemas/config/coins.json, a held coin that is not configured after them by code.
 */
async function holdings(ctx: AppContext, userId: number, kind: AssetListKind): Promise<Holding[]> {
  const held = new Map((await balancesOf(ctx.db, userId)).map((b) => [b.coin, b]));
  const configured = coinConfigs().map((c) => c.coin);
  const coins =
    kind === 1
      ? [USDT, ...configured.filter((c) => c !== USDT), ...[...held.keys()].filter((c) => !configured.includes(c)).sort()].filter((c) => {
          const b = held.get(c);
          return c === USDT || (b !== undefined && b.available + b.frozen > 0n);
        })
      : configured;
  return coins.map((coin) => {
    const b = held.get(coin) ?? { coin, available: 0n, frozen: 0n };
    const total = b.available + b.frozen;
    return { ...b, total, value: usdtValue(ctx, coin, total) };
  });
}

/**
 * The user's assets for /user/mycoin: one row per coin (see holdings), the total in USDT, what the
 * user owes on loans in USDT (the total counts a loan's coins: the page shows them owed beside it)
 * and the net total (total less owed, never below zero).
 */
export async function assetList(ctx: AppContext, userId: number, kind: AssetListKind = 1, owedByCoin: OwedByCoin = nothingOwed): Promise<AssetList> {
  const qd = tradingConfig().spot.quoteDecimals;
  const config = new Map(coinConfigs().map((c) => [c.coin, c]));
  const rows = await holdings(ctx, userId, kind);
  const list = rows.map((b): Asset => {
    const c = config.get(b.coin);
    const d = coinDecimals(b.coin);
    const row: Asset = {
      coin: b.coin,
      name: c?.name ?? b.coin,
      decimals: d,
      available: formatUnits(b.available, d),
      frozen: formatUnits(b.frozen, d),
      total: formatUnits(b.total, d),
      usdtValue: formatUnits(b.value, qd),
    };
    if (kind !== 1) row.networks = [...(c?.networks ?? [])];
    return row;
  });
  // Every coin with a balance counts toward the total, whichever list is shown.
  const all = kind === 1 ? rows : await holdings(ctx, userId, 1);
  const total = sum(all.map((b) => b.value));
  const owed = sum((await owedByCoin(ctx.db, userId, ctx.now())).map((o) => usdtValue(ctx, o.coin, o.owed)));
  const net = total > owed ? total - owed : 0n;
  return { list, totalUsdt: formatUnits(total, qd), owedUsdt: formatUnits(owed, qd), netUsdt: formatUnits(net, qd) };
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
