// Metals and forex are not on the feed: their prices are polled from /base/tradelist.
import type { Dispatch } from '@reduxjs/toolkit';
import { endpoint as tradeList } from '../../api/generated/screens/trade-list';
import type { Ticker } from '../../store/market';

export async function fetchMetals(dispatch: Dispatch): Promise<Ticker[]> {
  // one cache entry for the whole polling, not one per call
  const call = (dispatch as (a: unknown) => ReturnType<ReturnType<typeof tradeList.initiate>>)(
    tradeList.initiate({ from: 2, page: 1, pageSize: 100 }, { fixedCacheKey: 'metals-poll' }),
  );
  const res = await call;
  if (!('data' in res) || !res.data) return [];
  const ts = Date.now();
  return res.data.list.map((p) => ({ symbol: p.symbol, open: p.open, close: p.close, high: p.high, low: p.low, amount: p.amount, vol: p.vol, count: 0, ts }));
}
