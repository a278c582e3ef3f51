// Time-driven trading work: futures settlement and limit-order fills, then the earn products' jobs (server/earn/jobs.ts). startScheduler runs
// it once at start (so orders that fell due while the server was down settle at once),
// then every second on an unref'd timer and after every market tick. Runs never overlap:
// a trigger during a run asks for one more run after it.
import type { TradingDeps } from './deps.ts';
import { settleDueOrders } from './futures.ts';
import { fillCrossedOrders } from './spot.ts';
import { runEarnWork } from '../earn/jobs.ts';

export interface WorkResult {
  /** Futures orders settled */
  settled: number;
  /** Limit orders filled */
  filled: number;
}

/** The earn jobs fall due by the day: the scheduler runs them at most this often, not on every market tick. */
const EARN_EVERY_MS = 1000;

/** All work that is due now, once. Tests call this with an injected clock and a fake market. */
export async function runDueWork(ctx: TradingDeps, earn = true): Promise<WorkResult> {
  const settled = await settleDueOrders(ctx);
  const filled = await fillCrossedOrders(ctx);
  if (earn) await runEarnWork(ctx);
  return { settled, filled };
}

export interface Scheduler {
  /** Runs the due work now (or after the run in progress) and resolves when done */
  tick(): Promise<WorkResult>;
  /** Starts the timer and the market subscription; returns a stop function */
  start(intervalMs?: number): () => void;
}

export function createScheduler(ctx: TradingDeps, onError: (error: unknown) => void = (e) => console.error('trading scheduler:', e)): Scheduler {
  let running: Promise<WorkResult> | null = null;
  let again = false;
  let stopped = false;
  let earnedAt = -Infinity;

  const run = async (): Promise<WorkResult> => {
    const total: WorkResult = { settled: 0, filled: 0 };
    do {
      again = false;
      const earn = ctx.now() - earnedAt >= EARN_EVERY_MS;
      if (earn) earnedAt = ctx.now();
      const r = await runDueWork(ctx, earn);
      total.settled += r.settled;
      total.filled += r.filled;
    } while (again && !stopped);
    return total;
  };

  const tick = (): Promise<WorkResult> => {
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
      const unsubscribe = ctx.market.onTick(() => trigger());
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
