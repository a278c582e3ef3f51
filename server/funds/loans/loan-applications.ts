// Loan applications the customer makes (/bitcoin/loanDetail) and the orders as the customer
// sees them. Applying changes no balance: the order waits for review (loan-review.ts) with
// the product's terms copied onto it.
import type { LoanOrder } from '../../../contract/generated/types.ts';
import { formatUnits } from '../../../contract/decimal.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { isoTime } from '../../core/db/index.ts';
import type { LoanOrderRow, UserRow } from '../../core/db/types.ts';
import { LoanStatus } from '../../core/db/types.ts';
import { validationError } from '../../core/errors.ts';
import { type AmountInput, positiveAmount } from '../../core/amounts.ts';
import { requireCoin } from '../../core/coins.ts';
import { loanBalance, loanDueAt, repayBlock } from './loan-interest.ts';
import { openProducts } from './loan-products.ts';

export type LoanStatusValue = (typeof LoanStatus)[keyof typeof LoanStatus];

/** `available`: the owner's available balance of the coin, given while the loan is active (what a repayment may take). */
export function toLoanOrder(o: LoanOrderRow, name: string, decimals: number, now: number, available?: bigint): LoanOrder {
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
    requestedMin: o.requested_min === null ? '' : f(BigInt(o.requested_min)),
    requestedMax: f(BigInt(o.requested_max ?? o.amount)),
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
    dueAt: approved ? isoTime(loanDueAt(o)!) : '',
    repaidAt: o.repaid_at === null ? '' : isoTime(Number(o.repaid_at)),
    decimals,
    available: status === LoanStatus.active && available !== undefined ? f(available) : '',
    repayBlock: repayBlock(status),
  };
}

export interface LoanApplication {
  loan_id: number;
  amount?: AmountInput;
  min?: AmountInput;
  max?: AmountInput;
}

/** What an application asks for, in units: `amount`, and the range the approved amount must lie in (min null: no lower bound). */
interface Asked {
  amount: bigint;
  min: bigint | null;
  max: bigint;
}

/**
 * The amount and range of an application, within the product's limits [lower, upper]: min and max
 * are the range the customer accepts (spec §5), amount the amount asked (default: max). A range
 * outside the limits, a min above the max or an amount outside the range is refused with code 7
 * on the field, stating the limits or the range.
 */
function askedOf(input: LoanApplication, decimals: number, lower: bigint, upper: bigint, shown: (v: bigint) => string, coin: string): Asked {
  const read = (field: 'amount' | 'min' | 'max') => {
    const value = input[field];
    return value === undefined || value === '' ? undefined : positiveAmount(value, field, decimals, 'loan.amountInvalid');
  };
  const [amount, min, max] = [read('amount'), read('min'), read('max')];
  const limits = { min: shown(lower), max: shown(upper), coin };
  for (const [field, value] of [['min', min] as const, ['max', max] as const]) {
    if (value !== undefined && (value < lower || value > upper)) throw validationError(field, 'loan.rangeOutside', limits);
  }
  if (min !== undefined && max !== undefined && min > max) throw validationError('min', 'loan.rangeOrder', { min: shown(min), max: shown(max), coin });
  const asked = amount ?? max;
  if (asked === undefined) throw validationError('amount', 'loan.amountRequired');
  if (min === undefined && max === undefined) {
    if (asked < lower) throw validationError('amount', 'loan.amountMin', { limit: shown(lower) });
    if (asked > upper) throw validationError('amount', 'loan.amountMax', { limit: shown(upper) });
    return { amount: asked, min: null, max: asked };
  }
  const [from, to] = [min ?? lower, max ?? upper];
  if (asked < from || asked > to) throw validationError('amount', 'loan.amountOutsideRange', { min: shown(from), max: shown(to), coin });
  return { amount: asked, min: min ?? null, max: max ?? asked };
}

/**
 * POST /loan_order/createLoan_order: an application to an open product for an amount, or a range
 * {min, max} within the product's limits (askedOf), at most the coin's decimals. Copies the
 * product's terms onto the order; status waiting for review; no balance changes.
 */
export async function applyForLoan(ctx: AppContext, user: Pick<UserRow, 'id'>, input: LoanApplication): Promise<LoanOrder> {
  const product = await openProducts(ctx.db).selectAll('loan_products').where('loan_products.id', '=', input.loan_id).executeTakeFirst();
  if (!product) throw validationError('loan_id', 'loan.productUnknown');
  const coin = await requireCoin(ctx.db, product.coin);
  const decimals = Number(coin.decimals);
  const asked = askedOf(input, decimals, BigInt(product.min_amount), BigInt(product.max_amount), (v) => formatUnits(v, decimals), product.coin);
  const now = ctx.now();
  const row = await ctx.db
    .insertInto('loan_orders')
    .values({
      user_id: user.id,
      loan_id: Number(product.id),
      coin: product.coin,
      amount: asked.amount.toString(),
      requested_min: asked.min === null ? null : asked.min.toString(),
      requested_max: asked.max.toString(),
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
