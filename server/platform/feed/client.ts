// One websocket client of the feed: its socket, topics, heartbeat state and the token bucket
// its messages pass (excess answered with too-many-requests, a client that keeps flooding is closed).
import type { WebSocket } from 'ws';
import type { FeedOptions } from './options.ts';

export interface Queued {
  data: unknown;
  isBinary: boolean;
  /** Arrived over the rate: answered with too-many-requests, not handled */
  limited: boolean;
}

export interface Client {
  socket: WebSocket;
  ip: string;
  topics: Set<string>;
  /** Timestamps of pings sent and not answered yet */
  pending: number[];
  /** Token bucket: messages the client may send now, and when it was last refilled (performance.now) */
  tokens: number;
  refilledAt: number;
  /** Messages over the rate in a row */
  excess: number;
  /** Messages received and not handled yet */
  queue: Queued[];
  /** Closed by the server (flood, shutdown): further messages are dropped */
  closing: boolean;
  /** Flooded: no more messages are taken; closed with CLOSE_FLOOD once its queue is answered */
  flooded: boolean;
  /** Counted under its IP's cap; a promise while the shared count (Redis) answers, its messages waiting meanwhile */
  admitted: boolean | Promise<boolean>;
}

export function newClient(socket: WebSocket, ip: string, messageBurst: number, admitted: Client['admitted']): Client {
  return {
    socket,
    ip,
    topics: new Set(),
    pending: [],
    tokens: messageBurst,
    refilledAt: performance.now(),
    excess: 0,
    queue: [],
    closing: false,
    flooded: false,
    admitted,
  };
}

/**
 * A message arrived: takes a token ('ok'), or marks it over the rate ('limited'); after
 * maxExcessMessages of those in a row the client is flooding ('flood').
 */
export function meter(client: Client, options: FeedOptions): 'ok' | 'limited' | 'flood' {
  const { messagesPerSecond, messageBurst, maxExcessMessages } = options;
  const now = performance.now();
  client.tokens = Math.min(messageBurst, client.tokens + ((now - client.refilledAt) * messagesPerSecond) / 1000);
  client.refilledAt = now;
  if (client.tokens >= 1) {
    client.tokens -= 1;
    client.excess = 0;
    return 'ok';
  }
  return ++client.excess > maxExcessMessages ? 'flood' : 'limited';
}
