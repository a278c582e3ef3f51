// The history a pair starts with: the walk run backwards from the start price at the start
// second, so that every period has more than 300 bars ending exactly at that price. It is
// regenerated from the seed at every start and checked against the hash stored at genesis.
import { createHash } from 'node:crypto';
import { MINUTE_SEC, MINUTES_PER_DAY, monthOf, monthStartDay, weekOf, weekStartDay } from './calendar.ts';
import { aggregate, Series } from './series.ts';
import { MINUTE_CAPACITY, MINUTE_DAYS } from './state.ts';
import type { BarScale, PriceWalk } from './walk.ts';

/** Complete months of daily history before the start month (≥ 300 monthly bars) */
export const BACKFILL_MONTHS = 301;

export interface History {
  minutes: Series;
  days: Series;
  /** SHA-256 of both series: what a restart must reproduce */
  genesisHash: string;
}

/** Where a backwards walk has got to: the log price and the open of the last bar written. */
interface WalkBack {
  x: number;
  close: number;
}

/**
 * Writes bars n−1 down to 0 of a series backwards, each closing at the open of the next
 * (flat on closed days); the walk's own state is left as it is.
 */
function walkBack(walk: PriceWalk, series: Series, n: number, dayOf: (i: number) => number, s: BarScale, from: WalkBack): WalkBack {
  let { x, close } = from;
  for (let i = n - 1; i >= 0; i--) {
    if (!walk.isOpenDay(dayOf(i))) {
      walk.writeFlat(series, i, close);
      continue;
    }
    const a = walk.walk(x, s);
    const open = walk.ticks(a);
    walk.writeBar(series, i, a, x, s, open, close);
    x = a;
    close = open;
  }
  return { x, close };
}

/** History up to the start second s0: minutes for MINUTE_DAYS days, days back BACKFILL_MONTHS months. */
export function backfill(walk: PriceWalk, s0: number): History {
  const m0 = Math.floor(s0 / MINUTE_SEC);
  const d0 = Math.floor(m0 / MINUTES_PER_DAY);
  const minuteDay = d0 - MINUTE_DAYS;
  const mStart = minuteDay * MINUTES_PER_DAY;
  const nMin = m0 - mStart;
  const minutes = new Series(mStart, MINUTE_CAPACITY);
  minutes.length = nMin + 1;
  const reached = walkBack(walk, minutes, nMin, (i) => Math.floor((mStart + i) / MINUTES_PER_DAY), walk.min, { x: walk.x, close: walk.price });
  walk.writeFlat(minutes, nMin, walk.price);

  const dayStart = weekStartDay(weekOf(monthStartDay(monthOf(d0) - BACKFILL_MONTHS)));
  const nDirect = minuteDay - dayStart;
  const days = new Series(dayStart, nDirect + MINUTE_DAYS + 1 + 366);
  days.length = nDirect;
  walkBack(walk, days, nDirect, (j) => dayStart + j, walk.day, reached);
  // the days that have minutes are their sums, so both agree
  for (let d = minuteDay; d <= d0; d++) {
    const from = (d - minuteDay) * MINUTES_PER_DAY;
    const bar = aggregate(minutes, from, from + MINUTES_PER_DAY)!;
    days.push(bar.o, bar.h, bar.l, bar.c, bar.a, bar.v, bar.n);
  }
  return { minutes, days, genesisHash: seriesHash(minutes, days) };
}

/** SHA-256 of the used part of both series (the backfill a genesis must reproduce). */
function seriesHash(...list: Series[]): string {
  const h = createHash('sha256');
  for (const s of list) {
    h.update(`${s.start}:${s.length};`);
    for (const col of [s.o, s.h, s.l, s.c, s.a, s.v, s.n]) h.update(new Uint8Array(col.buffer, col.byteOffset, s.length * 8));
  }
  return h.digest('hex');
}
