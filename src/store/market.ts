// Market slice: live tickers (feed for crypto, polling for metals and forex) and the feed status.
import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import type { FeedStatus } from '../feed/types';

export type MarketStatus = FeedStatus;

/** A price or amount: a JSON number from the feed, or an exact decimal string from the trade list. */
export type DecimalValue = number | string;

export interface Ticker {
  symbol: string;
  open: DecimalValue;
  close: DecimalValue;
  high: DecimalValue;
  low: DecimalValue;
  /** Base amount traded (24 h) */
  amount: DecimalValue;
  /** Quote volume (24 h) */
  vol: DecimalValue;
  count: number;
  bid?: DecimalValue;
  ask?: DecimalValue;
  /** Time of the frame (or poll) that carried it, ms since epoch */
  ts: number;
}

export interface MarketState {
  status: MarketStatus;
  tickers: Record<string, Ticker>;
}

const FIELDS = ['open', 'close', 'high', 'low', 'amount', 'vol', 'count', 'bid', 'ask', 'ts'] as const;

function same(a: Ticker, b: Ticker): boolean {
  for (const k of FIELDS) if (b[k] !== undefined && a[k] !== b[k]) return false;
  return true;
}

/**
 * Merges tickers by symbol. Unchanged tickers keep their object identity, so a component
 * selecting one symbol does not re-render for another symbol's update. Written without
 * Immer: it runs once per animation frame with up to a few hundred rows, and proxy drafts
 * cost several times the rest of the feed path (see tests/bench/feed-throughput.ts).
 */
function mergeTickers(state: MarketState, updates: readonly Ticker[]): MarketState {
  let tickers = state.tickers;
  let copied = false;
  for (const t of updates) {
    const prev = tickers[t.symbol];
    if (prev !== undefined && same(prev, t)) continue;
    // a complete row is stored as it came (actions are immutable); a partial one is merged
    let next = t;
    if (prev !== undefined && (t.bid === undefined || t.ask === undefined)) {
      next = { ...prev, ...t };
      if (t.bid === undefined && prev.bid !== undefined) next.bid = prev.bid;
      if (t.ask === undefined && prev.ask !== undefined) next.ask = prev.ask;
    }
    if (!copied) {
      tickers = { ...tickers };
      copied = true;
    }
    tickers[t.symbol] = next;
  }
  return copied ? { ...state, tickers } : state;
}

const marketSlice = createSlice({
  name: 'market',
  initialState: (): MarketState => ({ status: 'connecting', tickers: {} }),
  reducers: {
    /** Merges tickers by symbol (handled by `mergeTickers` in `marketReducer`). */
    tickersUpdated: (_state, _action: PayloadAction<Ticker[]>) => {},
    statusChanged: (state, action: PayloadAction<MarketStatus>) => {
      state.status = action.payload;
    },
  },
});

export const { tickersUpdated, statusChanged } = marketSlice.actions;

export function marketReducer(state: MarketState | undefined, action: UnknownAction): MarketState {
  if (tickersUpdated.match(action)) return mergeTickers(state ?? marketSlice.getInitialState(), action.payload);
  return marketSlice.reducer(state, action);
}

type WithMarket = { market: MarketState };

export const selectTickers = (state: WithMarket): Record<string, Ticker> => state.market.tickers;
export const selectTicker =
  (symbol: string) =>
  (state: WithMarket): Ticker | undefined =>
    state.market.tickers[symbol];
export const selectMarketStatus = (state: WithMarket): MarketStatus => state.market.status;

// ---------------------------------------------------------------------------------------
// Exact decimal display helpers. Numbers are taken by their shortest round-trip string
// (what JSON carried), then handled as scaled BigInts, so 0.1 + 0.2 style errors never show.

interface Decimal {
  /** value = m × 10^e */
  m: bigint;
  e: number;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,4}))?$/;

function parseDecimal(value: DecimalValue): Decimal | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const match = DECIMAL.exec(String(value).trim());
  if (!match) return null;
  const [, sign, int = '', frac = '', exp] = match;
  if (!int && !frac) return null;
  const m = BigInt(int + frac);
  return { m: sign === '-' ? -m : m, e: (exp ? Number(exp) : 0) - frac.length };
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** Formats an integer holding `decimals` implied decimals; zero never gets a minus sign. */
function formatScaled(q: bigint, decimals: number): string {
  const neg = q < 0n;
  const digits = (neg ? -q : q).toString();
  if (decimals === 0) return (neg ? '-' : '') + digits;
  const padded = digits.padStart(decimals + 1, '0');
  return `${neg ? '-' : ''}${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
}

/**
 * (close − open) / open × 100, truncated toward zero to 2 decimals: "1.23", "-0.50", "0.00".
 * A zero or unreadable open gives "0.00".
 */
export function percentChange(open: DecimalValue, close: DecimalValue): string {
  const o = parseDecimal(open);
  const c = parseDecimal(close);
  if (!o || !c || o.m === 0n) return '0.00';
  const e = Math.min(o.e, c.e);
  const O = o.m * pow10(o.e - e);
  const C = c.m * pow10(c.e - e);
  // BigInt division truncates toward zero
  return formatScaled(((C - O) * 10000n) / O, 2);
}

/**
 * Rounds toward zero to `decimals` places and keeps trailing zeros: roundDown(1.5, 2) = "1.50",
 * roundDown("-1.239", 2) = "-1.23". Unreadable input (NaN, Infinity, not a number) gives "".
 */
export function roundDown(value: DecimalValue, decimals = 6): string {
  const d = parseDecimal(value);
  if (!d) return '';
  const places = Math.max(0, Math.floor(decimals));
  const shift = d.e + places;
  const q = shift >= 0 ? d.m * pow10(shift) : d.m / pow10(-shift);
  return formatScaled(q, places);
}
