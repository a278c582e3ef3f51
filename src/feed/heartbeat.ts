// Client pings while the socket is open; a ping left unanswered past the pong timeout means the
// socket went silent. Any frame counts as an answer.
import type { PingFrame } from '../../contract/feed-protocol';
import timings from '../../schemas/config/timings.json';
import { systemNow, type FeedOptions } from './options';
import type { FeedTimers } from './types';

export interface Heartbeat {
  start(): void;
  stop(): void;
  /** A frame arrived: the connection is alive. */
  heard(): void;
}

export function createHeartbeat(options: FeedOptions, timers: FeedTimers, ping: (frame: PingFrame) => void, silent: () => void): Heartbeat {
  const now = options.now ?? systemNow;
  let pingTimer: unknown = null;
  let pongTimer: unknown = null;
  const heard = () => {
    if (pongTimer !== null) timers.clearTimeout(pongTimer);
    pongTimer = null;
  };
  const stop = () => {
    if (pingTimer !== null) timers.clearInterval(pingTimer);
    pingTimer = null;
    heard();
  };
  return {
    start() {
      stop();
      pingTimer = timers.setInterval(() => {
        if (pongTimer !== null) return;
        ping({ ping: now() });
        pongTimer = timers.setTimeout(() => {
          pongTimer = null;
          silent();
        }, options.pongTimeoutMs ?? timings.feed.pongTimeoutMs);
      }, options.pingMs ?? timings.feed.pingMs);
    },
    stop,
    heard,
  };
}
