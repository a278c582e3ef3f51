// Market hooks: read the market slice and hold the feed subscriptions (or the metals poll)
// that keep it fresh while mounted. Subscriptions live in effects, never in render.
import { useEffect, useEffectEvent } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { useFeed } from '../feed/hooks';
import { startMetalsPolling, type TickerFetcher } from '../feed/metals';
import type { MarketStatus, Ticker } from '../feed/types';
import { storeBridge, type DispatchTarget } from './feedBridge';
import { selectMarketStatus, selectTicker, selectTickers, tickersUpdated } from './market';

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
