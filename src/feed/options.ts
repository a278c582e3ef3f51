// The feed's options; each module reads the ones it uses, defaulting from schemas/config/timings.json.
import type { FeedTimers, WebSocketCtor } from './types';

export interface FeedOptions {
  /** ws(s) URL, or a path resolved against the page origin; default `VITE_FEED_URL` or same-origin `/ws`. */
  url?: string | (() => string);
  /** WebSocket constructor; default the global one. */
  WebSocket?: WebSocketCtor;
  timers?: FeedTimers;
  now?: () => number;
  /** Default requestAnimationFrame, falling back to setTimeout 16 ms. */
  requestFrame?: (fn: () => void) => void;
  /** Client ping interval (timings.feed.pingMs). */
  pingMs?: number;
  /** Reply timeout after a client ping (timings.feed.pongTimeoutMs). */
  pongTimeoutMs?: number;
  /** Delay before reconnecting after an error or close (timings.feed.reconnectMs). */
  reconnectMs?: number;
  /** Longest wait for a socket to open before it is given up (default ping + pong timeout). */
  connectTimeoutMs?: number;
  /** Default timeout of `request` (timings.requestTimeoutMs). */
  requestTimeoutMs?: number;
  /** Error frames that belong to no request, and exceptions thrown by listeners. */
  onError?: (error: unknown) => void;
}

export const defaultTimers: FeedTimers = {
  // resolved at call time so fake timers installed after import still apply
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof globalThis.setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (h) => globalThis.clearInterval(h as ReturnType<typeof globalThis.setInterval>),
};

function envFeedUrl(): string | undefined {
  // Vite inlines the value at build time; import.meta.env is absent under plain node (tsx, bench)
  return (import.meta.env?.VITE_FEED_URL as string | undefined) || undefined;
}

/** Absolute ws(s) URL for a configured value (ws:, http: or a path) against the page location. */
export function resolveFeedUrl(configured: string | undefined, location: Pick<Location, 'protocol' | 'host'> | undefined = globalThis.location): string {
  const value = configured ?? '/ws';
  if (/^wss?:\/\//i.test(value)) return value;
  if (/^https?:\/\//i.test(value)) return value.replace(/^http/i, 'ws');
  if (!location) throw new Error('feed URL must be absolute outside a browser');
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${value.startsWith('/') ? '' : '/'}${value}`;
}

export function defaultRequestFrame(timers: FeedTimers): (fn: () => void) => void {
  return (fn) => {
    if (typeof globalThis.requestAnimationFrame === 'function') globalThis.requestAnimationFrame(() => fn());
    else timers.setTimeout(fn, 16);
  };
}

/** The URL of the next connection attempt. */
export function feedUrl(options: FeedOptions): string {
  return resolveFeedUrl((typeof options.url === 'function' ? options.url() : options.url) ?? envFeedUrl());
}

export const noop = () => {};

// resolved at call time, like the timers
export const systemNow = () => Date.now();
