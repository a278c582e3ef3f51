// A simulated pair to and from the store: the changes since the last drain, and a restart
// from stored state, which must reproduce the stored genesis exactly.
import { Rng } from './rng.ts';
import { Series } from './series.ts';
import type { SimPair } from './pair.ts';
import { MINUTE_CAPACITY, type PairChanges, type PairState, RECORD_SEC, type RawBarAt } from './state.ts';

/** Rebuilds the series from the seed and the stored state; throws if history would change. */
export function restorePair(pair: SimPair, st: PairState): void {
  pair.backfill(st.genesisSec);
  if (pair.genesisHash !== st.genesisHash) {
    throw new Error(
      `The stored market history of ${pair.def.symbol} cannot be reproduced (the seed, the market's configuration or the simulator changed); it is never rewritten.`,
    );
  }
  takeStored(pair, st, st);
  pair.walk.rng = new Rng(pair.walk.key, st.rngOffset);
  for (const [sec, price] of st.ticks) pair.record(sec, price);
  pair.savedMinute = pair.minutes.end;
  pair.savedDay = pair.days.end;
}

/** Takes another instance's drained changes of this pair (a replica): its bars, walk state and recorded prices. */
export function applyPair(pair: SimPair, changes: PairChanges): void {
  takeStored(pair, changes.state, changes);
  for (const [sec, price] of changes.ticks) pair.record(sec, price);
}

/** The stored or published bars and walk position (the minute series trimmed to start where the stored one does). */
function takeStored(pair: SimPair, state: Pick<PairState, 'minuteStart' | 'x' | 'price'>, bars: Pick<PairState, 'minutes' | 'days'>): void {
  if (state.minuteStart > pair.minutes.start) pair.minutes.dropFront(state.minuteStart - pair.minutes.start);
  if (pair.minutes.length === 0) pair.minutes = new Series(state.minuteStart, MINUTE_CAPACITY);
  for (const b of bars.minutes) put(pair.minutes, b);
  for (const b of bars.days) put(pair.days, b);
  pair.walk.x = state.x;
  pair.walk.price = state.price;
}

/** Bars from the last drain on, the walk state, and the prices recorded in (fromSec, toSec]. */
export function drainPair(pair: SimPair, fromSec: number, toSec: number): PairChanges {
  const ms = pair.minutes;
  const ds = pair.days;
  const minutes: RawBarAt[] = [];
  for (let idx = Math.max(pair.savedMinute, ms.start); idx <= ms.end; idx++) minutes.push(rawAt(ms, idx));
  const days: RawBarAt[] = [];
  for (let idx = Math.max(pair.savedDay, ds.start); idx <= ds.end; idx++) days.push(rawAt(ds, idx));
  pair.savedMinute = ms.end;
  pair.savedDay = ds.end;
  const ticks: [number, number][] = [];
  for (let s = Math.max(fromSec + 1, toSec - RECORD_SEC + 1); s <= toSec; s++) {
    const p = pair.recorded(s);
    if (p !== undefined) ticks.push([s, p]);
  }
  const { x, price, rng } = pair.walk;
  return {
    symbol: pair.def.symbol,
    state: { genesisSec: pair.genesisSec, genesisHash: pair.genesisHash, x, price, rngOffset: rng.offset, minuteStart: ms.start },
    minutes,
    days,
    ticks,
  };
}

function rawAt(s: Series, idx: number): RawBarAt {
  const i = idx - s.start;
  return { idx, o: s.o[i], h: s.h[i], l: s.l[i], c: s.c[i], a: s.a[i], v: s.v[i], n: s.n[i] };
}

/** Writes a stored bar into a series (over a bar, or as the next one). */
function put(s: Series, b: RawBarAt): void {
  const i = b.idx - s.start;
  if (i < 0) return;
  if (i > s.length) throw new Error(`stored bars have a hole before ${b.idx}`);
  if (i === s.length) s.push(b.o, b.h, b.l, b.c, b.a, b.v, b.n);
  else {
    s.o[i] = b.o;
    s.h[i] = b.h;
    s.l[i] = b.l;
    s.c[i] = b.c;
    s.a[i] = b.a;
    s.v[i] = b.v;
    s.n[i] = b.n;
  }
}
