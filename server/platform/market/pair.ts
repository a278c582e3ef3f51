// One simulated pair: its walk, its 1-minute and daily bars, and the prices it recorded each
// second, moved on by the market clock a second, a minute or a day at a time.
import { DAY_SEC, MINUTE_SEC, MINUTES_PER_DAY } from './calendar.ts';
import { backfill } from './backfill.ts';
import { Series } from './series.ts';
import { MINUTE_CAPACITY, MINUTE_DAYS, RECORD_SEC, TRIM_DAYS } from './state.ts';
import type { MarketDef } from './types.ts';
import { PriceWalk } from './walk.ts';

export class SimPair {
  readonly walk: PriceWalk;
  minutes: Series;
  days: Series;
  genesisSec = 0;
  genesisHash = '';
  /** Ring of recorded one-second prices: the second (or -1) and the price in ticks */
  readonly recSec = new Float64Array(RECORD_SEC).fill(-1);
  readonly recPrice = new Float64Array(RECORD_SEC);
  /** Minute and day indices from which bars are not yet drained */
  savedMinute = 0;
  savedDay = 0;

  constructor(def: MarketDef, seed: number | string) {
    this.walk = new PriceWalk(def, seed);
    this.minutes = new Series(0, 1);
    this.days = new Series(0, 1);
  }

  get def(): MarketDef {
    return this.walk.def;
  }

  /** Starts from the backfilled history up to second s0 (nothing of it is drained). */
  backfill(s0: number): void {
    const history = backfill(this.walk, s0);
    this.minutes = history.minutes;
    this.days = history.days;
    this.genesisSec = s0;
    this.genesisHash = history.genesisHash;
    this.savedMinute = history.minutes.end;
    this.savedDay = history.days.end;
  }

  record(sec: number, price: number): void {
    const slot = sec % RECORD_SEC;
    this.recSec[slot] = sec;
    this.recPrice[slot] = price;
  }

  /** The recorded price of second `sec` in ticks, or undefined */
  recorded(sec: number): number | undefined {
    const slot = sec % RECORD_SEC;
    return this.recSec[slot] === sec ? this.recPrice[slot] : undefined;
  }

  /** Makes sure the live minute and day bars are those of second `sec`. */
  roll(sec: number): void {
    const m = Math.floor(sec / MINUTE_SEC);
    const p = this.walk.price;
    while (this.minutes.end < m) this.minutes.push(p, p, p, p, 0, 0, 0);
    this.rollDays(sec);
  }

  rollDays(sec: number): void {
    const d = Math.floor(sec / DAY_SEC);
    const p = this.walk.price;
    while (this.days.end < d) this.days.push(p, p, p, p, 0, 0, 0);
  }

  /** The one-second step ending at `sec`. */
  stepSecond(sec: number): void {
    this.roll(sec);
    if (!this.walk.isOpenAtSec(sec)) {
      this.record(sec, this.walk.price);
      return;
    }
    const { amount, vol, count } = this.walk.stepSecond();
    const price = this.walk.price;
    this.minutes.trade(this.minutes.length - 1, price, amount, vol, count);
    this.days.trade(this.days.length - 1, price, amount, vol, count);
    this.record(sec, price);
  }

  /** A whole minute generated at once (the seconds of minute m; the previous one is complete). */
  stepMinute(m: number): void {
    const first = m * MINUTE_SEC;
    this.roll(first);
    if (!this.walk.isOpenAtSec(first)) return;
    const ms = this.minutes;
    const i = ms.length - 1;
    this.walk.stepBar(ms, i, this.walk.min);
    const d = this.days.length - 1;
    this.days.trade(d, ms.h[i], 0, 0, 0);
    this.days.trade(d, ms.l[i], 0, 0, 0);
    this.days.trade(d, this.walk.price, ms.a[i], ms.v[i], ms.n[i]);
  }

  /** A whole day generated at once; minute history is dropped (it restarts after the gap). */
  stepDay(day: number): void {
    this.rollDays(day * DAY_SEC);
    if (!this.walk.isOpenDay(day)) return;
    this.walk.stepBar(this.days, this.days.length - 1, this.walk.day);
  }

  /** Restarts minute history at minute m (after a day-level fill). */
  resetMinutes(m: number): void {
    this.minutes = new Series(m, MINUTE_CAPACITY);
  }

  /** Keeps MINUTE_DAYS whole days of minutes before the current day. */
  trim(sec: number): void {
    const keepFrom = (Math.floor(sec / DAY_SEC) - MINUTE_DAYS) * MINUTES_PER_DAY;
    const drop = keepFrom - this.minutes.start;
    if (drop >= TRIM_DAYS * MINUTES_PER_DAY) this.minutes.dropFront(drop);
  }
}
