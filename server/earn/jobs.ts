// Time-driven work of the earn products (IEO thaws, staking payouts and maturities, mining
// output). They fall due by the day, so the scheduler runs them at most once a second rather
// than on every market tick; they start with the server and catch up after a stop.
import type { JobDeps, ScheduledJob } from '../platform/jobs/job.ts';
import { releaseDueIeoOrders } from './ieo/ieo.ts';
import { runFinancingJob } from './financing/financing.ts';
import { runMiningJob } from './mining/mining-output.ts';

const EVERY_MS = 1000;

/** Every earn job, in the order they run. */
export const EARN_JOBS: ScheduledJob[] = [
  { name: 'ieo-thaw', run: releaseDueIeoOrders, everyMs: EVERY_MS },
  { name: 'financing', run: runFinancingJob, everyMs: EVERY_MS },
  { name: 'mining', run: runMiningJob, everyMs: EVERY_MS },
];

/** Every earn job once, now; returns how many items they handled together. */
export async function runEarnWork(deps: JobDeps): Promise<number> {
  let done = 0;
  for (const job of EARN_JOBS) done += await job.run(deps);
  return done;
}
