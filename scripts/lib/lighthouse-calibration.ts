// How much of a page's main-thread time the host took away, read from the Lighthouse trace, and the CPU
// slowdown that keeps the simulation at the device Lighthouse's mobile preset means.
//
// Lighthouse's simulated throttling multiplies each main-thread task's observed wall-clock length by
// the CPU slowdown (4 on the mobile preset), and its documentation asks for that multiplier to be
// calibrated to the host (github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md, "Calibrating the CPU slowdown"). Its own calibration
// hint, benchmarkIndex, is a tight JavaScript loop: on the 2-core virtual machines CI runs on it reads
// 1,100–2,100 (a fast desktop) while the renderer's tasks spend about half their wall-clock time off
// the CPU (a 36 ms layout used 12.7 ms of CPU; over a home load, 471 ms of tasks used 247 ms). The
// simulation then multiplies the host's stalls by 4 as if they were the page's work. The trace records
// each task's thread CPU time (`tdur`) beside its wall time (`dur`), so the stall is measured in the
// very run it distorts, and the multiplier is divided by it: the page's CPU work is still slowed 4×.

export interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  /** wall-clock length, µs */
  dur?: number;
  /** thread CPU time, µs */
  tdur?: number;
}

export interface MainThreadTime {
  wallMs: number;
  cpuMs: number;
  /** wall / CPU over the page's main-thread tasks, at least 1 */
  stall: number;
}

/** Tasks shorter than this are left out: at timer resolution their CPU time is mostly rounding. */
const MIN_TASK_US = 1000;

/** The audited page's renderer main thread is the one that painted first. */
export function mainThreadTime(events: readonly TraceEvent[]): MainThreadTime {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return { wallMs: 0, cpuMs: 0, stall: 1 };
  const tasks = events
    .filter((e) => e.name === 'RunTask' && e.pid === fcp.pid && e.tid === fcp.tid && (e.dur ?? 0) >= MIN_TASK_US && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  let wall = 0;
  let cpu = 0;
  let end = -Infinity;
  for (const task of tasks) {
    if (task.ts < end) continue; // nested in the task before
    wall += task.dur!;
    cpu += Math.min(task.tdur!, task.dur!);
    end = task.ts + task.dur!;
  }
  return { wallMs: wall / 1000, cpuMs: cpu / 1000, stall: cpu > 0 ? Math.max(1, wall / cpu) : 1 };
}

/** The preset's multiplier divided by the measured stall, so that the page's CPU time is what gets multiplied. */
export function calibratedSlowdown(presetMultiplier: number, time: MainThreadTime): number {
  return presetMultiplier / time.stall;
}
