// Feed → store: ticker and detail pushes accumulate per symbol and are written with ONE
// call per animation frame; status changes are written as they happen. The feed does not
// know the store: the writes go to an injected sink (src/store/feedBridge.ts makes one
// that dispatches the market slice's actions).
import { detailTopic, SYMBOL_TOPIC_PATTERN, TICKERS_TOPIC } from '../../contract/feed-protocol';
import type { DetailTick, Feed, FeedStatus, Ticker, TickerRow } from './types';

// the topic names are the protocol's (contract/feed-protocol.ts)
export { depthTopic, detailTopic, klineTopic, TICKERS_TOPIC } from '../../contract/feed-protocol';

/** Where the bridge writes: one batch of tickers per frame, and every status change. */
export interface MarketSink {
  tickersUpdated(batch: Ticker[]): void;
  statusChanged(status: FeedStatus): void;
}

export interface StoreBridge {
  /** Holds a `market.tickers` subscription until the returned release is called (refcounted by the feed). */
  retainTickers(): () => void;
  /** Holds a `market.$symbol.detail` subscription until released. */
  retainDetail(symbol: string): () => void;
  /** Writes what has accumulated now instead of on the next frame (tests, benchmarks). */
  flush(): void;
  /** Stops observing the feed; pending updates are dropped. */
  disconnect(): void;
}

export function tickerFromRow(row: TickerRow, ts: number): Ticker {
  const t: Ticker = {
    symbol: row.symbol,
    open: row.open,
    close: row.close,
    high: row.high,
    low: row.low,
    amount: row.amount,
    vol: row.vol,
    count: row.count,
    ts,
  };
  if (row.bid !== undefined) t.bid = row.bid;
  if (row.ask !== undefined) t.ask = row.ask;
  return t;
}

const noop = () => {};

export function connectFeed(feed: Feed, sink: MarketSink, options: { requestFrame?: (fn: () => void) => void } = {}): StoreBridge {
  const requestFrame = options.requestFrame ?? feed.requestFrame;
  let pending = new Map<string, Ticker>();
  let scheduled = false;
  let connected = true;

  function flush(): void {
    scheduled = false;
    if (!connected || pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    sink.tickersUpdated(batch);
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    requestFrame(() => {
      if (scheduled) flush();
    });
  }

  const stopObserving = feed.observe((topic, data, ts) => {
    if (topic === TICKERS_TOPIC) {
      if (!Array.isArray(data)) return;
      for (const row of data as TickerRow[]) {
        if (row && typeof row.symbol === 'string') {
          const prev = pending.get(row.symbol);
          const next = tickerFromRow(row, ts);
          // a detail earlier in this frame may have bid/ask-less data; keep what we had
          pending.set(row.symbol, prev ? { ...prev, ...next } : next);
        }
      }
      schedule();
      return;
    }
    const m = SYMBOL_TOPIC_PATTERN.exec(topic);
    if (m?.[2] === 'detail' && data && typeof data === 'object') {
      const d = data as DetailTick;
      const symbol = m[1];
      const prev = pending.get(symbol);
      pending.set(symbol, {
        ...prev,
        symbol,
        open: d.open,
        close: d.close,
        high: d.high,
        low: d.low,
        amount: d.amount,
        vol: d.vol,
        count: d.count,
        ts,
      });
      schedule();
    }
  });

  sink.statusChanged(feed.status);
  const stopStatus = feed.onStatus((s) => {
    if (connected) sink.statusChanged(s);
  });

  return {
    retainTickers: () => feed.subscribe(TICKERS_TOPIC, noop),
    retainDetail: (symbol) => feed.subscribe(detailTopic(symbol), noop),
    flush,
    disconnect() {
      connected = false;
      pending.clear();
      stopObserving();
      stopStatus();
    },
  };
}
