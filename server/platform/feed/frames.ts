// What the server sends, as gzipped JSON: a topic's push frame and the data of a `req` reply.
import { gzipSync } from 'node:zlib';
import type { MarketData } from '../market/types.ts';
import type { TopicState } from './subscriptions.ts';
import { depth, detail, liveBar, tickers, type Topic } from './topics.ts';

export type Json = Record<string, unknown>;

export function encode(message: unknown): Buffer {
  return gzipSync(JSON.stringify(message));
}

/** The push frame of a topic at `ts`; for kline undefined when `onlyChanged` and the bar did not change. */
export function pushFrame(market: MarketData, state: TopicState, ts: number, onlyChanged: boolean): Buffer | undefined {
  const { topic } = state;
  const sec = Math.floor(ts / 1000);
  switch (topic.kind) {
    case 'tickers':
      return encode({ ch: topic.name, ts, data: tickers(market, sec) });
    case 'detail':
      return encode({ ch: topic.name, ts, tick: detail(market, topic.def, sec) });
    case 'depth':
      return encode({ ch: topic.name, ts, tick: depth(market, topic.def, ts, sec) });
    case 'kline': {
      const bar = liveBar(market, topic.def, topic.period);
      if (!bar) return undefined;
      const key = JSON.stringify(bar);
      if (onlyChanged && key === state.last) return undefined;
      state.last = key;
      return encode({ ch: topic.name, ts, tick: bar });
    }
  }
}

/** The `data` of a reply to a `req` for a topic other than kline (whose replies come from KlineCache). */
export function replyData(market: MarketData, topic: Exclude<Topic, { kind: 'kline' }>, ts: number): unknown {
  const sec = Math.floor(ts / 1000);
  switch (topic.kind) {
    case 'detail':
      return detail(market, topic.def, sec);
    case 'depth':
      return depth(market, topic.def, ts, sec);
    case 'tickers':
      return tickers(market, sec);
  }
}
