// Market slice: live tickers (feed for crypto, polling for metals and forex) and the feed status.
import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import type { MarketStatus, Ticker } from '../feed/types';

export type { DecimalValue, MarketStatus, Ticker } from '../feed/types';

export interface MarketState {
  status: MarketStatus;
  tickers: Record<string, Ticker>;
}

const FIELDS = ['open', 'close', 'high', 'low', 'amount', 'vol', 'count', 'bid', 'ask', 'ts'] as const;

function same(a: Ticker, b: Ticker): boolean {
  for (const k of FIELDS) if (b[k] !== undefined && a[k] !== b[k]) return false;
  return true;
}

/**
 * Merges tickers by symbol. Unchanged tickers keep their object identity, so a component
 * selecting one symbol does not re-render for another symbol's update. Written without
 * Immer: it runs once per animation frame with up to a few hundred rows, and proxy drafts
 * cost several times the rest of the feed path (see tests/bench/feed-throughput.ts).
 */
function mergeTickers(state: MarketState, updates: readonly Ticker[]): MarketState {
  let tickers = state.tickers;
  let copied = false;
  for (const t of updates) {
    const prev = tickers[t.symbol];
    if (prev !== undefined && same(prev, t)) continue;
    // a complete row is stored as it came (actions are immutable); a partial one is merged
    let next = t;
    if (prev !== undefined && (t.bid === undefined || t.ask === undefined)) {
      next = { ...prev, ...t };
      if (t.bid === undefined && prev.bid !== undefined) next.bid = prev.bid;
      if (t.ask === undefined && prev.ask !== undefined) next.ask = prev.ask;
    }
    if (!copied) {
      tickers = { ...tickers };
      copied = true;
    }
    tickers[t.symbol] = next;
  }
  return copied ? { ...state, tickers } : state;
}

const marketSlice = createSlice({
  name: 'market',
  initialState: (): MarketState => ({ status: 'connecting', tickers: {} }),
  reducers: {
    /** Merges tickers by symbol (handled by `mergeTickers` in `marketReducer`). */
    tickersUpdated: (_state, _action: PayloadAction<Ticker[]>) => {},
    statusChanged: (state, action: PayloadAction<MarketStatus>) => {
      state.status = action.payload;
    },
  },
});

export const { tickersUpdated, statusChanged } = marketSlice.actions;

export function marketReducer(state: MarketState | undefined, action: UnknownAction): MarketState {
  if (tickersUpdated.match(action)) return mergeTickers(state ?? marketSlice.getInitialState(), action.payload);
  return marketSlice.reducer(state, action);
}

type WithMarket = { market: MarketState };

export const selectTickers = (state: WithMarket): Record<string, Ticker> => state.market.tickers;
export const selectTicker =
  (symbol: string) =>
  (state: WithMarket): Ticker | undefined =>
    state.market.tickers[symbol];
export const selectMarketStatus = (state: WithMarket): MarketStatus => state.market.status;
