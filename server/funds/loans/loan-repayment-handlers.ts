// The back office's follow-up step of a loan review (role finance): the loans being repaid, with a
// repayment recorded. The same domain functions as `npm run ops -- act loan repay`, audited with
// the operator.
import { formatUnits } from '../../../contract/decimal.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import { activeLoan, activeLoans } from './loan-active.ts';
import { recordLoanRepayment } from './loan-repayment.ts';
import { onePage } from '../../platform/http/records.ts';

export function loanRepaymentHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
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
