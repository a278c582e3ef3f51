// What a manual credit or debit does to a customer's money, implemented by the funds domain and
// run by the back office after two finance operators approved it (four eyes).

import type { Tx } from './ledger.ts';

export interface ManualAdjustments {
  /** An administrator deposit: a deposit record the customer sees and a ledger row agent_deposit. */
  credit(trx: Tx, userId: number, coin: string, units: bigint, now: number): Promise<void>;
  /** A ledger row admin_debit taking `units` from the available balance; 4020 when it is short. */
  debit(trx: Tx, userId: number, coin: string, units: bigint, now: number): Promise<void>;
}
