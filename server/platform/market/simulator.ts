// The market simulator: a seeded mean-reverting log-normal random walk per pair, stepped
// once per second, with exact integer-tick prices. It keeps 1-minute bars (the 5/15/30/60
// minute bars are derived from them) and daily bars (weeks and months are derived from
// those), and backfills history at start so that every period has more than 300 bars,
// ending exactly at the configured start price at the start time.
import { createHash } from 'node:crypto';
import { DAY_SEC, isWeekend, MINUTE_SEC, MINUTES_PER_DAY, monthOf, monthStartDay, weekOf, weekStartDay } from './calendar.ts';
import { formatTicks, parseTicks } from '../../../contract/decimal.ts';
import { Rng, streamKey } from './rng.ts';
import { aggregate, formatBar, type RawBar, Series, VOL_DECIMALS } from './series.ts';

export { VOL_DECIMALS };
import type { Bar, MarketData, MarketDef, Period } from './types.ts';

/** Decimals of quote volumes (`vol`) */
/** Days of 1-minute history kept (≥ 300 hourly bars) */
export const MINUTE_DAYS = 14;
/** Minute history is trimmed once this many days beyond MINUTE_DAYS have piled up */
const TRIM_DAYS = 7;
/** Room for the most minutes ever kept (MINUTE_DAYS + TRIM_DAYS + the current day), so it never regrows */
const MINUTE_CAPACITY = (MINUTE_DAYS + TRIM_DAYS + 1) * MINUTES_PER_DAY;
/** Complete months of daily history before the start month (≥ 300 monthly bars) */
export const BACKFILL_MONTHS = 301;
/** Half-life of the pull back to the start price */
export const MEAN_REVERSION_HALF_LIFE_DAYS = 180;
/** Gaps longer than this are filled minute by minute instead of second by second */
const MINUTE_FILL_AFTER_SEC = 3600;
/** Gaps longer than this are filled day by day (keeping MINUTE_DAYS of minutes) */
const DAY_FILL_AFTER_SEC = (MINUTE_DAYS + 7) * DAY_SEC;
/** Units per second at which a month's sum reaches 2^53 */
const MAX_UNITS_PER_SEC = Number.MAX_SAFE_INTEGER / (31 * DAY_SEC);
/** Prices stay within start price × e^±PRICE_BAND (a 20× band; only wild volatilities reach it) */
const PRICE_BAND = Math.log(20);
/** How often the timer looks at the clock when stepping automatically */
const POLL_MS = 200;
/** Seconds of recorded prices kept in memory (futures settle from them) */
export const RECORD_SEC = 2 * 3600;

/** Mean traded notional per second, in USD, per pair (sets plausible amounts and volumes). */
const NOTIONAL_USD_PER_SEC: Record<string, number> = {
  btcusdt: 40_000,
  ethusdt: 20_000,
  bnbusdt: 3_000,
  solusdt: 6_000,
  xrpusdt: 3_000,
  dogeusdt: 2_000,
  adausdt: 1_000,
  trxusdt: 800,
  ltcusdt: 700,
  dotusdt: 500,
  xauusd: 15_000,
  xagusd: 3_000,
  eurusd: 80_000,
  gbpusd: 40_000,
  usdjpy: 5_000,
  audusd: 20_000,
};

export interface SimulatorOptions {
  /** The installation's secret seed (tests pass a number) */
  seed: number | string;
  /** Clock, epoch ms */
  now: () => number;
  /** Step on a timer (default true); tests step by hand with advanceTo */
  autoStep?: boolean;
  /** Pairs to quote (default: schemas/config/markets.json) */
  markets?: readonly MarketDef[];
  /** Stored state to continue from (server/platform/market/store.ts) instead of a fresh backfill */
  restore?: MarketRestore;
}

/** One stored bar in raw units; idx is the epoch minute (unit minute) or epoch day (unit day). */
export interface RawBarAt extends RawBar {
  idx: number;
}

/** A market's stored state: enough to rebuild its series and continue its walk exactly. */
export interface PairState {
  /** Second of the backfill (regenerated from the seed and checked against genesisHash) */
  genesisSec: number;
  genesisHash: string;
  /** Log price and price in ticks */
  x: number;
  price: number;
  rngOffset: number;
  /** First minute of the minute series */
  minuteStart: number;
  /** Stored minute bars from genesis on (ascending) */
  minutes: RawBarAt[];
  /** Stored day bars from genesis on (ascending) */
  days: RawBarAt[];
  /** Recorded one-second prices in ticks: [second, price] */
  ticks: [number, number][];
}

export interface MarketRestore {
  /** The second the stored state was at */
  sec: number;
  pairs: Map<string, PairState>;
}

/** What changed since the last drain: the persistence layer writes it in one transaction. */
export interface PairChanges {
  symbol: string;
  state: Omit<PairState, 'minutes' | 'days' | 'ticks'>;
  minutes: RawBarAt[];
  days: RawBarAt[];
  ticks: [number, number][];
}

export interface MarketChanges {
  sec: number;
  pairs: PairChanges[];
}

export interface Simulator extends MarketData {
  /** The changes since the previous call (bars touched, prices recorded, walk state) */
  drain(): MarketChanges;
  /** Moves the market to clock time `ms` (one step per elapsed second); fires onTick once if time moved. */
  advanceTo(ms: number): void;
  /** One one-second step */
  step(): void;
  /** Epoch ms of the last step */
  time(): number;
}

type Unit = 'minute' | 'day';

interface PeriodSpec {
  unit: Unit;
  /** Bucket number of a unit index (minute or day) */
  bucket(unit: number): number;
  /** First unit index of a bucket */
  start(bucket: number): number;
}

const minutes = (size: number): PeriodSpec => ({ unit: 'minute', bucket: (u) => Math.floor(u / size), start: (b) => b * size });

export const PERIOD_SPECS: Record<Period, PeriodSpec> = {
  '1min': minutes(1),
  '5min': minutes(5),
  '15min': minutes(15),
  '30min': minutes(30),
  '60min': minutes(60),
  '1day': { unit: 'day', bucket: (d) => d, start: (b) => b },
  '1week': { unit: 'day', bucket: weekOf, start: weekStartDay },
  '1mon': { unit: 'day', bucket: monthOf, start: monthStartDay },
};

const ln2 = Math.log(2);

/** Walk parameters at one time scale */
interface Scale {
  sigma: number;
  theta: number;
}

class Pair {
  readonly def: MarketDef;
  readonly pd: number;
  readonly ad: number;
  readonly closedWeekends: boolean;
  readonly key: Buffer;
  rng: Rng;
  /** Log of the anchor (start) price in ticks */
  readonly mu: number;
  readonly sec: Scale;
  readonly min: Scale;
  readonly day: Scale;
  /** Mean amount traded per second, in base units (10^-ad) */
  readonly amountPerSec: number;
  readonly countPerSec: number;
  /** Multiply amount units × price ticks by this to get vol units */
  readonly volFactor: number;
  /** Log price in ticks (the walk's state) */
  x: number;
  /** Last price in ticks */
  price: number;
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
    this.def = def;
    this.pd = def.priceDecimals;
    this.ad = def.amountDecimals;
    this.closedWeekends = def.weekendClosed === true;
    this.key = streamKey(seed, def.symbol);
    this.rng = new Rng(this.key);
    const start = parseTicks(def.startPrice, this.pd);
    if (start < 1) throw new Error(`start price of ${def.symbol} must be positive`);
    this.price = start;
    this.x = Math.log(start);
    this.mu = this.x;
    const thetaPerSec = ln2 / (MEAN_REVERSION_HALF_LIFE_DAYS * DAY_SEC);
    const sigmaPerMin = def.volatility;
    this.sec = { sigma: sigmaPerMin / Math.sqrt(MINUTE_SEC), theta: thetaPerSec };
    this.min = { sigma: sigmaPerMin, theta: thetaPerSec * MINUTE_SEC };
    this.day = { sigma: sigmaPerMin * Math.sqrt(MINUTES_PER_DAY), theta: thetaPerSec * DAY_SEC };
    const notional = NOTIONAL_USD_PER_SEC[def.symbol] ?? 1000;
    const basePrice = def.base === 'USD' ? 1 : Number(def.startPrice);
    this.volFactor = 10 ** (VOL_DECIMALS - this.ad - this.pd);
    // Sums over a month (the largest bar) must stay exact integers: cap the units per second,
    // with room for noise (×2) and, for vol, the highest price the band allows.
    const maxPrice = start * Math.exp(PRICE_BAND);
    this.amountPerSec = Math.min((notional / basePrice) * 10 ** this.ad, MAX_UNITS_PER_SEC / 2, MAX_UNITS_PER_SEC / 2 / (maxPrice * this.volFactor));
    this.countPerSec = Math.max(1, Math.round(Math.log2(Math.max(2, notional / 100))));
    this.minutes = new Series(0, 1);
    this.days = new Series(0, 1);
  }

  ticks(x: number): number {
    return Math.max(1, Math.round(Math.exp(x)));
  }

  /** One step of the mean-reverting walk (forwards or, since it is reversible, backwards). */
  walk(x: number, s: Scale): number {
    const next = x + s.theta * (this.mu - x) + s.sigma * this.rng.normal();
    return Math.min(this.mu + PRICE_BAND, Math.max(this.mu - PRICE_BAND, next));
  }

  /** High and low (log) of a Brownian bridge from a to b with variance s² (exact extremes). */
  extremes(a: number, b: number, sigma: number): [number, number] {
    const d = b - a;
    const s2 = 2 * sigma * sigma;
    const up = (d + Math.sqrt(d * d - s2 * Math.log(this.rng.open()))) / 2;
    const down = (-d + Math.sqrt(d * d - s2 * Math.log(this.rng.open()))) / 2;
    return [a + up, a - down];
  }

  /** Amount (base units) and trade count over `seconds` of trading, with log-normal noise. */
  activity(seconds: number, spread: number): [number, number] {
    const z = this.rng.normal();
    const amount = Math.max(1, Math.round(this.amountPerSec * seconds * Math.exp(spread * z - (spread * spread) / 2)));
    const count = Math.max(1, Math.round(this.countPerSec * seconds * (0.75 + 0.5 * this.rng.next()) + 0.5));
    return [amount, count];
  }

  vol(amount: number, priceTicks: number): number {
    return Math.round(amount * priceTicks * this.volFactor);
  }

  isOpenAtSec(sec: number): boolean {
    return !this.closedWeekends || !isWeekend(Math.floor(sec / DAY_SEC));
  }

  isOpenDay(day: number): boolean {
    return !this.closedWeekends || !isWeekend(day);
  }

  /** A bar between log prices a (open) and b (close) over one unit of scale s, into series at i. */
  private writeBar(series: Series, i: number, a: number, b: number, s: Scale, seconds: number, spread: number, o: number, c: number): void {
    const [hx, lx] = this.extremes(a, b, s.sigma);
    const h = Math.max(this.ticks(hx), o, c);
    const l = Math.max(1, Math.min(this.ticks(lx), o, c));
    const [amount, count] = this.activity(seconds, spread);
    series.o[i] = o;
    series.h[i] = h;
    series.l[i] = l;
    series.c[i] = c;
    series.a[i] = amount;
    series.v[i] = this.vol(amount, (o + h + l + c) / 4);
    series.n[i] = count;
  }

  private writeFlat(series: Series, i: number, p: number): void {
    series.o[i] = p;
    series.h[i] = p;
    series.l[i] = p;
    series.c[i] = p;
    series.a[i] = 0;
    series.v[i] = 0;
    series.n[i] = 0;
  }

  /** History up to the start second s0: minutes for MINUTE_DAYS days, days back BACKFILL_MONTHS months. */
  backfill(s0: number): void {
    const m0 = Math.floor(s0 / MINUTE_SEC);
    const d0 = Math.floor(m0 / MINUTES_PER_DAY);
    const minuteDay = d0 - MINUTE_DAYS;
    const mStart = minuteDay * MINUTES_PER_DAY;
    const nMin = m0 - mStart;
    const mins = new Series(mStart, MINUTE_CAPACITY);
    mins.length = nMin + 1;
    const start = this.price;
    let x = this.x;
    let close = start;
    for (let i = nMin - 1; i >= 0; i--) {
      const day = Math.floor((mStart + i) / MINUTES_PER_DAY);
      if (!this.isOpenDay(day)) {
        this.writeFlat(mins, i, close);
        continue;
      }
      const a = this.walk(x, this.min);
      const open = this.ticks(a);
      this.writeBar(mins, i, a, x, this.min, MINUTE_SEC, 0.35, open, close);
      x = a;
      close = open;
    }
    this.writeFlat(mins, nMin, start);

    const dayStart = weekStartDay(weekOf(monthStartDay(monthOf(d0) - BACKFILL_MONTHS)));
    const nDirect = minuteDay - dayStart;
    const days = new Series(dayStart, nDirect + MINUTE_DAYS + 1 + 366);
    days.length = nDirect;
    for (let j = nDirect - 1; j >= 0; j--) {
      if (!this.isOpenDay(dayStart + j)) {
        this.writeFlat(days, j, close);
        continue;
      }
      const a = this.walk(x, this.day);
      const open = this.ticks(a);
      this.writeBar(days, j, a, x, this.day, DAY_SEC, 0.25, open, close);
      x = a;
      close = open;
    }
    for (let d = minuteDay; d <= d0; d++) {
      const from = (d - minuteDay) * MINUTES_PER_DAY;
      const bar = aggregate(mins, from, from + MINUTES_PER_DAY)!;
      days.push(bar.o, bar.h, bar.l, bar.c, bar.a, bar.v, bar.n);
    }
    this.minutes = mins;
    this.days = days;
    this.genesisSec = s0;
    this.genesisHash = seriesHash(mins, days);
    this.savedMinute = mins.end;
    this.savedDay = days.end;
  }

  /** Rebuilds the series from the seed and the stored state; throws if history would change. */
  restore(st: PairState): void {
    this.backfill(st.genesisSec);
    if (this.genesisHash !== st.genesisHash) {
      throw new Error(`The stored market history of ${this.def.symbol} cannot be reproduced (the seed, the market's configuration or the simulator changed); it is never rewritten.`);
    }
    if (st.minuteStart > this.minutes.start) this.minutes.dropFront(st.minuteStart - this.minutes.start);
    if (this.minutes.length === 0) this.minutes = new Series(st.minuteStart, MINUTE_CAPACITY);
    for (const b of st.minutes) put(this.minutes, b);
    for (const b of st.days) put(this.days, b);
    this.x = st.x;
    this.price = st.price;
    this.rng = new Rng(this.key, st.rngOffset);
    for (const [sec, price] of st.ticks) this.record(sec, price);
    this.savedMinute = this.minutes.end;
    this.savedDay = this.days.end;
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

  /** Bars from the last drain on, the walk state, and the prices recorded in (fromSec, toSec]. */
  changes(fromSec: number, toSec: number): PairChanges {
    const ms = this.minutes;
    const ds = this.days;
    const minutes: RawBarAt[] = [];
    for (let idx = Math.max(this.savedMinute, ms.start); idx <= ms.end; idx++) minutes.push(rawAt(ms, idx));
    const days: RawBarAt[] = [];
    for (let idx = Math.max(this.savedDay, ds.start); idx <= ds.end; idx++) days.push(rawAt(ds, idx));
    this.savedMinute = ms.end;
    this.savedDay = ds.end;
    const ticks: [number, number][] = [];
    for (let s = Math.max(fromSec + 1, toSec - RECORD_SEC + 1); s <= toSec; s++) {
      const p = this.recorded(s);
      if (p !== undefined) ticks.push([s, p]);
    }
    return {
      symbol: this.def.symbol,
      state: { genesisSec: this.genesisSec, genesisHash: this.genesisHash, x: this.x, price: this.price, rngOffset: this.rng.offset, minuteStart: ms.start },
      minutes,
      days,
      ticks,
    };
  }

  /** Makes sure the live minute and day bars are those of second `sec`. */
  roll(sec: number): void {
    const m = Math.floor(sec / MINUTE_SEC);
    while (this.minutes.end < m) this.minutes.push(this.price, this.price, this.price, this.price, 0, 0, 0);
    this.rollDays(sec);
  }

  rollDays(sec: number): void {
    const d = Math.floor(sec / DAY_SEC);
    while (this.days.end < d) this.days.push(this.price, this.price, this.price, this.price, 0, 0, 0);
  }

  /** The one-second step ending at `sec`. */
  stepSecond(sec: number): void {
    this.roll(sec);
    if (!this.isOpenAtSec(sec)) {
      this.record(sec, this.price);
      return;
    }
    this.x = this.walk(this.x, this.sec);
    this.price = this.ticks(this.x);
    const count = 1 + Math.floor(this.rng.next() * 2 * this.countPerSec);
    const z = this.rng.normal();
    const amount = Math.max(1, Math.round(this.amountPerSec * Math.exp(0.6 * z - 0.18)));
    const vol = this.vol(amount, this.price);
    this.minutes.trade(this.minutes.length - 1, this.price, amount, vol, count);
    this.days.trade(this.days.length - 1, this.price, amount, vol, count);
    this.record(sec, this.price);
  }

  /** A whole minute generated at once (the seconds of minute m; the previous one is complete). */
  stepMinute(m: number): void {
    const first = m * MINUTE_SEC;
    this.roll(first);
    if (!this.isOpenAtSec(first)) return;
    const a = this.x;
    const b = this.walk(a, this.min);
    const open = this.price;
    const close = this.ticks(b);
    const i = this.minutes.length - 1;
    this.writeBar(this.minutes, i, a, b, this.min, MINUTE_SEC, 0.35, open, close);
    this.x = b;
    this.price = close;
    const d = this.days.length - 1;
    const ms = this.minutes;
    this.days.trade(d, ms.h[i], 0, 0, 0);
    this.days.trade(d, ms.l[i], 0, 0, 0);
    this.days.trade(d, close, ms.a[i], ms.v[i], ms.n[i]);
  }

  /** A whole day generated at once; minute history is dropped (it restarts after the gap). */
  stepDay(day: number): void {
    this.rollDays(day * DAY_SEC);
    if (!this.isOpenDay(day)) return;
    const a = this.x;
    const b = this.walk(a, this.day);
    const open = this.price;
    const close = this.ticks(b);
    this.writeBar(this.days, this.days.length - 1, a, b, this.day, DAY_SEC, 0.25, open, close);
    this.x = b;
    this.price = close;
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

  /** Bars of a period, oldest first, at most `limit`, ids within [fromSec, toSec]. */
  bars(period: Period, limit: number, fromSec?: number, toSec?: number): Bar[] {
    const spec = PERIOD_SPECS[period];
    const series = spec.unit === 'minute' ? this.minutes : this.days;
    const unitSec = spec.unit === 'minute' ? MINUTE_SEC : DAY_SEC;
    if (series.length === 0 || !(limit > 0)) return [];
    let lastUnit = series.end;
    if (toSec !== undefined) lastUnit = Math.min(lastUnit, Math.floor(toSec / unitSec));
    const out: Bar[] = [];
    for (let b = spec.bucket(lastUnit); out.length < limit; b--) {
      const first = spec.start(b);
      if (first < series.start) break;
      if (fromSec !== undefined && first * unitSec < fromSec) break;
      const raw = aggregate(series, first - series.start, spec.start(b + 1) - series.start);
      if (raw) out.push(this.format(first * unitSec, raw));
    }
    return out.reverse();
  }

  /** Rolling 24 hours: the last 1440 minutes including the live one. */
  rolling(): Bar {
    const ms = this.minutes;
    const from = Math.max(0, ms.length - MINUTES_PER_DAY);
    const raw = aggregate(ms, from, ms.length)!;
    return this.format((ms.start + from) * MINUTE_SEC, raw);
  }

  format(id: number, raw: RawBar): Bar {
    return formatBar(id, raw, this.pd, this.ad);
  }
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

export function createSimulator(opts: SimulatorOptions, defs: readonly MarketDef[]): Simulator {
  const { now, seed, restore } = opts;
  const autoStep = opts.autoStep ?? true;
  const pairs = new Map<string, Pair>();
  let sec = restore ? restore.sec : Math.floor(now() / 1000);
  for (const def of defs) {
    const pair = new Pair(def, seed);
    const stored = restore?.pairs.get(def.symbol);
    if (stored) pair.restore(stored);
    else pair.backfill(sec);
    pairs.set(def.symbol, pair);
  }
  /** Last second drained */
  let drained = sec;
  const listeners = new Set<(ts: number) => void>();
  let advancing = false;
  let closed = false;

  const pairOf = (symbol: string): Pair => {
    const pair = pairs.get(symbol);
    if (!pair) throw new Error(`unknown market ${symbol}`);
    return pair;
  };

  const each = (fn: (p: Pair) => void) => {
    for (const p of pairs.values()) fn(p);
  };

  const stepSeconds = (until: number) => {
    while (sec < until) {
      sec++;
      const s = sec;
      each((p) => p.stepSecond(s));
    }
  };

  /** Whole minutes up to (not including) the one starting at second `untilSec`. */
  const stepMinutes = (untilSec: number) => {
    let m = (sec + 1) / MINUTE_SEC;
    for (; m * MINUTE_SEC < untilSec; m++) {
      const minute = m;
      each((p) => p.stepMinute(minute));
    }
    sec = m * MINUTE_SEC - 1;
  };

  const ceilTo = (value: number, unit: number) => Math.ceil(value / unit) * unit;

  function fill(target: number): void {
    // Long gaps: whole days (keeping MINUTE_DAYS days to fill finely)…
    if (target - sec > DAY_FILL_AFTER_SEC) {
      stepSeconds(ceilTo(sec + 1, MINUTE_SEC) - 1);
      stepMinutes(ceilTo(sec + 1, DAY_SEC));
      const lastDay = Math.floor(target / DAY_SEC) - MINUTE_DAYS - 1;
      for (let d = (sec + 1) / DAY_SEC; d <= lastDay; d++) {
        const day = d;
        each((p) => p.stepDay(day));
      }
      sec = (lastDay + 1) * DAY_SEC - 1;
      each((p) => p.resetMinutes((lastDay + 1) * MINUTES_PER_DAY));
    }
    // …then whole minutes…
    if (target - sec > MINUTE_FILL_AFTER_SEC) {
      stepSeconds(ceilTo(sec + 1, MINUTE_SEC) - 1);
      stepMinutes(Math.floor(target / MINUTE_SEC) * MINUTE_SEC);
    }
    // …and single seconds.
    stepSeconds(target);
    each((p) => p.trim(sec));
  }

  /**
   * After a restart: the seconds the server was down carry no trade and no recorded price;
   * their bars are flat at the last stored price, from which the walk continues.
   */
  function skipTo(target: number): void {
    if (!(target > sec)) return;
    if (target - sec > DAY_FILL_AFTER_SEC) {
      const lastDay = Math.floor(target / DAY_SEC) - MINUTE_DAYS - 1;
      each((p) => {
        p.rollDays(lastDay * DAY_SEC);
        p.resetMinutes((lastDay + 1) * MINUTES_PER_DAY);
      });
    }
    each((p) => {
      p.roll(target);
      p.trim(target);
    });
    sec = target;
  }
  if (restore) skipTo(Math.floor(now() / 1000));

  function advanceTo(ms: number): void {
    const target = Math.floor(ms / 1000);
    if (closed || advancing || !(target > sec)) return;
    advancing = true;
    try {
      fill(target);
    } finally {
      advancing = false;
    }
    for (const listener of [...listeners]) {
      try {
        listener(ms);
      } catch {
        // A failing listener must not stop the market or the other listeners.
      }
    }
  }

  const sync = () => {
    if (autoStep) advanceTo(now());
  };

  const timer = autoStep ? setInterval(sync, POLL_MS) : undefined;
  timer?.unref();

  return {
    markets: () => defs,
    market: (symbol) => pairs.get(symbol)?.def,
    price(symbol) {
      const pair = pairOf(symbol);
      sync();
      return formatTicks(pair.price, pair.pd);
    },
    isOpen(symbol, at) {
      const pair = pairs.get(symbol);
      if (!pair) return false;
      return pair.isOpenAtSec(Math.floor((at ?? now()) / 1000));
    },
    day(symbol) {
      const pair = pairOf(symbol);
      sync();
      return pair.rolling();
    },
    bars(symbol, period, limit, fromSec, toSec) {
      const pair = pairOf(symbol);
      if (!(period in PERIOD_SPECS)) throw new Error(`unknown period ${period}`);
      sync();
      return pair.bars(period, limit, fromSec, toSec);
    },
    priceAt(symbol, at) {
      const pair = pairOf(symbol);
      sync();
      if (at > sec) return undefined;
      const p = pair.recorded(at);
      return p === undefined ? null : formatTicks(p, pair.pd);
    },
    drain() {
      const changes = { sec, pairs: [...pairs.values()].map((p) => p.changes(drained, sec)) };
      drained = sec;
      return changes;
    },
    onTick(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    close() {
      closed = true;
      if (timer) clearInterval(timer);
      listeners.clear();
    },
    advanceTo,
    step: () => advanceTo((sec + 1) * 1000),
    time: () => sec * 1000,
  };
}
