// What the feed's parts share: the market, the clock, the limits and the live connections.
// FeedHub (hub.ts) builds it; the parts are functions over it, each in its own module.
import type { MarketData } from '../market/types.ts';
import type { Client } from './client.ts';
import type { ConnectionCaps } from './connection-caps.ts';
import type { Inbox } from './inbox.ts';
import type { KlineCache } from './kline-cache.ts';
import type { FeedOptions } from './options.ts';
import type { Subscriptions } from './subscriptions.ts';

export interface FeedCore {
  readonly market: MarketData;
  readonly now: () => number;
  readonly options: FeedOptions;
  /** Connections per client IP: this process's, or all instances' (connection-caps.ts) */
  readonly caps: ConnectionCaps;
  readonly clients: Set<Client>;
  readonly subscriptions: Subscriptions;
  readonly inbox: Inbox;
  readonly klineCache: KlineCache;
  /** No new connections or messages are taken */
  shuttingDown: boolean;
}
