// React side of the feed. Subscriptions are held in effects (never during render), so server
// rendering and tests that only render never open a socket.
import { createContext, createElement, useContext, useEffect, useEffectEvent, type ReactNode } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { selectMarketStatus, selectTicker, selectTickers, tickersUpdated, type MarketStatus, type Ticker } from '../store/market';
import { storeBridge, type DispatchTarget } from './bridge';
import { startMetalsPolling, type TickerFetcher } from './metals';
import { feed as appFeed } from './singleton';
import type { Feed, Listener } from './types';

const FeedContext = createContext<Feed | null>(null);

/** Overrides the app feed for a subtree (tests, storybook-like previews). */
export function FeedProvider({ feed, children }: { feed: Feed; children?: ReactNode }) {
  return createElement(FeedContext.Provider, { value: feed }, children);
}

export function useFeed(): Feed {
  return useContext(FeedContext) ?? appFeed;
}

function useBridgeTarget(): DispatchTarget {
  return useStore() as unknown as DispatchTarget;
}

/** All tickers in the store; holds a `market.tickers` subscription while mounted. */
export function useTickers(): Record<string, Ticker> {
  const feed = useFeed();
  const store = useBridgeTarget();
  useEffect(() => storeBridge(feed, store).retainTickers(), [feed, store]);
  return useSelector(selectTickers);
}

/** One symbol's ticker; holds its `market.$symbol.detail` subscription while mounted. */
export function useTicker(symbol: string | null | undefined): Ticker | undefined {
  const feed = useFeed();
  const store = useBridgeTarget();
  useEffect(() => (symbol ? storeBridge(feed, store).retainDetail(symbol) : undefined), [feed, store, symbol]);
  return useSelector(selectTicker(symbol ?? ''));
}

/** Feed status as written to the store ('connecting' | 'live' | 'stale'). */
export function useMarketStatus(): MarketStatus {
  const feed = useFeed();
  const store = useBridgeTarget();
  useEffect(() => void storeBridge(feed, store), [feed, store]);
  return useSelector(selectMarketStatus);
}

/**
 * Calls `listener` with every tick of `topic` (klines, depth) while mounted; a null topic
 * holds nothing. The latest listener is always used without resubscribing.
 */
export function useTopic<T = unknown>(topic: string | null | undefined, listener: Listener<T>): void {
  const feed = useFeed();
  const onTick = useEffectEvent(listener);
  useEffect(() => (topic ? feed.subscribe<T>(topic, (data, ts) => onTick(data, ts)) : undefined), [feed, topic]);
}

/**
 * Polls metals and forex (from=2) every timings.metalsPollMs while `enabled` and the page is
 * visible, writing the results with `tickersUpdated`. Pass the trade-list call as `fetcher`.
 */
export function useMetalsPolling(enabled: boolean, fetcher: TickerFetcher): void {
  const dispatch = useDispatch();
  const fetchNow = useEffectEvent(() => fetcher());
  useEffect(() => {
    if (!enabled) return undefined;
    return startMetalsPolling({ fetcher: () => fetchNow(), onData: (tickers) => dispatch(tickersUpdated(tickers)) });
  }, [enabled, dispatch]);
}
