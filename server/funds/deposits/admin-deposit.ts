// Administrator deposits (ledger type agent_deposit, the spec's financial record type for them;
// rows written before are admin_deposit): the operator CLI's `credit`, the back office's manual
// credit and the demo seed all go through here. Each is also a deposit record of type "administrator
// deposit", so the customer's deposit history shows it; its ledger row refers to that record.
import type { Db } from '../../core/db/index.ts';
import { MAX_DEPOSIT, recordAdminDeposit } from './deposits.ts';
import { parseAmount, STORAGE_ONE } from '../../../contract/decimal.ts';
import { coinDecimals, knownCoins } from '../../core/coins.ts';
import { applyChanges, type Balance, balanceOf, type Tx } from '../../core/ledger.ts';
import type { ManualAdjustments } from '../../core/manual-adjustment.ts';
import { refusal } from '../../core/errors.ts';

/** The ledger type of a deposit the platform credits (spec §3 "agent deposit"; the deposit record says "administrator deposit"). */
export const ADMIN_DEPOSIT_TYPE = 'agent_deposit';

export { MAX_DEPOSIT };

/** Validates coin and amount; returns the upper-case coin and the amount in units. */
export function parseDeposit(coin: string, amount: string): { coin: string; units: bigint } {
  const c = coin.trim().toUpperCase();
  const coins = knownCoins();
  if (!coins.includes(c)) throw refusal('refusals.deposit.coinUnknown', { input: coin, coins: coins.join(', ') });
  const decimals = coinDecimals(c);
  const parsed = parseAmount(amount.trim());
  if (!parsed) throw refusal('refusals.deposit.amountFormat', { input: amount });
  if (parsed.decimals > decimals) throw refusal('refusals.deposit.amountDecimals', { coin: c, decimals, input: amount });
  if (parsed.units <= 0n) throw refusal('refusals.deposit.amountPositive', { input: amount });
  if (parsed.units > MAX_DEPOSIT * STORAGE_ONE) throw refusal('refusals.deposit.amountMax', { max: String(MAX_DEPOSIT), input: amount });
  return { coin: c, units: parsed.units };
}

/** Inside a caller's transaction. */
export async function applyAdminDeposit(trx: Tx, userId: number, coin: string, amount: string, now: number): Promise<void> {
  const d = parseDeposit(coin, amount);
  const refId = await recordAdminDeposit(trx, userId, d.coin, d.units, now);
  await applyChanges(trx, [{ userId, coin: d.coin, available: d.units, frozen: 0n, type: ADMIN_DEPOSIT_TYPE, refId }], now);
}

/** One transaction: the credit and its ledger row; returns the new balance. */
export async function adminDeposit(db: Db, userId: number, coin: string, amount: string, now: number): Promise<Balance> {
  const d = parseDeposit(coin, amount);
  return db.transaction().execute(async (trx) => {
    await applyAdminDeposit(trx, userId, d.coin, amount, now);
    return balanceOf(trx, userId, d.coin);
  });
}

/** The back office's manual credits and debits (server/backoffice/adjustments.ts runs them after two approvals). */
export const manualAdjustments: ManualAdjustments = {
  async credit(trx, userId, coin, units, now) {
    const refId = await recordAdminDeposit(trx, userId, coin, units, now);
    await applyChanges(trx, [{ userId, coin, available: units, frozen: 0n, type: ADMIN_DEPOSIT_TYPE, refId }], now);
  },
  async debit(trx, userId, coin, units, now) {
    await applyChanges(trx, [{ userId, coin, available: -units, frozen: 0n, type: 'admin_debit', refId: null }], now);
  },
};
