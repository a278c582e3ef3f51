// The price path of one pair: a seeded mean-reverting log-normal random walk with exact
// integer-tick prices, and the bars (extremes, amounts, counts) drawn along it. The random
// stream is consumed in a fixed order, so a seed always gives the same path and bars.
import { parseTicks } from '../../../contract/decimal.ts';
import { DAY_SEC, isWeekend, MINUTE_SEC, MINUTES_PER_DAY } from './calendar.ts';
import { Rng, streamKey } from './rng.ts';
import { type Series, VOL_DECIMALS } from './series.ts';
import type { MarketDef } from './types.ts';

/** Half-life of the pull back to the start price */
export const MEAN_REVERSION_HALF_LIFE_DAYS = 180;
/** Units per second at which a month's sum reaches 2^53 */
const MAX_UNITS_PER_SEC = Number.MAX_SAFE_INTEGER / (31 * DAY_SEC);
/** Prices stay within start price × e^±PRICE_BAND (a 20× band; only wild volatilities reach it) */
const PRICE_BAND = Math.log(20);

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

const ln2 = Math.log(2);

/** Walk parameters at one time scale */
export interface Scale {
  sigma: number;
  theta: number;
}

/** A bar length: its walk parameters, its seconds, and the log-normal spread of its amount */
export interface BarScale extends Scale {
  seconds: number;
  amountSpread: number;
}

/** One trade of a one-second step */
export interface SecondTrade {
  amount: number;
  vol: number;
  count: number;
}

export class PriceWalk {
  readonly def: MarketDef;
  readonly pd: number;
  readonly ad: number;
  readonly closedWeekends: boolean;
  readonly key: Buffer;
  rng: Rng;
  /** Log of the anchor (start) price in ticks */
  readonly mu: number;
  readonly sec: Scale;
  readonly min: BarScale;
  readonly day: BarScale;
  /** Mean amount traded per second, in base units (10^-ad) */
  readonly amountPerSec: number;
  readonly countPerSec: number;
  /** Multiply amount units × price ticks by this to get vol units */
  readonly volFactor: number;
  /** Log price in ticks (the walk's state) */
  x: number;
  /** Last price in ticks */
  price: number;

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
    this.min = { sigma: sigmaPerMin, theta: thetaPerSec * MINUTE_SEC, seconds: MINUTE_SEC, amountSpread: 0.35 };
    this.day = { sigma: sigmaPerMin * Math.sqrt(MINUTES_PER_DAY), theta: thetaPerSec * DAY_SEC, seconds: DAY_SEC, amountSpread: 0.25 };
    const notional = NOTIONAL_USD_PER_SEC[def.symbol] ?? 1000;
    const basePrice = def.base === 'USD' ? 1 : Number(def.startPrice);
    this.volFactor = 10 ** (VOL_DECIMALS - this.ad - this.pd);
    // Sums over a month (the largest bar) must stay exact integers: cap the units per second,
    // with room for noise (×2) and, for vol, the highest price the band allows.
    const maxPrice = start * Math.exp(PRICE_BAND);
    this.amountPerSec = Math.min((notional / basePrice) * 10 ** this.ad, MAX_UNITS_PER_SEC / 2, MAX_UNITS_PER_SEC / 2 / (maxPrice * this.volFactor));
    this.countPerSec = Math.max(1, Math.round(Math.log2(Math.max(2, notional / 100))));
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

  /** Moves the walk one second on and draws its trade. */
  stepSecond(): SecondTrade {
    this.x = this.walk(this.x, this.sec);
    this.price = this.ticks(this.x);
    const count = 1 + Math.floor(this.rng.next() * 2 * this.countPerSec);
    const z = this.rng.normal();
    const amount = Math.max(1, Math.round(this.amountPerSec * Math.exp(0.6 * z - 0.18)));
    return { amount, vol: this.vol(amount, this.price), count };
  }

  /** Moves the walk one bar of scale s on, drawing that bar into series at i. */
  stepBar(series: Series, i: number, s: BarScale): void {
    const a = this.x;
    const b = this.walk(a, s);
    const open = this.price;
    const close = this.ticks(b);
    this.writeBar(series, i, a, b, s, open, close);
    this.x = b;
    this.price = close;
  }

  /** A bar between log prices a (open) and b (close) over one unit of scale s, into series at i. */
  writeBar(series: Series, i: number, a: number, b: number, s: BarScale, o: number, c: number): void {
    const [hx, lx] = this.extremes(a, b, s.sigma);
    const h = Math.max(this.ticks(hx), o, c);
    const l = Math.max(1, Math.min(this.ticks(lx), o, c));
    const [amount, count] = this.activity(s.seconds, s.amountSpread);
    series.o[i] = o;
    series.h[i] = h;
    series.l[i] = l;
    series.c[i] = c;
    series.a[i] = amount;
    series.v[i] = this.vol(amount, (o + h + l + c) / 4);
    series.n[i] = count;
  }

  writeFlat(series: Series, i: number, p: number): void {
    series.o[i] = p;
    series.h[i] = p;
    series.l[i] = p;
    series.c[i] = p;
    series.a[i] = 0;
    series.v[i] = 0;
    series.n[i] = 0;
  }
}
