// The live market connection: one websocket, reference-counted topics, heartbeat,
// reconnect with resubscription, and `req` calls with ids.
import timings from '../../schemas/config/timings.json';
import { decodeFrame } from './frame';
import {
  FeedError,
  type Feed,
  type FeedStatus,
  type FeedTimers,
  type KlineBar,
  type Listener,
  type Observer,
  type WebSocketCtor,
  type WebSocketLike,
} from './types';

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

interface Subscriber {
  fn: Listener;
}

interface Pending {
  frame: string;
  sent: boolean;
  timer: unknown;
  resolve: (data: unknown[]) => void;
  reject: (error: Error) => void;
}

type Frame = Record<string, unknown>;

const defaultTimers: FeedTimers = {
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

function defaultRequestFrame(timers: FeedTimers): (fn: () => void) => void {
  return (fn) => {
    if (typeof globalThis.requestAnimationFrame === 'function') globalThis.requestAnimationFrame(() => fn());
    else timers.setTimeout(fn, 16);
  };
}

function isRecord(v: unknown): v is Frame {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// Split into modules (tried: connection, socket, heartbeat, topics, requests…) this made the home
// page's JavaScript 0.65 KB gzip larger, past its 146 KB budget: a closure's local names
// minify, the property names of the modules' interfaces do not. Until home has room, one function.
// eslint-disable-next-line max-lines-per-function
export function createFeed(options: FeedOptions = {}): Feed {
  const timers = options.timers ?? defaultTimers;
  const now = options.now ?? (() => Date.now());
  const requestFrame = options.requestFrame ?? defaultRequestFrame(timers);
  const pingMs = options.pingMs ?? timings.feed.pingMs;
  const pongTimeoutMs = options.pongTimeoutMs ?? timings.feed.pongTimeoutMs;
  const reconnectMs = options.reconnectMs ?? timings.feed.reconnectMs;
  const connectTimeoutMs = options.connectTimeoutMs ?? pingMs + pongTimeoutMs;
  const requestTimeoutMs = options.requestTimeoutMs ?? timings.requestTimeoutMs;
  const onError = options.onError ?? (() => {});

  const topics = new Map<string, Set<Subscriber>>();
  const observers = new Set<Observer>();
  const statusListeners = new Set<(s: FeedStatus) => void>();
  const pending = new Map<string, Pending>();

  let status: FeedStatus = 'connecting';
  let socket: WebSocketLike | null = null;
  let open = false;
  let started = false;
  let closed = false;
  let seq = 0;
  let reconnectTimer: unknown = null;
  let connectTimer: unknown = null;
  let pingTimer: unknown = null;
  let pongTimer: unknown = null;

  const nextId = (prefix: string) => `${prefix}${++seq}`;

  function setStatus(next: FeedStatus): void {
    if (status === next) return;
    status = next;
    for (const l of [...statusListeners]) safely(() => l(next));
  }

  function safely(fn: () => void): void {
    try {
      fn();
    } catch (e) {
      onError(e);
    }
  }

  function send(frame: object | string): boolean {
    if (!socket || !open) return false;
    try {
      socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
      return true;
    } catch (e) {
      onError(e);
      return false;
    }
  }

  function url(): string {
    const u = typeof options.url === 'function' ? options.url() : options.url;
    return resolveFeedUrl(u ?? envFeedUrl());
  }

  function clearTimer(kind: 'reconnect' | 'connect' | 'ping' | 'pong'): void {
    switch (kind) {
      case 'reconnect':
        if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer);
        reconnectTimer = null;
        break;
      case 'connect':
        if (connectTimer !== null) timers.clearTimeout(connectTimer);
        connectTimer = null;
        break;
      case 'ping':
        if (pingTimer !== null) timers.clearInterval(pingTimer);
        pingTimer = null;
        break;
      case 'pong':
        if (pongTimer !== null) timers.clearTimeout(pongTimer);
        pongTimer = null;
        break;
    }
  }

  function ensureStarted(): void {
    if (closed) return;
    if (!started) {
      started = true;
      openSocket();
    }
  }

  function openSocket(): void {
    clearTimer('reconnect');
    if (closed || socket) return;
    const Ctor = options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketCtor | undefined);
    let ws: WebSocketLike;
    try {
      if (!Ctor) throw new Error('WebSocket is not available');
      ws = new Ctor(url());
    } catch (e) {
      onError(e);
      setStatus('stale');
      scheduleReconnect(reconnectMs);
      return;
    }
    socket = ws;
    open = false;
    ws.binaryType = 'arraybuffer';
    ws.onopen = () => {
      if (socket !== ws) return;
      clearTimer('connect');
      open = true;
      startHeartbeat();
      // resubscribe every live topic, then send requests made while down
      for (const topic of topics.keys()) send({ sub: topic, id: nextId('s') });
      for (const p of pending.values()) if (!p.sent) p.sent = send(p.frame);
    };
    ws.onmessage = (ev) => {
      if (socket === ws) onFrame(ev.data);
    };
    ws.onerror = () => {
      if (socket === ws) drop(reconnectMs);
    };
    ws.onclose = () => {
      if (socket === ws) drop(reconnectMs);
    };
    connectTimer = timers.setTimeout(() => {
      connectTimer = null;
      if (socket === ws && !open) drop(reconnectMs);
    }, connectTimeoutMs);
  }

  /** Abandons the current socket and schedules the next attempt `delay` ms later (0: now). */
  function drop(delay: number | null): void {
    const ws = socket;
    socket = null;
    open = false;
    clearTimer('connect');
    clearTimer('ping');
    clearTimer('pong');
    if (ws) {
      ws.onopen = ws.onmessage = ws.onerror = null;
      ws.onclose = null;
      try {
        ws.close();
      } catch {
        // already closing
      }
    }
    for (const [id, p] of pending) {
      if (!p.sent) continue;
      pending.delete(id);
      timers.clearTimeout(p.timer);
      p.reject(new FeedError('disconnected', 'feed connection lost'));
    }
    setStatus('stale');
    if (delay !== null) scheduleReconnect(delay);
  }

  function scheduleReconnect(delay: number): void {
    if (closed) return;
    clearTimer('reconnect');
    if (delay <= 0) openSocket();
    else reconnectTimer = timers.setTimeout(openSocket, delay);
  }

  function startHeartbeat(): void {
    clearTimer('ping');
    pingTimer = timers.setInterval(() => {
      if (!open || pongTimer !== null) return;
      send({ ping: now() });
      pongTimer = timers.setTimeout(() => {
        pongTimer = null;
        // silent socket: give it up and reconnect at once
        drop(0);
      }, pongTimeoutMs);
    }, pingMs);
  }

  function onFrame(data: unknown): void {
    // any frame proves the connection is alive
    clearTimer('pong');
    let msg: unknown;
    try {
      msg = decodeFrame(data);
    } catch (e) {
      onError(e);
      return;
    }
    setStatus('live');
    if (!isRecord(msg)) return;
    if ('ping' in msg) {
      send({ pong: msg.ping });
      return;
    }
    if ('pong' in msg) return;
    if (typeof msg.ch === 'string') {
      const payload = msg.tick !== undefined ? msg.tick : msg.data;
      emit(msg.ch, payload, typeof msg.ts === 'number' ? msg.ts : now());
      return;
    }
    const id = msg.id === undefined || msg.id === null ? undefined : String(msg.id);
    const req = id === undefined ? undefined : pending.get(id);
    if (msg.status === 'error') {
      const err = new FeedError(String(msg['err-code'] ?? 'error'), String(msg['err-msg'] ?? 'feed error'));
      if (req && id !== undefined) settle(id, req, err);
      else onError(err);
      return;
    }
    if (req && id !== undefined && 'rep' in msg) settle(id, req, Array.isArray(msg.data) ? msg.data : []);
    // sub/unsub acks need no action
  }

  function settle(id: string, p: Pending, result: unknown[] | Error): void {
    pending.delete(id);
    timers.clearTimeout(p.timer);
    if (result instanceof Error) p.reject(result);
    else p.resolve(result);
  }

  function emit(topic: string, data: unknown, ts: number): void {
    const subs = topics.get(topic);
    if (subs) for (const s of [...subs]) safely(() => s.fn(data, ts));
    for (const o of [...observers]) safely(() => o(topic, data, ts));
  }

  const feed: Feed = {
    get status() {
      return status;
    },
    requestFrame,
    now,
    subscribe<T>(topic: string, listener: Listener<T>): () => void {
      const sub: Subscriber = { fn: listener as Listener };
      let subs = topics.get(topic);
      if (!subs) {
        subs = new Set();
        topics.set(topic, subs);
        send({ sub: topic, id: nextId('s') });
      }
      subs.add(sub);
      ensureStarted();
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        const set = topics.get(topic);
        if (!set?.delete(sub) || set.size > 0) return;
        topics.delete(topic);
        send({ unsub: topic, id: nextId('u') });
      };
    },
    request<T = KlineBar>(topic: string, range: { from?: number; to?: number } = {}, opts: { timeoutMs?: number } = {}): Promise<T[]> {
      if (closed) return Promise.reject(new FeedError('closed', 'feed is closed'));
      return new Promise<T[]>((resolve, reject) => {
        const id = nextId('r');
        const frame: Record<string, unknown> = { req: topic, id };
        if (range.from !== undefined) frame.from = range.from;
        if (range.to !== undefined) frame.to = range.to;
        const p: Pending = {
          frame: JSON.stringify(frame),
          sent: false,
          timer: timers.setTimeout(() => {
            if (pending.get(id) === p) settle(id, p, new FeedError('timeout', `no reply to ${topic}`));
          }, opts.timeoutMs ?? requestTimeoutMs),
          resolve: resolve as (data: unknown[]) => void,
          reject,
        };
        pending.set(id, p);
        p.sent = send(p.frame);
        ensureStarted();
      });
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    },
    observe(listener) {
      observers.add(listener);
      return () => void observers.delete(listener);
    },
    connect: ensureStarted,
    close() {
      if (closed) return;
      closed = true;
      clearTimer('reconnect');
      drop(null);
      for (const [id, p] of pending) settle(id, p, new FeedError('closed', 'feed is closed'));
    },
    refCount(topic) {
      return topics.get(topic)?.size ?? 0;
    },
  };
  return feed;
}
