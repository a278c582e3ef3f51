// Fixed-term financing (staking). A customer buys a product with `money` (the principal), which
// is frozen for the term (ledger finance_purchase: available → frozen). The product's terms
// (daily rate, term, penalty rate) are copied onto the order and never change afterwards.
//
//   daily earnings = principal × daily_rate, rounded down to the coin's decimals
//   day k (1 … term) is paid at started_at + k days (finance_earnings), one financing_payouts
//   row per (order, day) — a unique key — in the same transaction as the ledger row;
//   at due_at = started_at + term days, after the last day is paid, the principal is unfrozen
//   (finance_redemption) and the order ends.
//   early redemption (in term): days already due are paid first, then the principal is
//   unfrozen (finance_redemption) and penalty = principal × penalty_rate, rounded down, is
//   taken (finance_penalty); no later day is paid.
//
// Every step is a conditional update on the order (status, days_paid) in the transaction of its
// ledger rows, so running the job twice, after a restart, or racing a redemption pays nothing twice.
import type { FinancingOrder, FinancingPayout, FinancingProduct, FinancingTotal } from '../../../contract/generated/types.ts';
import { formatUnits, plainUnits, roundTo, STORAGE_ONE, units } from '../../../contract/decimal.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { type Db, isoTime } from '../../core/db/index.ts';
import { type FinancingOrderRow, type FinancingProductRow, FinancingStatus } from '../../core/db/types.ts';
import { localName } from '../../core/local-names.ts';
import { ApiError, notFound, validationError } from '../../core/errors.ts';
import type { Translate } from '../../platform/i18n/i18n.ts';
import { type AmountInput, positiveAmount } from '../../core/amounts.ts';
import type { JobDeps } from '../../platform/jobs/job.ts';
import { applyChanges, type Tx } from '../../core/ledger.ts';
import { nextStepAt } from '../products/next-step.ts';
import { coinDecimals, DAY_MS, ratePercent } from '../products/earn-units.ts';
import { ResultCode } from '../../../contract/result-codes.ts';

/** The yearly rate (APR) of a daily rate: simple interest over 365 days, exact. */
export function yearlyRate(dailyRate: string): string {
  return plainUnits(units(dailyRate) * 365n);
}

/** principal × ratio, rounded down to `decimals`. */
export function shareOf(principal: bigint, ratio: string, decimals: number): bigint {
  return roundTo((principal * units(ratio)) / STORAGE_ONE, decimals, 'down');
}

// ---- products --------------------------------------------------------------------------

export function productTerms(p: Pick<FinancingProductRow, 'daily_rate' | 'term_days' | 'cycle_days' | 'penalty_rate'>, t: Translate): string {
  return t('finance.terms', { rate: ratePercent(p.daily_rate), cycle: Number(p.cycle_days), term: Number(p.term_days), penalty: ratePercent(p.penalty_rate) });
}

export function toFinancingProduct(p: FinancingProductRow, decimals: number, t: Translate, lang: unknown): FinancingProduct {
  return {
    ID: Number(p.id),
    name: localName(p, lang),
    coin: p.coin,
    decimals,
    min: formatUnits(BigInt(p.min_amount), decimals),
    max: formatUnits(BigInt(p.max_amount), decimals),
    dailyRate: p.daily_rate,
    yearlyRate: yearlyRate(p.daily_rate),
    termDays: Number(p.term_days),
    cycleDays: Number(p.cycle_days),
    penaltyRate: p.penalty_rate,
    terms: productTerms(p, t),
  };
}

/** Products a customer can buy: open, and their coin enabled in the coin table. */
export function openProducts(db: Tx) {
  return db
    .selectFrom('financing_products')
    .innerJoin('coins', 'coins.coin', 'financing_products.coin')
    .where('financing_products.enabled', '=', 1)
    .where('coins.enabled', '=', 1);
}

/** Product names by id in the caller's language, for a page of orders or payouts. */
export async function productNames(db: Tx, ids: number[], lang: unknown): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('financing_products')
    .select(['id', 'name', 'names'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), localName(r, lang)]));
}

// ---- orders ----------------------------------------------------------------------------

export function toFinancingOrder(o: FinancingOrderRow, name: string, decimals: number): FinancingOrder {
  const status = Number(o.status) as 1 | 2 | 3;
  const inTerm = status === FinancingStatus.inTerm;
  const principal = BigInt(o.principal);
  const penaltyNow = shareOf(principal, o.penalty_rate, decimals);
  const f = (v: bigint) => formatUnits(v, decimals);
  const daysPaid = Number(o.days_paid);
  return {
    ID: Number(o.id),
    financing_id: Number(o.product_id),
    name,
    coin: o.coin,
    money: f(principal),
    dailyRate: o.daily_rate,
    termDays: Number(o.term_days),
    penaltyRate: o.penalty_rate,
    status,
    daysPaid,
    earnings: f(BigInt(o.earnings_paid)),
    penalty: inTerm ? f(penaltyNow) : status === FinancingStatus.redeemed ? f(BigInt(o.penalty)) : '',
    penaltyNow: inTerm ? f(penaltyNow) : '',
    penaltyPaid: status === FinancingStatus.redeemed ? f(BigInt(o.penalty)) : '',
    redeemBack: inTerm ? f(principal - penaltyNow) : '',
    redeemable: inTerm,
    CreatedAt: isoTime(Number(o.started_at)),
    dueAt: isoTime(Number(o.due_at)),
    nextPayoutAt: inTerm && daysPaid < Number(o.term_days) ? isoTime(Number(o.started_at) + (daysPaid + 1) * DAY_MS) : '',
    endedAt: o.ended_at === null ? '' : isoTime(Number(o.ended_at)),
  };
}

export interface FinancingPurchase {
  financing_id: number;
  money: AmountInput;
}

/**
 * POST /financing_order/createFinancing_order: `money` of an open product, within its min and
 * max (4006 / 4018 naming the limit) and the coin's decimals; 4020 when the available balance is
 * short. Freezes the principal and copies the terms onto the order, in one transaction.
 */
export async function buyFinancing(ctx: AppContext, userId: number, input: FinancingPurchase): Promise<FinancingOrder> {
  const product = await openProducts(ctx.db)
    .selectAll('financing_products')
    .select('coins.decimals as coin_decimals')
    .where('financing_products.id', '=', input.financing_id)
    .executeTakeFirst();
  if (!product) throw validationError('financing_id', 'finance.productUnknown');
  const decimals = Number(product.coin_decimals);
  const money = positiveAmount(input.money, 'money', decimals, 'finance.moneyInvalid');
  const show = (v: string) => `${formatUnits(BigInt(v), decimals)} ${product.coin}`;
  if (money < BigInt(product.min_amount))
    throw new ApiError(ResultCode.belowMinimum, 'finance.moneyMin', { field: 'money' }, { limit: show(product.min_amount) });
  if (money > BigInt(product.max_amount))
    throw new ApiError(ResultCode.aboveMaximum, 'finance.moneyMax', { field: 'money' }, { limit: show(product.max_amount) });
  const now = ctx.now();
  const order = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('financing_orders')
      .values({
        user_id: userId,
        product_id: Number(product.id),
        coin: product.coin,
        principal: money.toString(),
        daily_rate: product.daily_rate,
        term_days: Number(product.term_days),
        penalty_rate: product.penalty_rate,
        started_at: now,
        due_at: now + Number(product.term_days) * DAY_MS,
        status: FinancingStatus.inTerm,
        days_paid: 0,
        earnings_paid: '0',
        penalty: '0',
        ended_at: null,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await applyChanges(trx, [{ userId, coin: product.coin, available: -money, frozen: money, type: 'finance_purchase', refId: Number(row.id) }], now);
    return row;
  });
  return toFinancingOrder(order, product.name, decimals);
}

// ---- payouts, maturity, redemption ---------------------------------------------------------

/**
 * One step of an order that is due at `now`, in one transaction: the next unpaid day when its
 * time has come, else the return of the principal at maturity. false when nothing is due.
 */
async function settleStep(db: Db, id: number, now: number, decimals: Map<string, number>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const o = await trx.selectFrom('financing_orders').selectAll().where('id', '=', id).executeTakeFirst();
    if (!o || Number(o.status) !== FinancingStatus.inTerm) return false;
    const userId = Number(o.user_id);
    const principal = BigInt(o.principal);
    const paid = Number(o.days_paid);
    const term = Number(o.term_days);
    const day = paid + 1;
    if (day <= term && Number(o.started_at) + day * DAY_MS <= now) {
      const amount = shareOf(principal, o.daily_rate, decimals.get(o.coin) ?? 8);
      const updated = await trx
        .updateTable('financing_orders')
        .set({ days_paid: day, earnings_paid: (BigInt(o.earnings_paid) + amount).toString() })
        .where('id', '=', id)
        .where('status', '=', FinancingStatus.inTerm)
        .where('days_paid', '=', paid)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      await trx.insertInto('financing_payouts').values({ order_id: id, user_id: userId, day, amount: amount.toString(), paid_at: now }).execute();
      await applyChanges(trx, [{ userId, coin: o.coin, available: amount, frozen: 0n, type: 'finance_earnings', refId: id }], now);
      return true;
    }
    if (paid >= term && Number(o.due_at) <= now) {
      const updated = await trx
        .updateTable('financing_orders')
        .set({ status: FinancingStatus.ended, ended_at: now })
        .where('id', '=', id)
        .where('status', '=', FinancingStatus.inTerm)
        .where('days_paid', '=', paid)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      await applyChanges(trx, [{ userId, coin: o.coin, available: principal, frozen: -principal, type: 'finance_redemption', refId: id }], now);
      return true;
    }
    return false;
  });
}

/** Everything due on one order at `now` (missed days after downtime each once); the steps taken. */
export async function settleOrder(db: Db, id: number, now: number, decimals?: Map<string, number>): Promise<number> {
  const d = decimals ?? (await coinDecimals(db));
  let steps = 0;
  while (await settleStep(db, id, now, d)) steps++;
  return steps;
}

/** The earn job: pays every due day and returns every matured principal; the steps taken. */
export async function runFinancingJob(ctx: JobDeps): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .selectFrom('financing_orders')
    .select('id')
    .where('status', '=', FinancingStatus.inTerm)
    .where(nextStepAt('due_at'), '<=', now)
    .orderBy('id')
    .execute();
  if (due.length === 0) return 0;
  const decimals = await coinDecimals(ctx.db);
  let steps = 0;
  for (const { id } of due) steps += await settleOrder(ctx.db, Number(id), now, decimals);
  return steps;
}

/**
 * POST /financing_order/redemption: early redemption of the caller's own order in term. Days
 * already due are paid first; then the principal comes back minus the penalty. Another user's
 * order answers like a missing one; an order no longer in term is refused and nothing changes.
 */
export async function redeemFinancing(ctx: AppContext, userId: number, id: number, lang: unknown): Promise<FinancingOrder> {
  const own = await ctx.db.selectFrom('financing_orders').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!own) throw notFound();
  const now = ctx.now();
  const decimals = await coinDecimals(ctx.db);
  await settleOrder(ctx.db, id, now, decimals);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const o = await trx.selectFrom('financing_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const refused = new ApiError(ResultCode.error, 'finance.notInTerm', { ID: id }, { id });
    if (Number(o.status) !== FinancingStatus.inTerm) throw refused;
    const principal = BigInt(o.principal);
    const penalty = shareOf(principal, o.penalty_rate, decimals.get(o.coin) ?? 8);
    const updated = await trx
      .updateTable('financing_orders')
      .set({ status: FinancingStatus.redeemed, penalty: penalty.toString(), ended_at: now })
      .where('id', '=', id)
      .where('status', '=', FinancingStatus.inTerm)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw refused;
    await applyChanges(
      trx,
      [
        { userId, coin: o.coin, available: principal, frozen: -principal, type: 'finance_redemption', refId: id },
        { userId, coin: o.coin, available: -penalty, frozen: 0n, type: 'finance_penalty', refId: id },
      ],
      now,
    );
    return trx.selectFrom('financing_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  });
  const names = await productNames(ctx.db, [Number(row.product_id)], lang);
  return toFinancingOrder(row, names.get(Number(row.product_id)) ?? '', decimals.get(row.coin) ?? 8);
}

// ---- totals and payouts -------------------------------------------------------------------

/** GET /financing_order/sum: per coin, the principal in term and the earnings paid so far. */
export async function financingTotals(db: Tx, userId: number): Promise<FinancingTotal[]> {
  const rows = await db
    .selectFrom('financing_orders')
    .select(['coin', 'principal', 'earnings_paid', 'status'])
    .where('user_id', '=', userId)
    .orderBy('coin')
    .execute();
  const decimals = await coinDecimals(db);
  const byCoin = new Map<string, { principal: bigint; earnings: bigint; orders: number }>();
  for (const r of rows) {
    const s = byCoin.get(r.coin) ?? { principal: 0n, earnings: 0n, orders: 0 };
    s.earnings += BigInt(r.earnings_paid);
    if (Number(r.status) === FinancingStatus.inTerm) {
      s.principal += BigInt(r.principal);
      s.orders++;
    }
    byCoin.set(r.coin, s);
  }
  return [...byCoin].map(([coin, s], i) => {
    const d = decimals.get(coin) ?? 8;
    return { ID: i + 1, coin, principal: formatUnits(s.principal, d), earnings: formatUnits(s.earnings, d), orders: s.orders };
  });
}

export function toFinancingPayout(
  p: { id: number; order_id: number; day: number; amount: string; paid_at: number; coin: string },
  name: string,
  decimals: number,
): FinancingPayout {
  return {
    ID: Number(p.id),
    order_id: Number(p.order_id),
    name,
    coin: p.coin,
    day: Number(p.day),
    amount: formatUnits(BigInt(p.amount), decimals),
    paidAt: isoTime(Number(p.paid_at)),
  };
}
