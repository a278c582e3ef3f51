import { describe, expect, it } from 'vitest';
import { calibratedSlowdown, mainThreadTime, type TraceEvent } from '../../scripts/lib/lighthouse-calibration';

const MAIN = { pid: 7, tid: 1 };
const task = (ts: number, durMs: number, cpuMs: number, thread = MAIN): TraceEvent => ({ name: 'RunTask', ...thread, ts: ts * 1000, dur: durMs * 1000, tdur: cpuMs * 1000 });
const painted: TraceEvent = { name: 'firstContentfulPaint', ...MAIN, ts: 50_000 };

describe('lighthouse CPU calibration', () => {
  it('reads the wall and CPU time of the tasks on the thread that painted, not on other threads', () => {
    const time = mainThreadTime([painted, task(0, 36, 12), task(100, 20, 10), task(0, 80, 80, { pid: 9, tid: 1 }), task(40, 30, 30, { pid: 7, tid: 2 })]);
    expect(time).toEqual({ wallMs: 56, cpuMs: 22, stall: 56 / 22 });
  });

  it('counts a task nested in another once, and leaves out tasks under a millisecond', () => {
    const time = mainThreadTime([painted, task(0, 40, 20), task(5, 10, 5), task(200, 0.5, 0.1)]);
    expect(time).toEqual({ wallMs: 40, cpuMs: 20, stall: 2 });
  });

  it('divides the preset slowdown by the stall, and never multiplies it up', () => {
    expect(calibratedSlowdown(4, mainThreadTime([painted, task(0, 40, 20)]))).toBe(2);
    // a task whose CPU time reads above its wall time (clock rounding) is no faster host than a stall of 1
    expect(calibratedSlowdown(4, mainThreadTime([painted, task(0, 10, 12)]))).toBe(4);
    expect(calibratedSlowdown(4, mainThreadTime([task(0, 40, 10)]))).toBe(4);
  });
});
