// The store's end of the feed bridge: a sink that dispatches the market slice's actions.
// The feed (a lower layer) never imports the store; the store hands it this sink.
import { connectFeed, type MarketSink, type StoreBridge } from '../feed/bridge';
import type { Feed } from '../feed/types';
import { statusChanged, tickersUpdated } from './market';

/** The part of a Redux store the bridge needs. */
export interface DispatchTarget {
  dispatch(action: ReturnType<typeof tickersUpdated> | ReturnType<typeof statusChanged>): unknown;
}

export function marketSink(store: DispatchTarget): MarketSink {
  return {
    tickersUpdated: (batch) => void store.dispatch(tickersUpdated(batch)),
    statusChanged: (status) => void store.dispatch(statusChanged(status)),
  };
}

/** Writes the feed's tickers (one dispatch per animation frame) and status into `store`. */
export function connectFeedToStore(feed: Feed, store: DispatchTarget, options: { requestFrame?: (fn: () => void) => void } = {}): StoreBridge {
  return connectFeed(feed, marketSink(store), options);
}

const bridges = new WeakMap<Feed, WeakMap<object, StoreBridge>>();

/** The one bridge of a feed and a store, created on first use and kept for the app's life. */
export function storeBridge(feed: Feed, store: DispatchTarget): StoreBridge {
  let byStore = bridges.get(feed);
  if (!byStore) {
    byStore = new WeakMap();
    bridges.set(feed, byStore);
  }
  let bridge = byStore.get(store);
  if (!bridge) {
    bridge = connectFeedToStore(feed, store);
    byStore.set(store, bridge);
  }
  return bridge;
}
