// The financial records (money log): the user's own ledger rows, newest first, filtered by
// coin and type (schemas/screens/coin-records.json validates both against their lists).
// Every row is shown but a spot limit order's freeze and its release (the order shows them):
// a withdrawal's, a mining order's or a financing purchase's freeze and its release are records
// the customer asks about. Each amount is shown once: a freeze or a release (the total does not
// change) in `frozen` with `amount` empty; a change of the total taken from or put into the
// frozen part alone (a mining order's approval, frozen earnings) in `amount` with `frozen` empty.
import type { AppContext } from '../platform/http/context.ts';
import type { LedgerType } from '../core/db/types.ts';
import type { HandlerTable } from '../platform/http/handler.ts';
import { toMoneyLog } from '../core/money-log.ts';
import { pageOfRows } from '../platform/http/records.ts';

/** Freezes and releases not shown as records: a spot limit order's (the order shows them) */
const ORDER_FREEZES: LedgerType[] = ['spot_buy', 'spot_sell'];

export function moneyLogHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
    getMoneyLog: async (input, { user }) => {
      let base = db
        .selectFrom('ledger')
        .where('user_id', '=', user.id)
        .where((eb) => eb.or([eb('amount', '!=', '0'), eb('type', 'not in', ORDER_FREEZES)]));
      if (input.coinname) base = base.where('coin', '=', input.coinname);
      if (input.type) base = base.where('type', '=', input.type);
      return pageOfRows(base, input, toMoneyLog);
    },
  };
}
