// Market hooks: read the market slice and hold the feed subscriptions
// that keep it fresh while mounted. Subscriptions live in effects, never in render.
import { useEffect } from 'react';
import { useSelector, useStore } from 'react-redux';
import { useFeed } from '../feed/hooks';
import type { MarketStatus, Ticker } from '../feed/types';
import { storeBridge, type DispatchTarget } from './feedBridge';
import { selectMarketStatus, selectTicker, selectTickers } from './market';

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
