// Runs the scheduled jobs (job.ts): once at start (so work that fell due while the server was
// down is done at once), then every second on an unref'd timer and after every market tick.
// Runs never overlap: a trigger during a run asks for one more run after it.
import type { JobDeps, ScheduledJob } from './job.ts';

/** Items each job handled in one run, by job name (a job not due is left out). */
export type JobCounts = Record<string, number>;

/** The jobs for which `isDue` holds, in order, once each. */
export async function runJobs(deps: JobDeps, jobs: readonly ScheduledJob[], isDue: (job: ScheduledJob) => boolean = () => true): Promise<JobCounts> {
  const counts: JobCounts = {};
  for (const job of jobs) if (isDue(job)) counts[job.name] = await job.run(deps);
  return counts;
}

export interface Scheduler {
  /** Runs the due work now (or after the run in progress) and resolves when done */
  tick(): Promise<void>;
  /** Starts the timer and the market subscription; returns a stop function */
  start(intervalMs?: number): () => void;
}

export function createScheduler(
  deps: JobDeps,
  jobs: readonly ScheduledJob[],
  onError: (error: unknown) => void = (e) => console.error('scheduler:', e),
): Scheduler {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const lastRun = new Map<string, number>();

  const isDue = (job: ScheduledJob): boolean => {
    if (!job.everyMs) return true;
    const now = deps.now();
    if (now - (lastRun.get(job.name) ?? -Infinity) < job.everyMs) return false;
    lastRun.set(job.name, now);
    return true;
  };

  const run = async (): Promise<void> => {
    do {
      again = false;
      await runJobs(deps, jobs, isDue);
    } while (again && !stopped);
  };

  const tick = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = run().finally(() => {
      running = null;
    });
    return running;
  };

  const trigger = () => {
    if (stopped) return;
    tick().catch((error: unknown) => {
      if (!stopped) onError(error);
    });
  };

  return {
    tick,
    start(intervalMs = 1000) {
      stopped = false;
      const timer = setInterval(trigger, intervalMs);
      timer.unref();
      const unsubscribe = deps.market.onTick(() => trigger());
      const first = setTimeout(trigger, 0);
      first.unref();
      return () => {
        stopped = true;
        clearInterval(timer);
        clearTimeout(first);
        unsubscribe();
      };
    },
  };
}
