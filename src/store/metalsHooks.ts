// The metals and forex poll as a hook. Apart from src/store/marketHooks.ts so that the
// routes showing crypto only (home) do not load the poller.
import { useEffect, useEffectEvent } from 'react';
import { useDispatch } from 'react-redux';
import { startMetalsPolling, type TickerFetcher } from '../feed/metals';
import { tickersUpdated } from './market';

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
