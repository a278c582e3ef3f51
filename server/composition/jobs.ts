// Every scheduled job of every domain, in the order a scheduler pass runs them: trading first
// (settlement, fills), then the earn products, then the accounts' clean-up, then the platform's retention. A domain adds a job to its own list
// (server/<domain>/jobs.ts); this file is the only place that joins the lists.
import { ACCOUNT_JOBS } from '../account/jobs.ts';
import { EARN_JOBS } from '../earn/jobs.ts';
import type { JobDeps, ScheduledJob } from '../platform/jobs/job.ts';
import { createScheduler, runJobs, type Scheduler } from '../platform/jobs/scheduler.ts';
import { FUTURES_SETTLEMENT, LIMIT_FILLS, TRADING_JOBS } from '../trading/jobs.ts';
import { RETENTION_JOB } from '../platform/jobs/retention.ts';

export const SCHEDULED_JOBS: readonly ScheduledJob[] = [...TRADING_JOBS, ...EARN_JOBS, ...ACCOUNT_JOBS, RETENTION_JOB];

export interface WorkResult {
  /** Futures orders settled */
  settled: number;
  /** Limit orders filled */
  filled: number;
}

/** All work that is due now, once (`earn` false: the trading jobs only). Tests call this with an injected clock and a fake market. */
export async function runDueWork(deps: JobDeps, earn = true): Promise<WorkResult> {
  const counts = await runJobs(deps, earn ? SCHEDULED_JOBS : TRADING_JOBS);
  return { settled: counts[FUTURES_SETTLEMENT], filled: counts[LIMIT_FILLS] };
}

/** The scheduler of every job (and the install's own, such as its backups); start() returns a stop function. */
export function scheduleJobs(deps: JobDeps, installJobs: readonly ScheduledJob[] = []): Scheduler {
  return createScheduler(deps, [...SCHEDULED_JOBS, ...installJobs]);
}
