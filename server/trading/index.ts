// Trading: balances and the ledger, spot orders, second-level futures with settlement from
// recorded prices, and the scheduler that fills limit orders and settles futures.
import type { AppContext } from '../context.ts';
import { createScheduler } from './scheduler.ts';

export { adminDeposit, applyAdminDeposit, DepositError, parseDeposit } from './deposit.ts';
export { type Balance, balanceOf, balancesOf, ledgerMismatches, type Mismatch } from './ledger.ts';
export type { TradingDeps } from './deps.ts';
export { createFakeMarket, type FakeMarket } from './fake-market.ts';
export { type TradingState, tradingState } from './inspect.ts';
export { createScheduler, runDueWork, type Scheduler, type WorkResult } from './scheduler.ts';
export { readMarketSeed, writeMarketSeed } from './settings.ts';
export { type Settlement, type SettleInput, settle } from './settle.ts';

/** Time-driven work (futures settlement, limit-order fills); returns a stop function. */
export function startScheduler(ctx: AppContext): () => void {
  return createScheduler(ctx).start();
}
