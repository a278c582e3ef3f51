// A repayment of an active loan, from the back office (`POST /admin/loans/repay`) or
// `ops act loan repay <id> <amount>`: debits the customer's available balance (ledger
// loan_repayment), at most what is owed now; the loan is repaid once principal and interest are
// covered, and its interest stops then. The debit, the loan's new state and one audit row (the
// order before and after) are one transaction.
import { formatUnits, parseAmount } from '../../../contract/decimal.ts';
import { type AmountInput, positiveAmount } from '../../core/amounts.ts';
import { transact, type Db } from '../../core/db/index.ts';
import { LoanStatus, type LoanOrderRow } from '../../core/db/types.ts';
import { ApiError, validationError } from '../../core/errors.ts';
import { applyChanges, balanceOf, type Tx } from '../../core/ledger.ts';
import { type AuditActor, appendAudit } from '../../platform/audit/audit.ts';
import { cliActor } from '../../platform/audit/actor.ts';
import { type LoanBalance, loanBalance, repayBlockReason } from './loan-interest.ts';
import { coinDecimalsOf } from './loan-operator.ts';
import { ResultCode } from '../../../contract/result-codes.ts';
import { refusal } from '../../core/errors.ts';

export interface Repayment {
  /** The order after the repayment */
  order: LoanOrderRow;
  amount: bigint;
  /** What was owed before it */
  before: LoanBalance;
  decimals: number;
  /** Principal and interest are covered: the loan is repaid */
  full: boolean;
}

/** An active (disbursed, not yet repaid) loan, or a refusal naming the id. */
export async function activeLoanOrder(db: Tx, id: number): Promise<LoanOrderRow> {
  const order = await db.selectFrom('loan_orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!order || Number(order.status) !== LoanStatus.active) throw validationError('id', 'admin.loanNotActive', { id });
  return order;
}

function repaymentUnits(text: string, coin: string, decimals: number): bigint {
  const parsed = parseAmount(text.trim());
  if (!parsed) throw validationError('amount', 'admin.amountFormat');
  if (parsed.decimals > decimals) throw validationError('amount', 'admin.coinDecimals', { coin, decimals });
  if (parsed.units <= 0n) throw validationError('amount', 'admin.repayPositive');
  return parsed.units;
}

/** The words of a refusal: the back office's name the customer, the customer's own say "you". */
interface RepaymentWords {
  aboveOwed: string;
  insufficient: string;
  changed: string;
}

const OPERATOR_WORDS: RepaymentWords = { aboveOwed: 'admin.repayAboveOwed', insufficient: 'admin.repayInsufficient', changed: 'admin.loanChanged' };
const CUSTOMER_WORDS: RepaymentWords = { aboveOwed: 'loan.repayAboveOwed', insufficient: 'loan.repayInsufficient', changed: 'loan.repayChanged' };

/** Debits `amount` of an active loan's coin from its owner (ledger loan_repayment), at most what is owed now and what is available. */
async function applyRepayment(trx: Tx, order: LoanOrderRow, amount: bigint, decimals: number, now: number, words: RepaymentWords): Promise<Repayment> {
  const id = Number(order.id);
  const show = (v: bigint) => formatUnits(v, decimals);
  const before = loanBalance(order, now, decimals);
  if (amount > before.owed) throw validationError('amount', words.aboveOwed, { id, owed: show(before.owed), coin: order.coin });
  const userId = Number(order.user_id);
  const available = (await balanceOf(trx, userId, order.coin)).available;
  if (available < amount)
    throw new ApiError(ResultCode.insufficientBalance, words.insufficient, { field: 'amount' }, { available: show(available), coin: order.coin });
  const repaid = before.repaid + amount;
  const full = repaid >= before.principal + before.interest;
  const after = await trx
    .updateTable('loan_orders')
    .set({ repaid: repaid.toString(), ...(full ? { status: LoanStatus.repaid, repaid_at: now } : {}) })
    .where('id', '=', id)
    .where('status', '=', LoanStatus.active)
    .where('repaid', '=', order.repaid)
    .returningAll()
    .executeTakeFirst();
  if (!after) throw validationError('id', words.changed, { id });
  await applyChanges(trx, [{ userId, coin: order.coin, available: -amount, frozen: 0n, type: 'loan_repayment', refId: id }], now);
  return { order: after, amount, before, decimals, full };
}

/** Checks the amount against what is owed now and the customer's available balance, then debits it. */
export function recordLoanRepayment(db: Db, actor: AuditActor, id: number, amountText: string, now: number): Promise<Repayment> {
  return transact(db, async (trx) => {
    const order = await activeLoanOrder(trx, id);
    const decimals = await coinDecimalsOf(trx, order.coin);
    const amount = repaymentUnits(amountText, order.coin, decimals);
    const r = await applyRepayment(trx, order, amount, decimals, now, OPERATOR_WORDS);
    await appendAudit(trx, { ...actor, action: 'loan.repay', targetKind: 'loan', targetId: id, before: order, after: r.order }, now);
    return r;
  });
}

/**
 * The customer repays their own active loan, in part or in full (`POST /loan_order/repay`): the
 * same checks and ledger row as a repayment the back office records. Another customer's loan is
 * answered like a missing one; a loan that is not active says why.
 */
export function repayOwnLoan(db: Db, userId: number, id: number, amountInput: AmountInput, now: number): Promise<Repayment> {
  return transact(db, async (trx) => {
    const order = await trx.selectFrom('loan_orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!order) throw validationError('id', 'loan.repayUnknown');
    if (Number(order.status) !== LoanStatus.active) throw validationError('id', `funds.block.${repayBlockReason(Number(order.status))}`);
    const decimals = await coinDecimalsOf(trx, order.coin);
    const amount = positiveAmount(amountInput, 'amount', decimals, 'loan.repayInvalid');
    return applyRepayment(trx, order, amount, decimals, now, CUSTOMER_WORDS);
  });
}

/** `ops act loan repay <id> <amount>`: the words read, the repayment recorded (and audited) by recordLoanRepayment. */
export async function repayLoan(db: Db, id: number, args: string[], now: number): Promise<string> {
  if (args.length !== 1) throw refusal('refusals.usage', { usage: 'act loan repay <id> <amount>' });
  const r = await recordLoanRepayment(db, cliActor(), id, args[0], now);
  const show = (v: bigint) => `${formatUnits(v, r.decimals)} ${r.order.coin}`;
  const head = `Recorded a repayment of ${show(r.amount)} on loan ${id} (loan_repayment).`;
  return r.full
    ? `${head}\nLoan ${id} is repaid in full (principal ${show(r.before.principal)} + interest ${show(r.before.interest)}).`
    : `${head}\nStill owed: ${show(r.before.owed - r.amount)} (interest as of now; it keeps running until repaid).`;
}
