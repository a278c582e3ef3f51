// The review kind "loan": an application waits for the operator, who approves it (pays the
// approved amount out, ledger loan_disbursement), rejects it with a reason, or later records
// a repayment with the action `repay` (loan-repayment.ts).
import { formatUnits, plainUnits } from '../../../contract/decimal.ts';
import { transact, type Db } from '../../core/db/index.ts';
import { type LoanOrderRow, LoanStatus } from '../../core/db/types.ts';
import { applyChanges } from '../../core/ledger.ts';
import { notify } from '../../core/notify.ts';
import { type ReviewItem, type ReviewKind, userLabel } from '../../core/review-kind.ts';
import { DAY_MS } from './loan-interest.ts';
import { alreadyMessage, coinDecimalsOf, customerLabel, loanOrder, operatorAmount } from './loan-operator.ts';
import { coinDecimalsMap, ratePercent } from './loan-products.ts';
import { repayLoan } from './loan-repayment.ts';
import { utcMinute } from '../rules.ts';
import { refusal } from '../../core/errors.ts';

/**
 * The amount approving grants (default: what was asked), or a refusal: within the range the
 * customer asked for (not below its min, not above its max; without a range not above the amount
 * asked) and not above the product's max.
 */
async function grantedAmount(db: Db, order: LoanOrderRow, decimals: number, args: string[]): Promise<bigint> {
  if (args.length > 1) throw refusal('refusals.usage', { usage: 'approve loan <id> [amount]' });
  const asked = BigInt(order.amount);
  const top = BigInt(order.requested_max ?? order.amount);
  const bottom = order.requested_min === null ? null : BigInt(order.requested_min);
  const product = await db.selectFrom('loan_products').select('max_amount').where('id', '=', order.loan_id).executeTakeFirst();
  const max = product ? BigInt(product.max_amount) : top;
  const show = (v: bigint) => `${formatUnits(v, decimals)} ${order.coin}`;
  const amount = args[0] === undefined ? asked : operatorAmount(args[0], order.coin, decimals);
  const given = { id: order.id, amount: show(amount) };
  if (amount > top)
    throw bottom === null
      ? refusal('refusals.review.loanAboveAsked', { ...given, asked: show(top) })
      : refusal('refusals.review.loanAboveRange', { ...given, from: show(bottom), to: show(top) });
  if (bottom !== null && amount < bottom) throw refusal('refusals.review.loanBelowRange', { ...given, from: show(bottom), to: show(top) });
  if (amount > max)
    throw refusal('refusals.review.loanAboveProduct', { ...given, max: show(max), command: `approve loan ${order.id} ${formatUnits(max, decimals)}` });
  return amount;
}

/** "1000 USDT", or with a range asked for "1000 USDT (accepts 500 to 1000)" */
function askedText(r: Pick<LoanOrderRow, 'amount' | 'requested_min' | 'requested_max' | 'coin'>, decimals: number): string {
  const f = (v: string) => formatUnits(BigInt(v), decimals);
  const range = r.requested_min === null ? '' : ` (accepts ${f(r.requested_min)} to ${f(r.requested_max ?? r.amount)})`;
  return `${f(r.amount)} ${r.coin}${range}`;
}

export const loanReview: ReviewKind = {
  kind: 'loan',
  approveArgs: '[amount]   (default: the amount asked; within the range asked for, not above the product max)',

  async pending(db: Db): Promise<ReviewItem[]> {
    const rows = await db
      .selectFrom('loan_orders')
      .innerJoin('users', 'users.id', 'loan_orders.user_id')
      .leftJoin('loan_products', 'loan_products.id', 'loan_orders.loan_id')
      .select([
        'loan_orders.id',
        'loan_orders.amount',
        'loan_orders.requested_min',
        'loan_orders.requested_max',
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
      summary: `${askedText(r, decimals.get(r.coin) ?? 8)} · ${r.name ?? 'loan'}: ${Number(r.free_days)} days free, ${ratePercent(r.daily_rate)} % a day, due ${Number(r.term_days)} days after approval`,
      created: new Date(Number(r.created_at)).toISOString(),
    }));
  },

  approve(db: Db, id: number, args: string[], now: number): Promise<string> {
    return transact(db, async (trx) => {
      const order = await loanOrder(trx, id);
      if (Number(order.status) !== LoanStatus.pending) return alreadyMessage(id, Number(order.status));
      const decimals = await coinDecimalsOf(trx, order.coin);
      const show = (v: bigint) => `${formatUnits(v, decimals)} ${order.coin}`;
      const amount = await grantedAmount(trx, order, decimals, args);
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
      if (Number(updated.numUpdatedRows) === 0) return alreadyMessage(id, Number((await loanOrder(trx, id)).status));
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
        `Approved loan ${id}: paid out ${show(amount)} to ${await customerLabel(trx, Number(order.user_id))} (loan_disbursement).`,
        `Interest ${ratePercent(order.daily_rate)} % a day from ${utcMinute(freeUntil)}; repayment due ${utcMinute(now + Number(order.term_days) * DAY_MS)}.`,
      ].join('\n');
    });
  },

  async moves(db, id, args) {
    const order = await db.selectFrom('loan_orders').selectAll().where('id', '=', id).executeTakeFirst();
    if (!order) return undefined;
    const amount = await grantedAmount(db, order, await coinDecimalsOf(db, order.coin), args);
    return { coin: order.coin, units: amount, claimed: { coin: order.coin, units: BigInt(order.requested_max ?? order.amount) } };
  },

  reject(db: Db, id: number, reason: string, now: number): Promise<string> {
    void now;
    return transact(db, async (trx) => {
      const order = await loanOrder(trx, id);
      if (Number(order.status) !== LoanStatus.pending) return alreadyMessage(id, Number(order.status));
      const updated = await trx
        .updateTable('loan_orders')
        .set({ status: LoanStatus.rejected, reason: reason.slice(0, 200) })
        .where('id', '=', id)
        .where('status', '=', LoanStatus.pending)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return alreadyMessage(id, Number((await loanOrder(trx, id)).status));
      await notify(
        trx,
        Number(order.user_id),
        'loan_rejected',
        { coin: order.coin, amount: plainUnits(BigInt(order.amount)), reason: reason.slice(0, 200) },
        now,
      );
      return `Rejected loan ${id} of ${await customerLabel(trx, Number(order.user_id))}: "${reason.slice(0, 200)}". No balance changed.`;
    });
  },

  actions: {
    repay: {
      args: '<amount>',
      help: "record a repayment: debits the customer's available balance (loan_repayment), at most what is owed now; the loan is repaid once principal and interest are covered",
      audited: true,
      run: repayLoan,
    },
  },
};
