// The financial records (money log): the user's own ledger rows, newest first, filtered by
// coin and type (schemas/screens/coin-records.json validates both against their lists).
// Every row is shown but a spot limit order's freeze and its release (the order shows them):
// a withdrawal's, a mining order's or a financing purchase's freeze and its release are records
// the customer asks about. Each amount is shown once: a freeze or a release (the total does not
// change) in `frozen` with `amount` empty; a change of the total taken from or put into the
// frozen part alone (a mining order's approval, frozen earnings) in `amount` with `frozen` empty.
import type { MoneyLog } from '../../contract/generated/types.ts';
import { formatUnits } from '../../contract/decimal.ts';
import type { AppContext } from '../platform/http/context.ts';
import type { LedgerRow, LedgerType } from '../core/db/types.ts';
import type { HandlerTable } from '../platform/http/handler.ts';
import { coinDecimals } from '../core/coins.ts';
import { isoTime, pageOfRows } from '../platform/http/records.ts';

/** Freezes and releases not shown as records: a spot limit order's (the order shows them) */
const ORDER_FREEZES: LedgerType[] = ['spot_buy', 'spot_sell'];

/** One ledger row as a record: amounts in the coin's display decimals, rounded toward zero. */
export function toMoneyLog(row: LedgerRow): MoneyLog {
  const d = coinDecimals(row.coin);
  const total = BigInt(row.amount);
  const frozen = BigInt(row.frozen_change);
  return {
    ID: Number(row.id),
    coinname: row.coin,
    type: row.type,
    amount: total === 0n ? '' : formatUnits(total, d),
    frozen: frozen === 0n || frozen === total ? '' : formatUnits(frozen, d),
    balance: formatUnits(BigInt(row.available_after) + BigInt(row.frozen_after), d),
    CreatedAt: isoTime(row.created_at),
  };
}

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
