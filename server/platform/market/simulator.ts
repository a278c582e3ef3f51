// The market simulator: a seeded mean-reverting log-normal random walk per pair (walk.ts),
// stepped once per second (clock.ts), with exact integer-tick prices. It keeps 1-minute bars
// (the 5/15/30/60 minute bars are derived from them) and daily bars (weeks and months are
// derived from those), and backfills history at start (backfill.ts) so that every period has
// more than 300 bars, ending exactly at the configured start price at the start time.
import { formatTicks } from '../../../contract/decimal.ts';
import { MarketClock } from './clock.ts';
import { SimPair } from './pair.ts';
import { periodBars, rollingDay } from './pair-bars.ts';
import { applyPair, drainPair, restorePair } from './pair-storage.ts';
import { PERIOD_SPECS } from './periods.ts';
import type { MarketChanges, MarketRestore } from './state.ts';
import { TickListeners } from './tick-listeners.ts';
import type { MarketData, MarketDef } from './types.ts';

export { BACKFILL_MONTHS } from './backfill.ts';
export { PERIOD_SPECS } from './periods.ts';
export { VOL_DECIMALS } from './series.ts';
export { MINUTE_DAYS, RECORD_SEC, type MarketChanges, type MarketRestore, type PairChanges, type PairState, type RawBarAt } from './state.ts';
export { MEAN_REVERSION_HALF_LIFE_DAYS } from './walk.ts';

/** How often the timer looks at the clock when stepping automatically */
const POLL_MS = 200;

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
  /**
   * A copy of the leader's market on another instance (replica.ts): it never steps itself, it
   * takes the leader's changes with apply(); a restore is taken as it is, without skipping to now.
   */
  replica?: boolean;
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
  /** Takes the changes another instance's simulator drained (a replica); fires onTick. Throws when they do not fit (a gap). */
  apply(changes: MarketChanges): void;
}

/** The pairs at second `sec`: each continued from its stored state, or backfilled up to `sec`. */
function startPairs(opts: SimulatorOptions, defs: readonly MarketDef[], sec: number): Map<string, SimPair> {
  const pairs = new Map<string, SimPair>();
  for (const def of defs) {
    const pair = new SimPair(def, opts.seed);
    const stored = opts.restore?.pairs.get(def.symbol);
    if (stored) restorePair(pair, stored);
    else pair.backfill(sec);
    pairs.set(def.symbol, pair);
  }
  return pairs;
}

/** The quotes of the simulated pairs; `sync` first brings the market up to the clock. */
function quotes(pairs: Map<string, SimPair>, clock: MarketClock, now: () => number, sync: () => void): Omit<MarketData, 'markets' | 'onTick' | 'close'> {
  const pairOf = (symbol: string): SimPair => {
    const pair = pairs.get(symbol);
    if (!pair) throw new Error(`unknown market ${symbol}`);
    return pair;
  };
  return {
    market: (symbol) => pairs.get(symbol)?.def,
    price(symbol) {
      const pair = pairOf(symbol);
      sync();
      return formatTicks(pair.walk.price, pair.walk.pd);
    },
    isOpen(symbol, at) {
      const pair = pairs.get(symbol);
      if (!pair) return false;
      return pair.walk.isOpenAtSec(Math.floor((at ?? now()) / 1000));
    },
    day(symbol) {
      const pair = pairOf(symbol);
      sync();
      return rollingDay(pair);
    },
    bars(symbol, period, limit, fromSec, toSec) {
      const pair = pairOf(symbol);
      if (!(period in PERIOD_SPECS)) throw new Error(`unknown period ${period}`);
      sync();
      return periodBars(pair, period, limit, fromSec, toSec);
    },
    priceAt(symbol, at) {
      const pair = pairOf(symbol);
      sync();
      if (at > clock.sec) return undefined;
      const p = pair.recorded(at);
      return p === undefined ? null : formatTicks(p, pair.walk.pd);
    },
  };
}

export function createSimulator(opts: SimulatorOptions, defs: readonly MarketDef[]): Simulator {
  const { now, restore } = opts;
  const autoStep = opts.autoStep ?? true;
  const startSec = restore ? restore.sec : Math.floor(now() / 1000);
  const pairs = startPairs(opts, defs, startSec);
  const clock = new MarketClock(pairs, startSec);
  /** Last second drained */
  let drained = clock.sec;
  const listeners = new TickListeners();
  let advancing = false;
  let closed = false;

  if (restore && !opts.replica) clock.skipTo(Math.floor(now() / 1000));

  function advanceTo(ms: number): void {
    const target = Math.floor(ms / 1000);
    if (closed || advancing || !(target > clock.sec)) return;
    advancing = true;
    try {
      clock.fill(target);
    } finally {
      advancing = false;
    }
    listeners.fire(ms);
  }

  const sync = () => {
    if (autoStep) advanceTo(now());
  };

  const timer = autoStep ? setInterval(sync, POLL_MS) : undefined;
  timer?.unref();

  return {
    markets: () => defs,
    ...quotes(pairs, clock, now, sync),
    drain() {
      const changes = { from: drained, sec: clock.sec, pairs: [...pairs.values()].map((p) => drainPair(p, drained, clock.sec)) };
      drained = clock.sec;
      return changes;
    },
    onTick: (listener) => listeners.add(listener),
    close() {
      closed = true;
      if (timer) clearInterval(timer);
      listeners.clear();
    },
    advanceTo,
    step: () => advanceTo((clock.sec + 1) * 1000),
    time: () => clock.sec * 1000,
    apply(changes) {
      for (const pc of changes.pairs) {
        const pair = pairs.get(pc.symbol);
        if (pair) applyPair(pair, pc);
      }
      clock.sec = changes.sec;
      drained = changes.sec;
      listeners.fire(changes.sec * 1000);
    },
  };
}
