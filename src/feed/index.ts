// Live market connection: one socket for the app, refcounted topics, heartbeat, reconnect,
// and one store write per animation frame. See DESIGN.md (src/feed).
export { createFeed, resolveFeedUrl, type FeedOptions } from './feed';
export { feed, getFeed } from './singleton';
export { decodeFrame, frameText } from './frame';
export {
  connectFeedToStore,
  storeBridge,
  tickerFromRow,
  TICKERS_TOPIC,
  detailTopic,
  klineTopic,
  depthTopic,
  type DispatchTarget,
  type StoreBridge,
} from './bridge';
export { startMetalsPolling, toTicker, type PollingOptions, type TickerFetcher, type TickerInput, type VisibilitySource } from './metals';
export { FeedProvider, useFeed, useMarketStatus, useMetalsPolling, useTicker, useTickers, useTopic } from './hooks';
export {
  FeedError,
  type DepthTick,
  type DetailTick,
  type Feed,
  type FeedStatus,
  type FeedTimers,
  type KlineBar,
  type KlinePeriod,
  type Listener,
  type Observer,
  type TickerRow,
  type WebSocketCtor,
  type WebSocketLike,
} from './types';
