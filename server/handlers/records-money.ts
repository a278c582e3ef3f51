// The financial records (money log): the user's own ledger rows, newest first, filtered by
// coin and type (schemas/screens/coin-records.json validates both against their lists).
// A row is one change of the coin's total (available + frozen): a pure freeze or its release
// (a limit order's amount-0 row) does not change the total and is not a financial record.
import type { MoneyLog } from '../../contract/generated/types.ts';
import { formatUnits } from '../../contract/decimal.ts';
import type { AppContext } from '../context.ts';
import type { LedgerRow } from '../db/types.ts';
import type { HandlerTable } from '../http/handler.ts';
import { coinDecimals } from '../trading/config.ts';
import { isoTime, pageOfRows } from './records.ts';

/** One ledger row as a record: amounts in the coin's display decimals, rounded toward zero. */
export function toMoneyLog(row: LedgerRow): MoneyLog {
  const d = coinDecimals(row.coin);
  return {
    ID: Number(row.id),
    coinname: row.coin,
    type: row.type,
    amount: formatUnits(BigInt(row.amount), d),
    balance: formatUnits(BigInt(row.available_after) + BigInt(row.frozen_after), d),
    CreatedAt: isoTime(row.created_at),
  };
}

export function moneyLogHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
    getMoneyLog: async (input, { user }) => {
      let base = db.selectFrom('ledger').where('user_id', '=', user.id).where('amount', '!=', '0');
      if (input.coinname) base = base.where('coin', '=', input.coinname);
      if (input.type) base = base.where('type', '=', input.type);
      return pageOfRows(base, input, toMoneyLog);
    },
  };
}
