// The server's money as tools drive it (tests, benchmarks, the ops CLI): balances and the
// ledger check, administrator deposits, the scheduled work run once with an injected clock,
// the fake market, and a dump of the trading tables.

export { adminDeposit, applyAdminDeposit, parseDeposit } from '../funds/deposits/admin-deposit.ts';
export { type Balance, balanceOf, balancesOf, ledgerMismatches, type Mismatch } from '../core/ledger.ts';
export type { JobDeps } from '../platform/jobs/job.ts';
export { createFakeMarket, type FakeMarket } from '../trading/fake-market.ts';
export { type TradingState, tradingState } from '../trading/inspect.ts';
export { runDueWork, type WorkResult } from './jobs.ts';
export { readMarketSeed, writeMarketSeed } from '../trading/settings.ts';
export { type Settlement, type SettleInput, settle } from '../trading/settle.ts';
