// What the operator's loan commands (the review kind "loan" in loan-review.ts and its repay
// action in loan-repayment.ts) share: the order by id, the customer's label, the coin's
// decimals, an amount typed, and the answer when there is nothing to do.
import { parseAmount } from '../../../contract/decimal.ts';
import type { LoanOrderRow } from '../../core/db/types.ts';
import type { Tx } from '../../core/ledger.ts';
import { userLabel } from '../../core/review-kind.ts';
import { coinDecimalsMap } from './loan-products.ts';
import { refusal } from '../../core/errors.ts';

const STATUS_NAMES: Record<number, string> = {
  1: 'waiting for review',
  2: 'approved',
  3: 'rejected',
  4: 'repaid',
};

export function loanStatusName(status: number): string {
  return STATUS_NAMES[Number(status)] ?? `in status ${status}`;
}

/** The approved amount the operator typed: positive, at most the coin's decimals; a refusal naming it otherwise. */
export function operatorAmount(text: string | undefined, coin: string, decimals: number): bigint {
  const parsed = parseAmount((text ?? '').trim());
  if (!parsed) throw refusal('refusals.review.loanAmountFormat', { input: text ?? '' });
  if (parsed.decimals > decimals) throw refusal('refusals.review.loanAmountDecimals', { coin, decimals, input: text ?? '' });
  if (parsed.units <= 0n) throw refusal('refusals.review.loanAmountPositive', { input: text ?? '' });
  return parsed.units;
}

export async function loanOrder(db: Tx, id: number): Promise<LoanOrderRow> {
  const order = await db.selectFrom('loan_orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!order) throw refusal('refusals.review.loanUnknown', { id });
  return order;
}

export async function customerLabel(db: Tx, userId: number): Promise<string> {
  const u = await db.selectFrom('users').select(['email', 'phone', 'country_code']).where('id', '=', userId).executeTakeFirst();
  return u ? userLabel(u) : `user ${userId}`;
}

export async function coinDecimalsOf(db: Tx, coin: string): Promise<number> {
  return (await coinDecimalsMap(db)).get(coin) ?? 8;
}

export const alreadyMessage = (id: number, status: number) => `Loan ${id} is already ${loanStatusName(status)}; nothing changed.`;
