// Metals and forex are not on the feed: they are polled (timings.metalsPollMs) while wanted
// and while the page is visible.
import timings from '../../schemas/config/timings.json';
import type { DecimalValue, FeedTimers, Ticker } from './types';

/** A quote as the trade list returns it (decimal strings, kept exact) or with numbers. */
export interface TickerInput {
  symbol: string;
  open: DecimalValue;
  close: DecimalValue;
  high: DecimalValue;
  low: DecimalValue;
  amount?: DecimalValue;
  vol?: DecimalValue;
  count?: number | string;
  bid?: DecimalValue;
  ask?: DecimalValue;
  ts?: number;
}

export type TickerFetcher = () => Promise<readonly TickerInput[]>;

export function toTicker(input: TickerInput, ts: number): Ticker {
  const t: Ticker = {
    symbol: input.symbol,
    open: input.open,
    close: input.close,
    high: input.high,
    low: input.low,
    amount: input.amount ?? 0,
    vol: input.vol ?? 0,
    count: Number(input.count ?? 0) || 0,
    ts: input.ts ?? ts,
  };
  if (input.bid !== undefined) t.bid = input.bid;
  if (input.ask !== undefined) t.ask = input.ask;
  return t;
}

export interface VisibilitySource {
  readonly visibilityState: string;
  addEventListener(type: 'visibilitychange', fn: () => void): void;
  removeEventListener(type: 'visibilitychange', fn: () => void): void;
}

export interface PollingOptions {
  fetcher: TickerFetcher;
  onData: (tickers: Ticker[]) => void;
  intervalMs?: number;
  timers?: Pick<FeedTimers, 'setTimeout' | 'clearTimeout'>;
  now?: () => number;
  /** Default `document`; without one the page counts as always visible. */
  document?: VisibilitySource;
  onError?: (error: unknown) => void;
}

/**
 * Calls `fetcher` at once and then every `intervalMs` (measured from the start of the previous
 * call, never overlapping) while the document is visible; pauses when it is hidden and resumes
 * with an immediate call when it is shown again. Returns stop.
 */
export function startMetalsPolling(options: PollingOptions): () => void {
  const intervalMs = options.intervalMs ?? timings.metalsPollMs;
  const timers = options.timers ?? {
    setTimeout: (fn: () => void, ms: number) => globalThis.setTimeout(fn, ms),
    clearTimeout: (h: unknown) => globalThis.clearTimeout(h as ReturnType<typeof globalThis.setTimeout>),
  };
  const now = options.now ?? (() => Date.now());
  const doc = options.document ?? (globalThis.document as VisibilitySource | undefined);
  let timer: unknown = null;
  let inFlight = false;
  let stopped = false;
  // bumps on hide/stop so a late reply of an abandoned cycle neither writes nor reschedules
  let generation = 0;

  const visible = () => !doc || doc.visibilityState !== 'hidden';

  function clear(): void {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  }

  function poll(): void {
    timer = null;
    if (stopped || inFlight || !visible()) return;
    inFlight = true;
    const gen = generation;
    const started = now();
    let promise: Promise<readonly TickerInput[]>;
    try {
      promise = options.fetcher();
    } catch (e) {
      promise = Promise.reject(e);
    }
    promise
      .then((list) => {
        if (gen === generation && list.length) options.onData(list.map((i) => toTicker(i, now())));
      })
      .catch((e: unknown) => {
        if (gen === generation) options.onError?.(e);
      })
      .finally(() => {
        inFlight = false;
        if (stopped || !visible()) return;
        if (gen !== generation) {
          // shown again while this call ran: the resumed cycle waited for it
          if (timer === null) poll();
          return;
        }
        timer = timers.setTimeout(poll, Math.max(0, intervalMs - (now() - started)));
      });
  }

  function onVisibility(): void {
    if (stopped) return;
    if (visible()) {
      if (timer === null && !inFlight) poll();
    } else {
      generation++;
      clear();
    }
  }

  doc?.addEventListener('visibilitychange', onVisibility);
  poll();
  return () => {
    stopped = true;
    generation++;
    clear();
    doc?.removeEventListener('visibilitychange', onVisibility);
  };
}
