// A scheduled job: time-driven work a domain declares (futures settlement, IEO thaws, staking
// payouts…). The composition (server/composition/jobs.ts) lists them all; the scheduler runs them.
import type { AppContext } from '../http/context.ts';

/** What a job needs: the database, the market and the clock. */
export type JobDeps = Pick<AppContext, 'db' | 'market' | 'now'>;

export interface ScheduledJob {
  name: string;
  /**
   * Does everything due at deps.now(), exactly once however often it runs (a conditional update
   * on the row it pays marks it done in the same transaction as the ledger rows); returns how
   * many items it handled.
   */
  run(deps: JobDeps): Promise<number>;
  /** Work that falls due by the day runs at most this often, not on every market tick */
  everyMs?: number;
}
