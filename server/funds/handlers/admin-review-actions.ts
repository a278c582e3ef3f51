// The back office's follow-up steps of reviews (role finance): payment instructions for a waiting
// wire transfer, a paid withdrawal's transaction hash, and the loans being repaid with a repayment recorded. The same
// domain functions as `npm run ops -- act wire instruct` and `… act loan repay`, audited with the operator.
import { formatUnits } from '../../../contract/decimal.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import { activeLoan, activeLoans } from '../loan-active.ts';
import { recordLoanRepayment } from '../loan-repayment.ts';
import { setWireInstructions, toWireTransfer } from '../wire.ts';
import { onePage } from '../../platform/http/records.ts';
import { recordWithdrawalTxHash } from '../withdrawal-tx-hash.ts';

export function adminReviewActionHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
    adminWireInstructions: async (input, { session, req }) =>
      toWireTransfer(await setWireInstructions(db, operatorActor(session, req), input.id, input.text, ctx.now())),
    adminWithdrawalTxHash: async (input, { session, req }) => recordWithdrawalTxHash(db, operatorActor(session, req), input.id, input.txHash, ctx.now()),
    adminActiveLoans: async () => {
      const list = await activeLoans(db, ctx.now());
      return onePage(list);
    },
    adminActiveLoan: async (input) => activeLoan(db, input.id, ctx.now()),
    adminRepayLoan: async (input, { session, req }) => {
      const r = await recordLoanRepayment(db, operatorActor(session, req), input.id, input.amount, ctx.now());
      return {
        id: input.id,
        coin: r.order.coin,
        amount: formatUnits(r.amount, r.decimals),
        owed: formatUnits(r.full ? 0n : r.before.owed - r.amount, r.decimals),
        repaidInFull: r.full,
      };
    },
  };
}
