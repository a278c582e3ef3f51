// Column store of bars: open/high/low/close in price ticks, amount in base units, vol in
// quote units, count; index 0 is the bar starting at `start` (a minute or a day index).
// Grows by doubling; old bars can be dropped from the front.

import { formatTicks } from '../../../contract/decimal.ts';
import type { Bar } from './types.ts';

export class Series {
  /** Period index (epoch minute or epoch day) of bar 0 */
  start: number;
  length = 0;
  o: Float64Array;
  h: Float64Array;
  l: Float64Array;
  c: Float64Array;
  a: Float64Array;
  v: Float64Array;
  n: Float64Array;

  constructor(start: number, capacity = 1024) {
    this.start = start;
    this.o = new Float64Array(capacity);
    this.h = new Float64Array(capacity);
    this.l = new Float64Array(capacity);
    this.c = new Float64Array(capacity);
    this.a = new Float64Array(capacity);
    this.v = new Float64Array(capacity);
    this.n = new Float64Array(capacity);
  }

  /** Period index of the last bar */
  get end(): number {
    return this.start + this.length - 1;
  }

  push(o: number, h: number, l: number, c: number, a: number, v: number, n: number): number {
    if (this.length === this.o.length) this.grow(this.o.length * 2);
    const i = this.length++;
    this.o[i] = o;
    this.h[i] = h;
    this.l[i] = l;
    this.c[i] = c;
    this.a[i] = a;
    this.v[i] = v;
    this.n[i] = n;
    return i;
  }

  /** Adds a trade at `price` to bar i. */
  trade(i: number, price: number, amount: number, vol: number, count: number): void {
    if (price > this.h[i]) this.h[i] = price;
    if (price < this.l[i]) this.l[i] = price;
    this.c[i] = price;
    this.a[i] += amount;
    this.v[i] += vol;
    this.n[i] += count;
  }

  /** Drops the first k bars. */
  dropFront(k: number): void {
    if (k <= 0) return;
    const keep = Math.max(0, this.length - k);
    for (const col of [this.o, this.h, this.l, this.c, this.a, this.v, this.n]) col.copyWithin(0, k, this.length);
    this.length = keep;
    this.start += k;
  }

  private grow(capacity: number): void {
    const copy = (col: Float64Array) => {
      const next = new Float64Array(capacity);
      next.set(col.subarray(0, this.length));
      return next;
    };
    this.o = copy(this.o);
    this.h = copy(this.h);
    this.l = copy(this.l);
    this.c = copy(this.c);
    this.a = copy(this.a);
    this.v = copy(this.v);
    this.n = copy(this.n);
  }
}

/** An aggregate bar in raw units. */
export interface RawBar {
  o: number;
  h: number;
  l: number;
  c: number;
  a: number;
  v: number;
  n: number;
}

/** Decimals of a bar's quote volume (vol), for every pair. */
export const VOL_DECIMALS = 2;

/** A raw bar as the API and the feed publish it: exact decimal strings with the pair's decimals. */
export function formatBar(id: number, raw: RawBar, priceDecimals: number, amountDecimals: number): Bar {
  return {
    id,
    open: formatTicks(raw.o, priceDecimals),
    close: formatTicks(raw.c, priceDecimals),
    high: formatTicks(raw.h, priceDecimals),
    low: formatTicks(raw.l, priceDecimals),
    amount: formatTicks(raw.a, amountDecimals),
    vol: formatTicks(raw.v, VOL_DECIMALS),
    count: raw.n,
  };
}

/** One bar of consecutive bars (at least one): first open, last close, extremes, sums. */
export function mergeBars(bars: readonly RawBar[]): RawBar {
  let { h, l } = bars[0];
  let a = 0;
  let v = 0;
  let n = 0;
  for (const b of bars) {
    if (b.h > h) h = b.h;
    if (b.l < l) l = b.l;
    a += b.a;
    v += b.v;
    n += b.n;
  }
  return { o: bars[0].o, h, l, c: bars[bars.length - 1].c, a, v, n };
}

/** Aggregate of bars [from, to) of a series (indices, not period numbers); undefined when empty. */
export function aggregate(s: Series, from: number, to: number): RawBar | undefined {
  const lo = Math.max(0, from);
  const hi = Math.min(s.length, to);
  if (hi <= lo) return undefined;
  let h = s.h[lo];
  let l = s.l[lo];
  let a = 0;
  let v = 0;
  let n = 0;
  for (let i = lo; i < hi; i++) {
    if (s.h[i] > h) h = s.h[i];
    if (s.l[i] < l) l = s.l[i];
    a += s.a[i];
    v += s.v[i];
    n += s.n[i];
  }
  return { o: s.o[lo], h, l, c: s.c[hi - 1], a, v, n };
}
