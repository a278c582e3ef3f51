// GET /financing_order/earningsCurve: the caller's cumulative financing earnings by day, per
// coin, for the curve screen. Summed exactly in ledger units; a payout counts on the day it was
// due (started_at + day days), so a catch-up after downtime does not bunch days together.
import type { FinancingCurvePoint } from '../../../contract/generated/types.ts';
import { formatUnits } from '../../../contract/decimal.ts';
import { coinDecimals, DAY_MS } from '../products/earn-units.ts';
import { requireCoin } from '../../core/coins.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import type { AppContext } from '../../platform/http/context.ts';

export interface PayoutLike {
  coin: string;
  /** Epoch ms the payout was due */
  dueAt: number;
  /** Ledger units (10^-8) */
  amount: bigint;
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Per coin (by name), one point per UTC day, sorted by day: that day's sum and the running total. */
export function cumulativeSeries(payouts: readonly PayoutLike[], decimals: ReadonlyMap<string, number>): FinancingCurvePoint[] {
  const byCoin = new Map<string, Map<string, bigint>>();
  for (const p of payouts) {
    const days = byCoin.get(p.coin) ?? new Map<string, bigint>();
    const day = utcDay(p.dueAt);
    days.set(day, (days.get(day) ?? 0n) + p.amount);
    byCoin.set(p.coin, days);
  }
  const out: FinancingCurvePoint[] = [];
  for (const coin of [...byCoin.keys()].sort()) {
    const d = decimals.get(coin) ?? 8;
    let total = 0n;
    for (const [day, amount] of [...byCoin.get(coin)!].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      total += amount;
      out.push({ day, coin, amount: formatUnits(amount, d), cumulative: formatUnits(total, d) });
    }
  }
  return out;
}

export function financingCurveHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
    getFinancingEarningsCurve: async (input, { user }) => {
      let query = db
        .selectFrom('financing_payouts')
        .innerJoin('financing_orders', 'financing_orders.id', 'financing_payouts.order_id')
        .select(['financing_orders.coin', 'financing_orders.started_at', 'financing_payouts.day', 'financing_payouts.amount'])
        .where('financing_payouts.user_id', '=', user.id);
      if (input.coin !== undefined && input.coin !== '') query = query.where('financing_orders.coin', '=', (await requireCoin(db, input.coin)).coin);
      const rows = await query.execute();
      const decimals = await coinDecimals(db);
      const list = cumulativeSeries(
        rows.map((r) => ({ coin: r.coin, dueAt: Number(r.started_at) + Number(r.day) * DAY_MS, amount: BigInt(r.amount) })),
        decimals,
      );
      const coins = [...new Set(list.map((p) => p.coin))].map((coin) => ({ coin, decimals: decimals.get(coin) ?? 8 }));
      return { list, coins };
    },
  };
}
