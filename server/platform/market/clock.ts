// The simulated market's clock: moves every pair to a later second. A short gap is stepped
// second by second; a longer one minute by minute and a very long one day by day (keeping
// MINUTE_DAYS of minutes to fill finely), so catching up after a pause stays fast.
import { DAY_SEC, MINUTE_SEC, MINUTES_PER_DAY } from './calendar.ts';
import type { SimPair } from './pair.ts';
import { MINUTE_DAYS } from './state.ts';

/** Gaps longer than this are filled minute by minute instead of second by second */
const MINUTE_FILL_AFTER_SEC = 3600;
/** Gaps longer than this are filled day by day (keeping MINUTE_DAYS of minutes) */
const DAY_FILL_AFTER_SEC = (MINUTE_DAYS + 7) * DAY_SEC;

const ceilTo = (value: number, unit: number) => Math.ceil(value / unit) * unit;

export class MarketClock {
  constructor(
    private readonly pairs: ReadonlyMap<string, SimPair>,
    /** The second every pair has been stepped to */
    public sec: number,
  ) {}

  private each(fn: (p: SimPair) => void): void {
    for (const p of this.pairs.values()) fn(p);
  }

  /** Steps every pair, with trades, to second `target`. */
  fill(target: number): void {
    if (target - this.sec > DAY_FILL_AFTER_SEC) this.fillDays(target);
    if (target - this.sec > MINUTE_FILL_AFTER_SEC) {
      this.stepSeconds(ceilTo(this.sec + 1, MINUTE_SEC) - 1);
      this.stepMinutes(Math.floor(target / MINUTE_SEC) * MINUTE_SEC);
    }
    this.stepSeconds(target);
    const sec = this.sec;
    this.each((p) => p.trim(sec));
  }

  /**
   * After a restart: the seconds the server was down carry no trade and no recorded price;
   * their bars are flat at the last stored price, from which the walk continues.
   */
  skipTo(target: number): void {
    if (!(target > this.sec)) return;
    if (target - this.sec > DAY_FILL_AFTER_SEC) {
      const lastDay = Math.floor(target / DAY_SEC) - MINUTE_DAYS - 1;
      this.each((p) => {
        p.rollDays(lastDay * DAY_SEC);
        p.resetMinutes((lastDay + 1) * MINUTES_PER_DAY);
      });
    }
    this.each((p) => {
      p.roll(target);
      p.trim(target);
    });
    this.sec = target;
  }

  /** Whole days up to MINUTE_DAYS + 1 days before `target`; minute history restarts after them. */
  private fillDays(target: number): void {
    this.stepSeconds(ceilTo(this.sec + 1, MINUTE_SEC) - 1);
    this.stepMinutes(ceilTo(this.sec + 1, DAY_SEC));
    const lastDay = Math.floor(target / DAY_SEC) - MINUTE_DAYS - 1;
    for (let d = (this.sec + 1) / DAY_SEC; d <= lastDay; d++) {
      const day = d;
      this.each((p) => p.stepDay(day));
    }
    this.sec = (lastDay + 1) * DAY_SEC - 1;
    this.each((p) => p.resetMinutes((lastDay + 1) * MINUTES_PER_DAY));
  }

  private stepSeconds(until: number): void {
    while (this.sec < until) {
      this.sec++;
      const s = this.sec;
      this.each((p) => p.stepSecond(s));
    }
  }

  /** Whole minutes up to (not including) the one starting at second `untilSec`. */
  private stepMinutes(untilSec: number): void {
    let m = (this.sec + 1) / MINUTE_SEC;
    for (; m * MINUTE_SEC < untilSec; m++) {
      const minute = m;
      this.each((p) => p.stepMinute(minute));
    }
    this.sec = m * MINUTE_SEC - 1;
  }
}
