// The feed's connections and subscriptions, one shared tick loop and the heartbeat, put
// together from their modules, each a set of functions over the shared FeedCore (core.ts):
//   connections.ts  a connection taken under its IP's cap, detached, closed by the server
//   inbox.ts        client messages queued and handled in bounded slices (client.ts: the token bucket)
//   incoming.ts     a message decoded and answered; topic-requests.ts: sub, unsub, req
//   push.ts         the push round of a tick (frames.ts builds the frames, wire.ts frames them once)
//   heartbeat.ts    pings, and closing the clients that do not answer
//   delivery.ts     sending, and closing a client too slow to read
// Server frames are gzip-compressed JSON in binary frames; clients send text.
//
// One client cannot stall the server: its messages pass a token bucket, wait in its queue and
// are handled in slices (inbox.ts), its subscriptions are capped, and kline history replies
// reuse encoded bars (kline-cache.ts).
import type { WebSocket } from 'ws';
import type { MarketData } from '../market/types.ts';
import type { Client } from './client.ts';
import { type ConnectionCaps, MemoryConnectionCaps } from './connection-caps.ts';
import { attach, disconnect } from './connections.ts';
import type { FeedCore } from './core.ts';
import { heartbeat } from './heartbeat.ts';
import { Inbox } from './inbox.ts';
import { handleMessage } from './incoming.ts';
import { KlineCache } from './kline-cache.ts';
import type { FeedOptions } from './options.ts';
import { pushRound, type TickStats } from './push.ts';
import { Subscriptions } from './subscriptions.ts';
import { CLOSE_FLOOD, CLOSE_GOING_AWAY } from '../../../contract/feed-protocol.ts';

export class FeedHub {
  lastTick: TickStats = { topics: 0, frames: 0, ms: 0 };
  private readonly core: FeedCore;
  private readonly unsubscribeTick: () => void;
  private readonly pingTimer: NodeJS.Timeout;

  constructor(
    market: MarketData,
    now: () => number,
    options: FeedOptions,
    /** Connections per client IP: this process's, or all instances' (connection-caps.ts) */
    caps: ConnectionCaps = new MemoryConnectionCaps(),
  ) {
    const core: FeedCore = {
      market,
      now,
      options,
      caps,
      clients: new Set(),
      subscriptions: new Subscriptions(),
      inbox: new Inbox(options, {
        handle: (client, message) => handleMessage(core, client, message),
        flooded: (client) => disconnect(core, client, CLOSE_FLOOD, 'too many requests'),
      }),
      klineCache: new KlineCache(options.klineCacheEntries),
      shuttingDown: false,
    };
    this.core = core;
    this.unsubscribeTick = market.onTick(() => this.tick());
    this.pingTimer = setInterval(() => this.heartbeat(), options.pingIntervalMs);
    this.pingTimer.unref();
  }

  get options(): FeedOptions {
    return this.core.options;
  }

  /** The connected clients */
  get clients(): ReadonlySet<Client> {
    return this.core.clients;
  }

  get klineCache(): KlineCache {
    return this.core.klineCache;
  }

  /**
   * Server shutdown: no new connections; every client is closed with "going away" (1001) and
   * cut off if it does not answer the close within a second.
   */
  shutdown(): void {
    this.core.shuttingDown = true;
    for (const client of [...this.core.clients]) disconnect(this.core, client, CLOSE_GOING_AWAY, 'server shutting down');
  }

  close(): Promise<void> {
    const { core } = this;
    core.shuttingDown = true;
    clearInterval(this.pingTimer);
    core.inbox.close();
    this.unsubscribeTick();
    for (const client of core.clients) client.socket.terminate();
    core.clients.clear();
    core.subscriptions.clear();
    core.klineCache.clear();
    return core.caps.close();
  }

  /** Open connections from `ip` on this instance */
  connections(ip: string): number {
    return this.core.caps.local(ip);
  }

  /** Whether a new connection from `ip` would be taken (not over maxConnectionsPerIp on all instances, not shutting down). */
  async accepts(ip: string): Promise<boolean> {
    return !this.core.shuttingDown && (await this.core.caps.count(ip)) < this.core.options.maxConnectionsPerIp;
  }

  /** Takes over a new connection from `ip`; closes it at once when the IP holds too many or the server is shutting down. */
  attach(socket: WebSocket, ip = ''): void {
    attach(this.core, socket, ip);
  }

  /** One push round (on every market tick) */
  tick(): void {
    this.lastTick = pushRound(this.core);
  }

  /** Pings every client; closes those that left maxMissedPings pings unanswered. */
  heartbeat(): void {
    heartbeat(this.core);
  }
}
