// Time-driven work of the earn products (IEO thaws, staking payouts and maturities, mining
// output): each job does everything that is due at ctx.now(), exactly once however often it
// runs (a conditional update on the row it pays marks it done in the same transaction as the
// ledger rows), and returns how many items it handled. The trading scheduler runs them after its
// own work (server/trading/scheduler.ts), so they start with the server and catch up after a stop.
import type { TradingDeps } from '../trading/deps.ts';
import { releaseDueIeoOrders } from './ieo.ts';
import { runFinancingJob } from './financing.ts';
import { runMiningJob } from './mining.ts';

export interface EarnJob {
  name: string;
  run(ctx: TradingDeps): Promise<number>;
}

/** Every earn job, in the order they run. */
export const EARN_JOBS: EarnJob[] = [
  { name: 'ieo-thaw', run: releaseDueIeoOrders },
  { name: 'financing', run: runFinancingJob },
  { name: 'mining', run: runMiningJob },
];

export async function runEarnWork(ctx: TradingDeps): Promise<number> {
  let done = 0;
  for (const job of EARN_JOBS) done += await job.run(ctx);
  return done;
}
