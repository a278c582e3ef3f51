// The financial records (money log): the user's own ledger rows, newest first, filtered by
// coin and type (schemas/screens/coin-records.json validates both against their lists).
// A row is one change of the coin's total (available + frozen). A pure freeze or its release
// does not change the total: a limit order's is left out (its order shows it), but a withdrawal's
// freeze and its refund are shown, with the frozen change, so every request has its record.
import type { MoneyLog } from '../../../contract/generated/types.ts';
import { formatUnits } from '../../../contract/decimal.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { LedgerRow, LedgerType } from '../../core/db/types.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { coinDecimals } from '../../core/coins.ts';
import { isoTime, pageOfRows } from '../../platform/http/records.ts';

/** Freezes shown as records although the total does not change: money waiting for a review, and its return. */
const SHOWN_FREEZES: LedgerType[] = ['withdrawal_request', 'bank_withdrawal_request', 'withdrawal_refund'];

/** One ledger row as a record: amounts in the coin's display decimals, rounded toward zero. */
export function toMoneyLog(row: LedgerRow): MoneyLog {
  const d = coinDecimals(row.coin);
  return {
    ID: Number(row.id),
    coinname: row.coin,
    type: row.type,
    amount: formatUnits(BigInt(row.amount), d),
    frozen: BigInt(row.frozen_change) === 0n ? '' : formatUnits(BigInt(row.frozen_change), d),
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
        .where((eb) => eb.or([eb('amount', '!=', '0'), eb('type', 'in', SHOWN_FREEZES)]));
      if (input.coinname) base = base.where('coin', '=', input.coinname);
      if (input.type) base = base.where('type', '=', input.type);
      return pageOfRows(base, input, toMoneyLog);
    },
  };
}
