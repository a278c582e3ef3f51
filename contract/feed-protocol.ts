// The market feed's wire protocol (HTX/Huobi market websocket compatible), written once for both
// sides: the server (server/platform/feed) and the app (src/feed) import the path, the topic names,
// the frames each way, each topic's payload and the protocol's constants from here. Types and
// constants only, so the app's bundle gains a few strings and nothing else.
//
// Server → client frames are gzip-compressed JSON in binary websocket messages; the client sends
// text JSON. Prices and amounts are JSON numbers on the wire, as HTX sends them.

/** Where the feed is served (same origin as the API) */
export const FEED_PATH = '/ws';

/** The kline periods the feed serves (and the market keeps bars of) */
export const FEED_PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon'] as const;
export type FeedPeriod = (typeof FEED_PERIODS)[number];

// ---- topics ----

export const TICKERS_TOPIC = 'market.tickers';
export const detailTopic = (symbol: string): string => `market.${symbol}.detail`;
export const klineTopic = (symbol: string, period: string): string => `market.${symbol}.kline.${period}`;
export const depthTopic = (symbol: string): string => `market.${symbol}.depth.step0`;

/** A per-symbol topic's name: group 1 the symbol, group 2 the rest, group 3 a kline's period */
export const SYMBOL_TOPIC_PATTERN = /^market\.([a-z0-9]{1,20})\.(detail|kline\.([0-9a-z]{1,6})|depth\.step0)$/;

/** Bars per kline request (and per REST kline call) */
export const MAX_BARS = 300;
/** Levels on each side of market.$symbol.depth.step0 */
export const DEPTH_LEVELS = 20;

// ---- payloads ----

/** One row of a `market.tickers` push: every crypto pair's 24 h values and the top of its book. */
export interface TickerRow {
  symbol: string;
  open: number;
  high: number;
  low: number;
  close: number;
  amount: number;
  vol: number;
  count: number;
  bid?: number;
  bidSize?: number;
  ask?: number;
  askSize?: number;
}

/** Tick of `market.$symbol.detail` (24 h rolling window); id and version are the second of the tick. */
export interface DetailTick {
  id: number;
  amount: number;
  count: number;
  open: number;
  close: number;
  low: number;
  high: number;
  vol: number;
  version?: number;
}

/** Tick of `market.$symbol.kline.$period` and a bar of a `req` reply; `id` is the period start in epoch seconds. */
export interface KlineTick {
  id: number;
  open: number;
  close: number;
  low: number;
  high: number;
  amount: number;
  vol: number;
  count: number;
}

/** Tick of `market.$symbol.depth.step0`: [price, size] levels, best first. */
export interface DepthTick {
  bids: Array<[number, number]>;
  asks: Array<[number, number]>;
  ts?: number;
  version?: number;
}

// ---- frames ----

/** A request's id, echoed in its answer */
export type FrameId = string | number;

export interface PingFrame {
  ping: number;
}
export interface PongFrame {
  pong: number;
}
export interface SubFrame {
  sub: string;
  id?: FrameId;
}
export interface UnsubFrame {
  unsub: string;
  id?: FrameId;
}
/** History of a topic (a kline's bars within [from, to], epoch seconds), or its current value */
export interface ReqFrame {
  req: string;
  id?: FrameId;
  from?: number;
  to?: number;
}

/** What a client sends; the server answers a ping with a pong and pings on its own (a client answers with a pong). */
export type ClientFrame = PingFrame | PongFrame | SubFrame | UnsubFrame | ReqFrame;

/** A push of a subscribed topic: `data` for market.tickers, `tick` for the others */
export interface PushFrame {
  ch: string;
  ts: number;
  tick?: DetailTick | KlineTick | DepthTick;
  data?: TickerRow[];
}
export interface SubAckFrame {
  id?: FrameId;
  status: 'ok';
  subbed: string;
  ts: number;
}
export interface UnsubAckFrame {
  id?: FrameId;
  status: 'ok';
  unsubbed: string;
  ts: number;
}
export interface ReplyFrame {
  rep: string;
  status: 'ok';
  id?: FrameId;
  ts: number;
  data: unknown;
}

/** Why the server refused a frame (`err-code`) */
export const FEED_ERROR_CODES = ['bad-request', 'too-many-requests', 'too-many-subscriptions'] as const;
export type FeedErrorCode = (typeof FEED_ERROR_CODES)[number];

export interface ErrorFrame {
  id?: FrameId;
  status: 'error';
  'err-code': FeedErrorCode;
  'err-msg': string;
  ts: number;
}

export type ServerFrame = PingFrame | PongFrame | PushFrame | SubAckFrame | UnsubAckFrame | ReplyFrame | ErrorFrame;

// ---- close codes ----

/** A client missed its pongs */
export const CLOSE_PING_TIMEOUT = 4000;
/** A client cannot keep up with the pushes */
export const CLOSE_TOO_SLOW = 4001;
/** A client kept sending over its message rate */
export const CLOSE_FLOOD = 4002;
/** A client IP already holds the most connections it may */
export const CLOSE_TOO_MANY_CONNECTIONS = 4003;
/** The server shuts down (websocket "going away") */
export const CLOSE_GOING_AWAY = 1001;
