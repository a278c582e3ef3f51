// Public types of the live market feed; its wire types (HTX/Huobi market websocket protocol) are contract/feed-protocol.ts.
import type { KlineTick } from '../../contract/feed-protocol';

/** 'connecting' before the first frame ever; 'live' while frames arrive; 'stale' while down or silent. */
export type FeedStatus = 'connecting' | 'live' | 'stale';

/** Feed status as the market slice keeps it. */
export type MarketStatus = FeedStatus;

/** A price or amount: a JSON number from the feed, or an exact decimal string from the trade list. */
export type DecimalValue = number | string;

/** One market's 24 h ticker as the app keeps it (feed pushes and polled quotes alike). */
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

// The payloads of the feed's topics are the protocol's (contract/feed-protocol.ts), under the names the app has used
export type { DepthTick, DetailTick, FeedPeriod as KlinePeriod, KlineTick as KlineBar, TickerRow } from '../../contract/feed-protocol';
/** An error frame (`{"status":"error","err-code","err-msg"}`) or a local failure (timeout, disconnect). */
export class FeedError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'FeedError';
    this.code = code;
  }
}

/** The part of the DOM WebSocket the feed uses; tests pass a fake class. */
export interface WebSocketLike {
  binaryType: string;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
}

export type WebSocketCtor = new (url: string) => WebSocketLike;

/** Injectable clock and timers; handles are opaque. */
export interface FeedTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export type Listener<T = unknown> = (data: T, ts: number) => void;
/** Sees every push (`ch` frame) whether or not anyone subscribed to its topic. */
export type Observer = (topic: string, data: unknown, ts: number) => void;

export interface Feed {
  /** Current connection status. */
  readonly status: FeedStatus;
  /** Scheduler used to coalesce work to one run per animation frame. */
  readonly requestFrame: (fn: () => void) => void;
  /** Clock the feed uses (ms since epoch). */
  readonly now: () => number;
  /**
   * Adds a listener to a topic. The first listener of a topic sends `sub`, the last one to
   * leave sends `unsub`. Listeners get the decoded `tick` (or the `data` array of
   * `market.tickers`) and the frame's `ts`. Returns the unsubscribe function (idempotent).
   */
  subscribe<T = unknown>(topic: string, listener: Listener<T>): () => void;
  /** One `req` with a fresh id; resolves with the reply's `data`, rejects on an error frame, a disconnect or the timeout. */
  request<T = KlineTick>(topic: string, range?: { from?: number; to?: number }, options?: { timeoutMs?: number }): Promise<T[]>;
  /** Status changes; returns an unsubscribe. */
  onStatus(listener: (status: FeedStatus) => void): () => void;
  /** Every push frame, without holding a subscription; returns an unsubscribe. */
  observe(listener: Observer): () => void;
  /** Opens the socket if it is not open yet (subscribe and request do this themselves). */
  connect(): void;
  /** Closes for good: no reconnect, pending requests are rejected. */
  close(): void;
  /** Number of listeners on a topic (0 when not subscribed). */
  refCount(topic: string): number;
}
