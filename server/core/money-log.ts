// One ledger row as a financial record (the customer's money log, and the same row in the
// back office's customer view): amounts in the coin's display decimals, rounded toward zero.
// Each amount is shown once: a freeze or a release (the total does not change) in `frozen` with
// `amount` empty; a change of the total in `amount`.
import type { MoneyLog } from '../../contract/generated/types.ts';
import { formatUnits } from '../../contract/decimal.ts';
import { coinDecimals } from './coins.ts';
import { isoTime } from './db/index.ts';
import type { LedgerRow } from './db/types.ts';

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
