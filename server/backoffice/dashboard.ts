// The back office's first screen: what waits for a decision, and today's and the last 30 UTC
// days' money in and out and new customers. Sums are taken per day and coin in SQL (text units
// cast to integers, exact on SQLite and PostgreSQL); each day's coins are then valued in USDT at
// the current price, exactly (contract/decimal.ts). A coin without a current price adds nothing
// and is named in `unpriced`.
import { sql } from 'kysely';
import { mul, plainUnits, sum, units } from '../../contract/decimal.ts';
import type { AdminDashboard, AdminDashboardDay } from '../../contract/generated/types.ts';
import type { Db } from '../core/db/index.ts';
import { ReviewStatus } from '../core/db/types.ts';
import type { ReviewKind } from '../core/review-kind.ts';
import type { MarketData } from '../platform/market/types.ts';
import { usdtPriceOf } from '../platform/market/usdt-price.ts';
import { ADJUST } from './adjustments.ts';
import { REVIEW_KIND_NAMES, reviewCountField, type ReviewCountField } from '../../contract/review-kinds.ts';

export const DASHBOARD_DAYS = 30;
const DAY_MS = 86_400_000;

/** One day's total of one coin, in storage units. */
interface CoinDay {
  day: number;
  coin: string;
  units: bigint;
  count: number;
}

type MoneyTable = 'deposits' | 'withdrawals' | 'bank_withdrawals';

/** Per UTC day (days since the epoch) and coin: the sum of `column` and the count of completed rows reviewed since `from`. */
async function coinDays(db: Db, table: MoneyTable, column: 'received' | 'amount', from: number): Promise<CoinDay[]> {
  const day = sql<number | string>`reviewed_at / ${sql.lit(DAY_MS)}`;
  const rows = await db
    .selectFrom(table)
    .select([day.as('day'), 'coin', sql<string>`CAST(SUM(CAST(${sql.ref(column)} AS BIGINT)) AS TEXT)`.as('total'), sql<number | string>`COUNT(*)`.as('n')])
    .where('status', '=', ReviewStatus.completed)
    .where('reviewed_at', '>=', from)
    .groupBy([day, 'coin'])
    .execute();
  return rows.map((r) => ({ day: Number(r.day), coin: r.coin, units: BigInt(r.total ?? '0'), count: Number(r.n) }));
}

async function registrationDays(db: Db, from: number): Promise<Map<number, number>> {
  const day = sql<number | string>`created_at / ${sql.lit(DAY_MS)}`;
  const rows = await db
    .selectFrom('users')
    .select([day.as('day'), sql<number | string>`COUNT(*)`.as('n')])
    .where('created_at', '>=', from)
    .groupBy(day)
    .execute();
  return new Map(rows.map((r) => [Number(r.day), Number(r.n)]));
}

interface Valued {
  usdt: Map<number, bigint>;
  count: Map<number, number>;
}

/** The days' USDT value at the current prices; coins without a price go to `unpriced`. */
function valued(rows: CoinDay[], price: (coin: string) => string | null, unpriced: Set<string>): Valued {
  const out: Valued = { usdt: new Map(), count: new Map() };
  for (const r of rows) {
    out.count.set(r.day, (out.count.get(r.day) ?? 0) + r.count);
    const p = price(r.coin);
    if (p === null) {
      unpriced.add(r.coin);
      continue;
    }
    out.usdt.set(r.day, sum([out.usdt.get(r.day) ?? 0n, mul(r.units, units(p))]));
  }
  return out;
}

type WaitingCounts = Pick<AdminDashboard, ReviewCountField | 'waitingAdjustments' | 'waitingNetworkChanges'>;

/** How many items wait per review kind (a tile each, named from the registry), and manual adjustments and coin network changes waiting for their second approval. */
async function waiting(db: Db, kinds: readonly ReviewKind[]): Promise<WaitingCounts> {
  const counts = Object.fromEntries(REVIEW_KIND_NAMES.map((name) => [reviewCountField(name), 0])) as WaitingCounts;
  for (const k of kinds) counts[reviewCountField(k.kind)] = (await k.pending(db)).length;
  const adjustments = await db
    .selectFrom('approvals')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('action', '=', ADJUST)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  counts.waitingAdjustments = Number(adjustments.n);
  const networkChanges = await db
    .selectFrom('coin_network_proposals')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  counts.waitingNetworkChanges = Number(networkChanges.n);
  return counts;
}

const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

function series(today: number, deposits: Valued, withdrawals: Valued, registrations: Map<number, number>): AdminDashboardDay[] {
  return Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
    const day = today - DASHBOARD_DAYS + 1 + i;
    return {
      day: isoDay(day),
      depositsUsdt: plainUnits(deposits.usdt.get(day) ?? 0n),
      withdrawalsUsdt: plainUnits(withdrawals.usdt.get(day) ?? 0n),
      registrations: registrations.get(day) ?? 0,
    };
  });
}

export async function dashboard(db: Db, kinds: readonly ReviewKind[], market: MarketData, now: number): Promise<AdminDashboard> {
  const today = Math.floor(now / DAY_MS);
  const from = (today - DASHBOARD_DAYS + 1) * DAY_MS;
  const prices = new Map<string, string | null>();
  const price = (coin: string) => {
    if (!prices.has(coin)) prices.set(coin, usdtPriceOf(market, coin, now));
    return prices.get(coin)!;
  };
  const unpriced = new Set<string>();
  const deposits = valued(await coinDays(db, 'deposits', 'received', from), price, unpriced);
  const payouts = [...(await coinDays(db, 'withdrawals', 'amount', from)), ...(await coinDays(db, 'bank_withdrawals', 'amount', from))];
  const withdrawals = valued(payouts, price, unpriced);
  const registrations = await registrationDays(db, from);
  return {
    day: isoDay(today),
    ...(await waiting(db, kinds)),
    depositsUsdt: plainUnits(deposits.usdt.get(today) ?? 0n),
    depositsCount: deposits.count.get(today) ?? 0,
    withdrawalsUsdt: plainUnits(withdrawals.usdt.get(today) ?? 0n),
    withdrawalsCount: withdrawals.count.get(today) ?? 0,
    registrations: registrations.get(today) ?? 0,
    unpriced: [...unpriced].sort().join(', '),
    series: series(today, deposits, withdrawals, registrations),
  };
}
