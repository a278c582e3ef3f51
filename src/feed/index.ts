// Live market connection: one socket for the app, refcounted topics, heartbeat, reconnect,
// and one write per animation frame into an injected sink (the store's is src/store/feedBridge.ts).
// Nothing here imports src/store. See docs/architecture.md (the feed layer) and contract/feed-protocol.ts.
export { createFeed, resolveFeedUrl, type FeedOptions } from './feed';
export { feed, getFeed } from './singleton';
export { decodeFrame, frameText } from './frame';
export { connectFeed, tickerFromRow, TICKERS_TOPIC, detailTopic, klineTopic, depthTopic, type MarketSink, type StoreBridge } from './bridge';
export { startMetalsPolling, toTicker, type PollingOptions, type TickerFetcher, type TickerInput, type VisibilitySource } from './metals';
export { FeedProvider, useFeed, useTopic } from './hooks';
export {
  FeedError,
  type DepthTick,
  type DecimalValue,
  type DetailTick,
  type Feed,
  type FeedStatus,
  type FeedTimers,
  type KlineBar,
  type KlinePeriod,
  type Listener,
  type MarketStatus,
  type Observer,
  type Ticker,
  type TickerRow,
  type WebSocketCtor,
  type WebSocketLike,
} from './types';
