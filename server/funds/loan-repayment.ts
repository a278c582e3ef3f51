// The action `act loan repay <id> <amount>` of the review kind "loan": debits the customer's
// available balance (ledger loan_repayment), at most what is owed now; the loan is repaid once
// principal and interest are covered, and its interest stops then.
import { formatUnits } from '../../contract/decimal.ts';
import { transact, type Db } from '../core/db/index.ts';
import { LoanStatus } from '../core/db/types.ts';
import { applyChanges, balanceOf } from '../core/ledger.ts';
import { ReviewError } from '../core/review-kind.ts';
import { loanBalance } from './loan-interest.ts';
import { alreadyMessage, coinDecimalsOf, loanOrder, loanStatusName, operatorAmount } from './loan-operator.ts';
import { ResultCode } from '../../contract/result-codes.ts';

export function repayLoan(db: Db, id: number, args: string[], now: number): Promise<string> {
  return transact(db, async (trx) => {
    const order = await loanOrder(trx, id);
    const status = Number(order.status);
    if (status === LoanStatus.repaid) return alreadyMessage(id, status);
    if (status !== LoanStatus.active) throw new ReviewError(`Loan ${id} is ${loanStatusName(status)}: there is nothing to repay. Nothing changed.`);
    if (args.length !== 1) throw new ReviewError('Usage: act loan repay <id> <amount>');
    const decimals = await coinDecimalsOf(trx, order.coin);
    const show = (v: bigint) => `${formatUnits(v, decimals)} ${order.coin}`;
    const amount = operatorAmount(args[0], 'The repayment', order.coin, decimals);
    const b = loanBalance(order, now, decimals);
    if (amount > b.owed) {
      throw new ReviewError(
        `Loan ${id}: at most ${show(b.owed)} is owed now (principal ${show(b.principal)} + interest ${show(b.interest)} − repaid ${show(b.repaid)}). Nothing changed.`,
      );
    }
    const userId = Number(order.user_id);
    const available = (await balanceOf(trx, userId, order.coin)).available;
    if (available < amount)
      throw new ReviewError(
        `Insufficient balance (${ResultCode.insufficientBalance}): the customer has ${show(available)} available, the repayment is ${show(amount)}. Nothing changed.`,
      );
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
}
