// Loans: products the operator offers (`npm run ops -- loan …`), applications the customer
// makes (/bitcoin/loanDetail), and the review kind "loan": approve (pays the approved amount
// out, ledger loan_disbursement), reject with a reason, and the action `repay` (debits the
// customer's balance, ledger loan_repayment). Applying changes no balance.
//
// Interest (computed when read, with the server clock; never stored):
//   days     = max(0, floor((until − approved_at) / 1 day) − free_days)
//   interest = approved × daily_rate × days, rounded down to the coin's decimals
// where `until` is now for an active loan and the time of the last repayment for a repaid one
// (interest stops when the loan is repaid in full). Only complete days count, and the
// interest-free days are the first days after approval. It keeps running after the due date
// (approved_at + term_days) until the loan is repaid. owed = approved + interest − repaid.
// The terms (free_days, daily_rate, term_days) are copied from the product when the customer
// applies and never change afterwards, whatever the operator does to the product.
import type { LoanOrder, LoanProduct } from '../../contract/generated/types.ts';
import { formatUnits, parseAmount, plainUnits, roundTo, STORAGE_ONE, STORAGE_SCALE, units } from '../../contract/decimal.ts';
import type { AppContext } from '../platform/http/context.ts';
import { type Db, isoTime } from '../core/db/index.ts';
import type { LoanOrderRow, LoanProductRow, UserRow } from '../core/db/types.ts';
import { LoanStatus } from '../core/db/types.ts';
import { ApiError, validationError } from '../core/errors.ts';
import type { Translate } from '../platform/i18n/i18n.ts';
import { type AmountInput, positiveAmount } from '../core/amounts.ts';
import { applyChanges, balanceOf, type Tx } from '../core/ledger.ts';
import { notify } from '../core/notify.ts';
import { requireCoin } from '../core/coins.ts';
import { localName } from '../core/local-names.ts';
import { utcMinute } from './rules.ts';
import { ReviewError, type ReviewItem, type ReviewKind, userLabel } from '../core/review-kind.ts';
import { ResultCode } from '../../contract/result-codes.ts';

export const DAY_MS = 86_400_000;

export type LoanStatusValue = (typeof LoanStatus)[keyof typeof LoanStatus];

const STATUS_NAMES: Record<number, string> = {
  1: 'waiting for review',
  2: 'approved',
  3: 'rejected',
  4: 'repaid',
};

export function loanStatusName(status: number): string {
  return STATUS_NAMES[Number(status)] ?? `in status ${status}`;
}

/** Full days of interest at `until` (see the top of this file). */
export function interestDays(order: Pick<LoanOrderRow, 'approved_at' | 'free_days'>, until: number): number {
  if (order.approved_at === null) return 0;
  const elapsed = Math.floor((until - Number(order.approved_at)) / DAY_MS);
  return Math.max(0, elapsed - Number(order.free_days));
}

/** Interest in units owed at `until`: approved × daily_rate × interestDays, rounded down to `decimals`. */
export function loanInterest(order: Pick<LoanOrderRow, 'approved_amount' | 'approved_at' | 'free_days' | 'daily_rate'>, until: number, decimals: number): bigint {
  if (order.approved_amount === null) return 0n;
  const days = BigInt(interestDays(order, until));
  const exact = (BigInt(order.approved_amount) * units(order.daily_rate) * days) / STORAGE_ONE;
  return roundTo(exact, decimals, 'down');
}

/** The time interest is counted to: now while active, the last repayment once repaid. */
function interestUntil(order: LoanOrderRow, now: number): number {
  return Number(order.status) === LoanStatus.repaid && order.repaid_at !== null ? Number(order.repaid_at) : now;
}

export interface LoanBalance {
  principal: bigint;
  interest: bigint;
  repaid: bigint;
  /** principal + interest − repaid, never below zero */
  owed: bigint;
}

export function loanBalance(order: LoanOrderRow, now: number, decimals: number): LoanBalance {
  const principal = BigInt(order.approved_amount ?? '0');
  const interest = loanInterest(order, interestUntil(order, now), decimals);
  const repaid = BigInt(order.repaid);
  const owed = principal + interest - repaid;
  return { principal, interest, repaid, owed: owed > 0n ? owed : 0n };
}

/** A ratio as a percent: "0.0005" → "0.05". */
export function ratePercent(rate: string): string {
  return plainUnits(units(rate) * 100n);
}

/** Decimals of each coin of the coin table (enabled or not). */
export async function coinDecimalsMap(db: Tx): Promise<Map<string, number>> {
  const rows = await db.selectFrom('coins').select(['coin', 'decimals']).execute();
  return new Map(rows.map((r) => [r.coin, Number(r.decimals)]));
}

// ---- products ------------------------------------------------------------------------

/** The terms in one sentence, with the interest on the largest amount over the full term as an example. */
export function productTerms(p: LoanProductRow, decimals: number, t: Translate): string {
  const days = BigInt(Math.max(0, Number(p.term_days) - Number(p.free_days)));
  const example = roundTo((BigInt(p.max_amount) * units(p.daily_rate) * days) / STORAGE_ONE, decimals, 'down');
  return t('loan.terms', {
    coin: p.coin,
    rate: ratePercent(p.daily_rate),
    free: Number(p.free_days),
    term: Number(p.term_days),
    max: plainUnits(BigInt(p.max_amount)),
    interest: plainUnits(example),
  });
}

/** A product as shown in the caller's language (`lang`: the request's language prefix). */
export function toLoanProduct(p: LoanProductRow, decimals: number, t: Translate, lang: unknown): LoanProduct {
  return {
    ID: Number(p.id),
    name: localName(p, lang),
    coin: p.coin,
    decimals,
    min: formatUnits(BigInt(p.min_amount), decimals),
    max: formatUnits(BigInt(p.max_amount), decimals),
    freeDays: Number(p.free_days),
    dailyRate: p.daily_rate,
    termDays: Number(p.term_days),
    terms: productTerms(p, decimals, t),
  };
}

/** Products a customer can apply for: open, and their coin enabled in the coin table. */
export function openProducts(db: Tx) {
  return db.selectFrom('loan_products').innerJoin('coins', 'coins.coin', 'loan_products.coin').where('loan_products.enabled', '=', 1).where('coins.enabled', '=', 1);
}

export const SEED_LOAN_PRODUCTS = [
  {
    name: 'Quick USDT loan',
    names: {
      de: 'USDT-Schnellkredit',
      es: 'Préstamo rápido en USDT',
      fr: 'Prêt express en USDT',
      it: 'Prestito rapido in USDT',
      jp: 'USDT クイックローン',
      kr: 'USDT 빠른 대출',
      pt: 'Empréstimo rápido em USDT',
      ru: 'Быстрый заём в USDT',
      tr: 'Hızlı USDT kredisi',
      vn: 'Khoản vay nhanh USDT',
      zh: 'USDT 快速贷款',
      tw: 'USDT 快速貸款',
    },
    coin: 'USDT',
    min: '100',
    max: '5000',
    freeDays: 7,
    dailyRate: '0.0005',
    termDays: 30,
  },
  {
    name: 'USDT business loan',
    names: {
      de: 'USDT-Geschäftskredit',
      es: 'Préstamo empresarial en USDT',
      fr: 'Prêt professionnel en USDT',
      it: 'Prestito aziendale in USDT',
      jp: 'USDT ビジネスローン',
      kr: 'USDT 사업자 대출',
      pt: 'Empréstimo empresarial em USDT',
      ru: 'Бизнес-заём в USDT',
      tr: 'USDT işletme kredisi',
      vn: 'Khoản vay doanh nghiệp USDT',
      zh: 'USDT 商业贷款',
      tw: 'USDT 商業貸款',
    },
    coin: 'USDT',
    min: '5000',
    max: '100000',
    freeDays: 0,
    dailyRate: '0.0003',
    termDays: 90,
  },
  {
    name: 'BTC loan',
    names: {
      de: 'BTC-Kredit',
      es: 'Préstamo en BTC',
      fr: 'Prêt en BTC',
      it: 'Prestito in BTC',
      jp: 'BTC ローン',
      kr: 'BTC 대출',
      pt: 'Empréstimo em BTC',
      ru: 'Заём в BTC',
      tr: 'BTC kredisi',
      vn: 'Khoản vay BTC',
      zh: 'BTC 贷款',
      tw: 'BTC 貸款',
    },
    coin: 'BTC',
    min: '0.01',
    max: '2',
    freeDays: 3,
    dailyRate: '0.0002',
    termDays: 60,
  },
] as const;

/** Fills an empty loan_products table with SEED_LOAN_PRODUCTS (inside the caller's transaction). */
export async function seedLoanProducts(db: Tx, now: number): Promise<void> {
  const existing = await db.selectFrom('loan_products').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  for (const p of SEED_LOAN_PRODUCTS) {
    await db
      .insertInto('loan_products')
      .values({
        name: p.name,
        names: JSON.stringify(p.names),
        coin: p.coin,
        min_amount: units(p.min).toString(),
        max_amount: units(p.max).toString(),
        free_days: p.freeDays,
        daily_rate: p.dailyRate,
        term_days: p.termDays,
        enabled: 1,
        created_at: now,
      })
      .execute();
  }
}

// ---- orders ----------------------------------------------------------------------------

export function toLoanOrder(o: LoanOrderRow, name: string, decimals: number, now: number): LoanOrder {
  const status = Number(o.status) as LoanStatusValue;
  const approved = o.approved_amount !== null && o.approved_at !== null;
  const b = loanBalance(o, now, decimals);
  const f = (v: bigint) => formatUnits(v, decimals);
  return {
    ID: Number(o.id),
    loan_id: Number(o.loan_id),
    name,
    coin: o.coin,
    amount: f(BigInt(o.amount)),
    approvedAmount: approved ? f(b.principal) : '',
    status,
    freeDays: Number(o.free_days),
    dailyRate: o.daily_rate,
    termDays: Number(o.term_days),
    interest: approved ? f(b.interest) : '',
    repaid: approved ? f(b.repaid) : '',
    owed: status === LoanStatus.active ? f(b.owed) : '',
    reason: o.reason,
    CreatedAt: isoTime(Number(o.created_at)),
    approvedAt: approved ? isoTime(Number(o.approved_at)) : '',
    dueAt: approved ? isoTime(Number(o.approved_at) + Number(o.term_days) * DAY_MS) : '',
    repaidAt: o.repaid_at === null ? '' : isoTime(Number(o.repaid_at)),
  };
}

/** Product names by id, for a page of orders. */
export async function productNames(db: Tx, ids: number[], lang: unknown): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('loan_products')
    .select(['id', 'name', 'names'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), localName(r, lang)]));
}

export interface LoanApplication {
  loan_id: number;
  amount: AmountInput;
  min?: AmountInput;
  max?: AmountInput;
}

/** A JSON number or decimal string echo of a product bound, as units; code 7 when malformed. */
function echoUnits(value: AmountInput, field: string, decimals: number): bigint {
  return positiveAmount(value, field, decimals, 'loan.amountInvalid');
}

/**
 * POST /loan_order/createLoan_order: an application for `amount` of an open product, within its
 * range and the coin's decimals. min and max, when sent, must equal the product's range now.
 * Copies the product's terms onto the order; status waiting for review; no balance changes.
 */
export async function applyForLoan(ctx: AppContext, user: Pick<UserRow, 'id'>, input: LoanApplication): Promise<LoanOrder> {
  const product = await openProducts(ctx.db).selectAll('loan_products').where('loan_products.id', '=', input.loan_id).executeTakeFirst();
  if (!product) throw validationError('loan_id', 'loan.productUnknown');
  const coin = await requireCoin(ctx.db, product.coin);
  const decimals = Number(coin.decimals);
  const min = BigInt(product.min_amount);
  const max = BigInt(product.max_amount);
  const amount = positiveAmount(input.amount, 'amount', decimals, 'loan.amountInvalid');
  const shown = {
    min: formatUnits(min, decimals),
    max: formatUnits(max, decimals),
    coin: product.coin,
  };
  for (const [field, value, current] of [['min', input.min, min] as const, ['max', input.max, max] as const]) {
    if (value !== undefined && echoUnits(value, field, STORAGE_SCALE) !== current) throw new ApiError(ResultCode.error, 'loan.termsChanged', { field }, shown);
  }
  if (amount < min) throw validationError('amount', 'loan.amountMin', { limit: shown.min });
  if (amount > max) throw validationError('amount', 'loan.amountMax', { limit: shown.max });
  const now = ctx.now();
  const row = await ctx.db
    .insertInto('loan_orders')
    .values({
      user_id: user.id,
      loan_id: Number(product.id),
      coin: product.coin,
      amount: amount.toString(),
      approved_amount: null,
      free_days: Number(product.free_days),
      daily_rate: product.daily_rate,
      term_days: Number(product.term_days),
      repaid: '0',
      status: LoanStatus.pending,
      reason: '',
      created_at: now,
      approved_at: null,
      repaid_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toLoanOrder(row, product.name, decimals, now);
}

// ---- review kind "loan" ------------------------------------------------------------------

/** An amount the operator typed: positive, at most the coin's decimals; a ReviewError naming it otherwise. */
export function operatorAmount(text: string | undefined, what: string, coin: string, decimals: number): bigint {
  const parsed = parseAmount((text ?? '').trim());
  if (!parsed) throw new ReviewError(`${what} must be a decimal number like 100 or 0.5, not "${text ?? ''}".`);
  if (parsed.decimals > decimals) throw new ReviewError(`${what}: ${coin} amounts have at most ${decimals} decimals ("${text}").`);
  if (parsed.units <= 0n) throw new ReviewError(`${what} must be greater than zero, not "${text}".`);
  return parsed.units;
}

async function orderOf(db: Tx, id: number): Promise<LoanOrderRow> {
  const order = await db.selectFrom('loan_orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!order) throw new ReviewError(`No loan ${id}. See: reviews.`);
  return order;
}

async function customer(db: Tx, userId: number): Promise<string> {
  const u = await db.selectFrom('users').select(['email', 'phone', 'country_code']).where('id', '=', userId).executeTakeFirst();
  return u ? userLabel(u) : `user ${userId}`;
}

async function decimalsOf(db: Tx, coin: string): Promise<number> {
  return (await coinDecimalsMap(db)).get(coin) ?? 8;
}

const already = (id: number, status: number) => `Loan ${id} is already ${loanStatusName(status)}; nothing changed.`;

export const loanReview: ReviewKind = {
  kind: 'loan',
  approveArgs: '[amount]   (default: the amount asked; not above it nor the product max)',

  async pending(db: Db): Promise<ReviewItem[]> {
    const rows = await db
      .selectFrom('loan_orders')
      .innerJoin('users', 'users.id', 'loan_orders.user_id')
      .leftJoin('loan_products', 'loan_products.id', 'loan_orders.loan_id')
      .select([
        'loan_orders.id',
        'loan_orders.amount',
        'loan_orders.coin',
        'loan_orders.free_days',
        'loan_orders.daily_rate',
        'loan_orders.term_days',
        'loan_orders.created_at',
        'loan_products.name',
        'users.email',
        'users.phone',
        'users.country_code',
      ])
      .where('loan_orders.status', '=', LoanStatus.pending)
      .orderBy('loan_orders.id')
      .execute();
    const decimals = await coinDecimalsMap(db);
    return rows.map((r) => ({
      kind: 'loan',
      id: Number(r.id),
      user: userLabel(r),
      summary: `${formatUnits(BigInt(r.amount), decimals.get(r.coin) ?? 8)} ${r.coin} · ${r.name ?? 'loan'}: ${Number(r.free_days)} days free, ${ratePercent(r.daily_rate)} % a day, due ${Number(r.term_days)} days after approval`,
      created: new Date(Number(r.created_at)).toISOString(),
    }));
  },

  approve(db: Db, id: number, args: string[], now: number): Promise<string> {
    return db.transaction().execute(async (trx) => {
      const order = await orderOf(trx, id);
      if (Number(order.status) !== LoanStatus.pending) return already(id, Number(order.status));
      if (args.length > 1) throw new ReviewError('Usage: approve loan <id> [amount]');
      const decimals = await decimalsOf(trx, order.coin);
      const asked = BigInt(order.amount);
      const product = await trx.selectFrom('loan_products').select(['max_amount', 'name']).where('id', '=', order.loan_id).executeTakeFirst();
      const max = product ? BigInt(product.max_amount) : asked;
      const show = (v: bigint) => `${formatUnits(v, decimals)} ${order.coin}`;
      const amount = args[0] === undefined ? asked : operatorAmount(args[0], 'The approved amount', order.coin, decimals);
      if (amount > asked) throw new ReviewError(`Loan ${id}: ${show(amount)} is more than the customer asked for (${show(asked)}); nothing changed.`);
      if (amount > max)
        throw new ReviewError(`Loan ${id}: ${show(amount)} is above the product's max (${show(max)}); approve at most that: approve loan ${id} ${formatUnits(max, decimals)}. Nothing changed.`);
      const updated = await trx
        .updateTable('loan_orders')
        .set({
          status: LoanStatus.active,
          approved_amount: amount.toString(),
          approved_at: now,
          repaid: '0',
        })
        .where('id', '=', id)
        .where('status', '=', LoanStatus.pending)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return already(id, Number((await orderOf(trx, id)).status));
      await applyChanges(
        trx,
        [
          {
            userId: Number(order.user_id),
            coin: order.coin,
            available: amount,
            frozen: 0n,
            type: 'loan_disbursement',
            refId: id,
          },
        ],
        now,
      );
      await notify(trx, Number(order.user_id), 'loan_approved', { coin: order.coin, amount: plainUnits(amount) }, now);
      const freeUntil = now + Number(order.free_days) * DAY_MS;
      return [
        `Approved loan ${id}: paid out ${show(amount)} to ${await customer(trx, Number(order.user_id))} (loan_disbursement).`,
        `Interest ${ratePercent(order.daily_rate)} % a day from ${utcMinute(freeUntil)}; repayment due ${utcMinute(now + Number(order.term_days) * DAY_MS)}.`,
      ].join('\n');
    });
  },

  reject(db: Db, id: number, reason: string, now: number): Promise<string> {
    void now;
    return db.transaction().execute(async (trx) => {
      const order = await orderOf(trx, id);
      if (Number(order.status) !== LoanStatus.pending) return already(id, Number(order.status));
      const updated = await trx
        .updateTable('loan_orders')
        .set({ status: LoanStatus.rejected, reason: reason.slice(0, 200) })
        .where('id', '=', id)
        .where('status', '=', LoanStatus.pending)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return already(id, Number((await orderOf(trx, id)).status));
      await notify(trx, Number(order.user_id), 'loan_rejected', { coin: order.coin, amount: plainUnits(BigInt(order.amount)), reason: reason.slice(0, 200) }, now);
      return `Rejected loan ${id} of ${await customer(trx, Number(order.user_id))}: "${reason.slice(0, 200)}". No balance changed.`;
    });
  },

  actions: {
    repay: {
      args: '<amount>',
      help: "record a repayment: debits the customer's available balance (loan_repayment), at most what is owed now; the loan is repaid once principal and interest are covered",
      run(db: Db, id: number, args: string[], now: number): Promise<string> {
        return db.transaction().execute(async (trx) => {
          const order = await orderOf(trx, id);
          const status = Number(order.status);
          if (status === LoanStatus.repaid) return already(id, status);
          if (status !== LoanStatus.active) throw new ReviewError(`Loan ${id} is ${loanStatusName(status)}: there is nothing to repay. Nothing changed.`);
          if (args.length !== 1) throw new ReviewError('Usage: act loan repay <id> <amount>');
          const decimals = await decimalsOf(trx, order.coin);
          const show = (v: bigint) => `${formatUnits(v, decimals)} ${order.coin}`;
          const amount = operatorAmount(args[0], 'The repayment', order.coin, decimals);
          const b = loanBalance(order, now, decimals);
          if (amount > b.owed) {
            throw new ReviewError(`Loan ${id}: at most ${show(b.owed)} is owed now (principal ${show(b.principal)} + interest ${show(b.interest)} − repaid ${show(b.repaid)}). Nothing changed.`);
          }
          const userId = Number(order.user_id);
          const available = (await balanceOf(trx, userId, order.coin)).available;
          if (available < amount) throw new ReviewError(`Insufficient balance (${ResultCode.insufficientBalance}): the customer has ${show(available)} available, the repayment is ${show(amount)}. Nothing changed.`);
          const repaid = b.repaid + amount;
          const full = repaid >= b.principal + b.interest;
          const updated = await trx
            .updateTable('loan_orders')
            .set({
              repaid: repaid.toString(),
              ...(full ? { status: LoanStatus.repaid, repaid_at: now } : {}),
            })
            .where('id', '=', id)
            .where('status', '=', LoanStatus.active)
            .where('repaid', '=', order.repaid)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) throw new ReviewError(`Loan ${id} changed while recording the repayment; nothing changed. Try again.`);
          await applyChanges(
            trx,
            [
              {
                userId,
                coin: order.coin,
                available: -amount,
                frozen: 0n,
                type: 'loan_repayment',
                refId: id,
              },
            ],
            now,
          );
          const head = `Recorded a repayment of ${show(amount)} on loan ${id} (loan_repayment).`;
          return full
            ? `${head}\nLoan ${id} is repaid in full (principal ${show(b.principal)} + interest ${show(b.interest)}).`
            : `${head}\nStill owed: ${show(b.owed - amount)} (interest as of now; it keeps running until repaid).`;
        });
      },
    },
  },
};
