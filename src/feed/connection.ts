// One websocket at a time: opens it on first use, gives it up on error, close, a connect timeout
// or silence, and opens the next one after the reconnect delay until closed for good.
import timings from '../../schemas/config/timings.json';
import { createHeartbeat } from './heartbeat';
import { defaultTimers, feedUrl, noop, type FeedOptions } from './options';
import type { ClientFrame } from '../../contract/feed-protocol';
import type { WebSocketCtor, WebSocketLike } from './types';

export interface ConnectionEvents {
  /** The socket opened (resubscribe and flush here). */
  opened(): void;
  frame(data: unknown): void;
  /** The socket was given up; a new one follows unless closed. */
  lost(): void;
}

export interface Connection {
  /** Sends now if open; false when down (the caller keeps what must be resent). */
  /** A frame of the protocol, or one already serialised (a request's) */
  send(frame: ClientFrame | string): boolean;
  /** Opens the first socket (once). */
  start(): void;
  /** Closes for good. */
  close(): void;
}

function newSocket(options: FeedOptions): WebSocketLike {
  const Ctor = options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketCtor | undefined);
  if (!Ctor) throw new Error('WebSocket is not available');
  const ws = new Ctor(feedUrl(options));
  ws.binaryType = 'arraybuffer';
  return ws;
}

function discard(ws: WebSocketLike): void {
  ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
  try {
    ws.close();
  } catch {
    // already closing
  }
}

export function createConnection(options: FeedOptions, events: ConnectionEvents): Connection {
  const timers = options.timers ?? defaultTimers;
  const onError = options.onError ?? noop;
  const reconnectMs = options.reconnectMs ?? timings.feed.reconnectMs;
  const connectTimeoutMs = options.connectTimeoutMs ?? (options.pingMs ?? timings.feed.pingMs) + (options.pongTimeoutMs ?? timings.feed.pongTimeoutMs);
  const heartbeat = createHeartbeat(options, timers, send, () => drop(0));
  let socket: WebSocketLike | null = null;
  let open = false;
  let started = false;
  let closed = false;
  let reconnectTimer: unknown = null;
  let connectTimer: unknown = null;

  function send(frame: ClientFrame | string): boolean {
    if (!socket || !open) return false;
    try {
      socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
      return true;
    } catch (e) {
      onError(e);
      return false;
    }
  }

  function openSocket(): void {
    reconnectTimer = null;
    if (closed || socket) return;
    let ws: WebSocketLike;
    try {
      ws = socket = newSocket(options);
    } catch (e) {
      onError(e);
      events.lost();
      return reconnect(reconnectMs);
    }
    ws.onopen = () => {
      if (socket !== ws) return;
      open = true;
      heartbeat.start();
      events.opened();
    };
    ws.onmessage = (ev) => {
      if (socket !== ws) return;
      heartbeat.heard();
      events.frame(ev.data);
    };
    ws.onerror = ws.onclose = () => {
      if (socket === ws) drop(reconnectMs);
    };
    connectTimer = timers.setTimeout(() => {
      if (socket === ws && !open) drop(reconnectMs);
    }, connectTimeoutMs);
  }

  /** Abandons the current socket and reconnects `delay` ms later (0: now, null: never). */
  function drop(delay: number | null): void {
    if (socket) discard(socket);
    socket = null;
    open = false;
    timers.clearTimeout(connectTimer);
    timers.clearTimeout(reconnectTimer);
    heartbeat.stop();
    events.lost();
    if (delay !== null) reconnect(delay);
  }

  function reconnect(delay: number): void {
    if (closed) return;
    if (delay <= 0) openSocket();
    else reconnectTimer = timers.setTimeout(openSocket, delay);
  }

  return {
    send,
    start() {
      if (started || closed) return;
      started = true;
      openSocket();
    },
    close() {
      if (closed) return;
      closed = true;
      drop(null);
    },
  };
}
