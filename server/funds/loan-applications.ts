// Loan applications the customer makes (/bitcoin/loanDetail) and the orders as the customer
// sees them. Applying changes no balance: the order waits for review (loan-review.ts) with
// the product's terms copied onto it.
import type { LoanOrder } from '../../contract/generated/types.ts';
import { formatUnits, STORAGE_SCALE } from '../../contract/decimal.ts';
import type { AppContext } from '../platform/http/context.ts';
import { isoTime } from '../core/db/index.ts';
import type { LoanOrderRow, UserRow } from '../core/db/types.ts';
import { LoanStatus } from '../core/db/types.ts';
import { ApiError, validationError } from '../core/errors.ts';
import { type AmountInput, positiveAmount } from '../core/amounts.ts';
import { requireCoin } from '../core/coins.ts';
import { loanBalance, loanDueAt, repayBlock } from './loan-interest.ts';
import { openProducts } from './loan-products.ts';
import { ResultCode } from '../../contract/result-codes.ts';

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
