// One pair quoted from the upstream: the last price received and when, the seconds recorded
// from it while it was fresh, and the bars received as they came.
import { DAY_SEC, MINUTE_SEC, MINUTES_PER_DAY } from './calendar.ts';
import { PERIOD_SPECS } from './periods.ts';
import { formatBar, type RawBar } from './series.ts';
import { MINUTE_DAYS, RECORD_SEC } from './state.ts';
import type { MarketRecords } from './store.ts';
import type { Bar, MarketDef, Period } from './types.ts';

/** One pair's part of the leader's message to its followers (upstream-replica.ts) */
export interface PairUpdate extends MarketRecords {
  /** Seconds up to this one are final on the leader */
  finalSec: number;
  price: number | undefined;
  lastAt: number | undefined;
  day24: RawBar | undefined;
}
import { IndexedBars, lowerBound } from './upstream-bars.ts';

export class UpstreamPair {
  readonly pd: number;
  readonly ad: number;
  /** Last price received, in ticks */
  price: number | undefined;
  /** Clock time of the last price received */
  lastAt: number | undefined;
  /** Seconds up to this one are final: recorded (fresh) or left without a price (stale) */
  finalSec: number;
  readonly rec = new Map<number, number>();
  newTicks: [number, number][] = [];
  readonly minutes = new IndexedBars();
  readonly days = new IndexedBars();
  /** Rolling 24 h values from market.tickers */
  day24: RawBar | undefined;

  constructor(
    readonly def: MarketDef,
    startSec: number,
    /** Silence after which the price is stale */
    private readonly staleMs: number,
    /** On a follower of a cluster: the leader finalizes the seconds and sends them (follow) */
    private readonly following = false,
  ) {
    this.pd = def.priceDecimals;
    this.ad = def.amountDecimals;
    this.finalSec = startSec;
  }

  /** Takes back what was stored before a restart: the bars, and the prices recorded up to startSec. */
  restore(r: MarketRecords, startSec: number): void {
    for (const b of r.minutes) this.minutes.put(b.idx, b, false);
    for (const b of r.days) this.days.put(b.idx, b, false);
    for (const [s, price] of r.ticks) if (s <= startSec) this.rec.set(s, price);
    if (this.following) this.finalSec = Math.max(this.finalSec, r.ticks.at(-1)?.[0] ?? 0);
  }

  /**
   * Finalizes every second that ended by clock time `ms`: a second that ended while the price
   * was fresh records the price in force at its end; one that ended stale records nothing.
   */
  sync(ms: number): void {
    const endSec = Math.floor(ms / 1000) - 1;
    if (this.following || endSec <= this.finalSec) return;
    if (this.price !== undefined && this.lastAt !== undefined) {
      // the last second that ends within the stale limit of the last price
      const freshUntil = Math.floor((this.lastAt + this.staleMs) / 1000) - 1;
      const from = Math.max(this.finalSec + 1, endSec - RECORD_SEC + 1);
      for (let s = from; s <= Math.min(endSec, freshUntil); s++) {
        this.rec.set(s, this.price);
        this.newTicks.push([s, this.price]);
      }
    }
    this.finalSec = endSec;
    this.trimRecorded();
  }

  private trimRecorded(): void {
    if (this.rec.size <= RECORD_SEC + 600) return;
    for (const s of this.rec.keys()) if (s <= this.finalSec - RECORD_SEC) this.rec.delete(s);
  }

  setPrice(ticks: number, ms: number): void {
    this.sync(ms);
    this.price = ticks;
    this.lastAt = ms;
  }

  stale(ms: number): boolean {
    return this.price === undefined || this.lastAt === undefined || ms - this.lastAt > this.staleMs;
  }

  /** Keeps a received bar (`id`: its start in epoch seconds). */
  putBar(unit: 'minute' | 'day', bar: RawBar & { id: number }): void {
    const unitSec = unit === 'minute' ? MINUTE_SEC : DAY_SEC;
    (unit === 'minute' ? this.minutes : this.days).put(Math.floor(bar.id / unitSec), bar);
  }

  /** Keeps MINUTE_DAYS whole days of minutes before the day of clock time `ms` in memory. */
  trimMinutes(ms: number): void {
    this.minutes.trim((Math.floor(ms / 1000 / DAY_SEC) - MINUTE_DAYS) * MINUTES_PER_DAY);
  }

  /** The bars and prices recorded since the last drain, with the seconds ended by clock time `ms`. */
  drain(ms: number): MarketRecords {
    this.sync(ms);
    const ticks = this.newTicks;
    this.newTicks = [];
    return { symbol: this.def.symbol, minutes: this.minutes.drain(), days: this.days.drain(), ticks };
  }

  /** What a follower needs after a drain: the records, with the live price and the seconds final so far. */
  update(ms: number): PairUpdate {
    return { ...this.drain(ms), finalSec: this.finalSec, price: this.price, lastAt: this.lastAt, day24: this.day24 };
  }

  /** On a follower: takes the leader's update (taking one twice changes nothing). */
  follow(u: PairUpdate): void {
    for (const b of u.minutes) this.minutes.put(b.idx, b, false);
    for (const b of u.days) this.days.put(b.idx, b, false);
    for (const [s, price] of u.ticks) this.rec.set(s, price);
    this.finalSec = Math.max(this.finalSec, u.finalSec);
    this.price = u.price;
    this.lastAt = u.lastAt;
    this.day24 = u.day24;
    this.trimRecorded();
  }

  bars(period: Period, limit: number, fromSec?: number, toSec?: number): Bar[] {
    const spec = PERIOD_SPECS[period];
    const store = spec.unit === 'minute' ? this.minutes : this.days;
    const unitSec = spec.unit === 'minute' ? MINUTE_SEC : DAY_SEC;
    const out: Bar[] = [];
    if (!(limit > 0) || store.idx.length === 0) return out;
    const first = store.idx[0];
    let i = store.idx.length - 1;
    if (toSec !== undefined) {
      const lastUnit = Math.floor(toSec / unitSec);
      while (i >= 0 && store.idx[i] > lastUnit) i--;
    }
    while (i >= 0 && out.length < limit) {
      const bucket = spec.bucket(store.idx[i]);
      const start = spec.start(bucket);
      // a bucket that began before the first stored bar is incomplete: not served (as the simulator does)
      if (start < first) break;
      if (fromSec !== undefined && start * unitSec < fromSec) break;
      let j = i;
      while (j > 0 && spec.bucket(store.idx[j - 1]) === bucket) j--;
      out.push(this.format(start * unitSec, store.merged(j, i + 1)));
      i = j - 1;
    }
    return out.reverse();
  }

  /** The 24 hours up to clock time `ms`: the upstream's own figures, else the minutes received, else flat at the last price. */
  rollingDay(ms: number): Bar {
    const minute = Math.floor(ms / 1000 / MINUTE_SEC);
    const id = (minute - MINUTES_PER_DAY + 1) * MINUTE_SEC;
    if (this.day24) return this.format(id, this.day24);
    const from = lowerBound(this.minutes.idx, id / MINUTE_SEC);
    if (from < this.minutes.idx.length) return this.format(id, this.minutes.merged(from, this.minutes.idx.length));
    const c = this.price ?? 0;
    return this.format(id, { o: c, h: c, l: c, c, a: 0, v: 0, n: 0 });
  }

  format(id: number, raw: RawBar): Bar {
    return formatBar(id, raw, this.pd, this.ad);
  }
}
