// Administrator deposits (ledger type admin_deposit): the operator CLI's `credit` and the
// demo seed both go through here.
import type { Db } from '../db/index.ts';
import { parseAmount, STORAGE_ONE } from '../../contract/decimal.ts';
import { coinDecimals, knownCoins } from './config.ts';
import { applyChanges, type Balance, balanceOf, type Tx } from './ledger.ts';

export class DepositError extends Error {}

/** Largest single administrator deposit (units are checked exactly, this is a sanity cap). */
export const MAX_DEPOSIT = 10n ** 12n;

/** Validates coin and amount; returns the upper-case coin and the amount in units. */
export function parseDeposit(coin: string, amount: string): { coin: string; units: bigint } {
  const c = coin.trim().toUpperCase();
  const coins = knownCoins();
  if (!coins.includes(c)) throw new DepositError(`Unknown coin "${coin}". Coins: ${coins.join(', ')}.`);
  const decimals = coinDecimals(c);
  const parsed = parseAmount(amount.trim());
  if (!parsed) throw new DepositError(`Amount must be a positive decimal number like 100 or 0.5, not "${amount}".`);
  if (parsed.decimals > decimals) throw new DepositError(`${c} amounts have at most ${decimals} decimals: "${amount}".`);
  if (parsed.units <= 0n) throw new DepositError(`Amount must be greater than zero, not "${amount}".`);
  if (parsed.units > MAX_DEPOSIT * STORAGE_ONE) throw new DepositError(`Amount must be at most ${MAX_DEPOSIT}: "${amount}".`);
  return { coin: c, units: parsed.units };
}

/** Inside a caller's transaction. */
export async function applyAdminDeposit(trx: Tx, userId: number, coin: string, amount: string, now: number): Promise<void> {
  const d = parseDeposit(coin, amount);
  await applyChanges(trx, [{ userId, coin: d.coin, available: d.units, frozen: 0n, type: 'admin_deposit', refId: null }], now);
}

/** One transaction: the credit and its ledger row; returns the new balance. */
export async function adminDeposit(db: Db, userId: number, coin: string, amount: string, now: number): Promise<Balance> {
  const d = parseDeposit(coin, amount);
  return db.transaction().execute(async (trx) => {
    await applyChanges(trx, [{ userId, coin: d.coin, available: d.units, frozen: 0n, type: 'admin_deposit', refId: null }], now);
    return balanceOf(trx, userId, d.coin);
  });
}
