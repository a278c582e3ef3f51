import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFeed, type Feed } from '../../../src/feed';
import { connectFeedToStore } from '../../../src/store/feedBridge';
import { createStore } from '../../../src/store';
import { marketReducer, selectMarketStatus, selectTicker, statusChanged, tickersUpdated } from '../../../src/store/market';
import { FakeSocket } from './fakeSocket';

const SYMBOLS = Array.from({ length: 20 }, (_, i) => `c${i}usdt`);

function row(symbol: string, close: number) {
  return { symbol, open: 100, high: 110, low: 90, close, amount: 12.5, vol: 1250, count: 7, bid: close - 0.01, bidSize: 1, ask: close + 0.01, askSize: 2 };
}

/** A manual animation-frame queue. */
function frames() {
  let queue: Array<() => void> = [];
  return {
    requestFrame: (fn: () => void) => void queue.push(fn),
    run() {
      const q = queue;
      queue = [];
      for (const fn of q) fn();
    },
    get size() {
      return queue.length;
    },
  };
}

let feed: Feed;
let raf: ReturnType<typeof frames>;

function counted() {
  const store = configureStore({ reducer: { market: marketReducer } });
  const actions: UnknownAction[] = [];
  const target = {
    dispatch: (a: UnknownAction) => {
      actions.push(a);
      return store.dispatch(a);
    },
  };
  return { store, target, tickerWrites: () => actions.filter((a) => tickersUpdated.match(a)) };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
  raf = frames();
  feed = createFeed({ url: 'ws://t/ws', WebSocket: FakeSocket, requestFrame: raf.requestFrame });
});
afterEach(() => {
  feed.close();
  vi.useRealTimers();
});

describe('store bridge', () => {
  it('writes a burst of 500 ticker frames with one dispatch per animation frame', () => {
    const { store, target, tickerWrites } = counted();
    const bridge = connectFeedToStore(feed, target);
    const release = bridge.retainTickers();
    const ws = FakeSocket.last.accept();
    expect(ws.frames('sub')).toEqual([{ sub: 'market.tickers', id: expect.any(String) }]);

    for (let i = 1; i <= 500; i++) ws.push({ ch: 'market.tickers', ts: i, data: SYMBOLS.map((s) => row(s, 100 + i)) });
    expect(tickerWrites()).toHaveLength(0);
    expect(raf.size).toBe(1); // one frame requested for the whole burst
    raf.run();
    expect(tickerWrites()).toHaveLength(1);
    expect(tickerWrites()[0].payload).toHaveLength(SYMBOLS.length);
    const btc = selectTicker('c3usdt')(store.getState());
    expect(btc).toEqual({ symbol: 'c3usdt', open: 100, high: 110, low: 90, close: 600, amount: 12.5, vol: 1250, count: 7, bid: 599.99, ask: 600.01, ts: 500 });

    // a burst spread over two frames: two writes; an idle frame: none
    for (let i = 0; i < 250; i++) ws.push({ ch: 'market.tickers', ts: 1000 + i, data: SYMBOLS.map((s) => row(s, 1 + i)) });
    raf.run();
    for (let i = 0; i < 250; i++) ws.push({ ch: 'market.tickers', ts: 2000 + i, data: SYMBOLS.map((s) => row(s, 2 + i)) });
    raf.run();
    raf.run();
    expect(tickerWrites()).toHaveLength(3);
    release();
    expect(ws.frames('unsub')).toHaveLength(1);
  });

  it('folds detail ticks into the same per-frame write and keeps bid/ask from tickers', () => {
    const { store, target, tickerWrites } = counted();
    const bridge = connectFeedToStore(feed, target);
    bridge.retainTickers();
    const releaseDetail = bridge.retainDetail('btcusdt');
    const ws = FakeSocket.last.accept();
    expect(ws.frames('sub').map((f) => f.sub)).toEqual(['market.tickers', 'market.btcusdt.detail']);
    ws.push({ ch: 'market.tickers', ts: 10, data: [row('btcusdt', 101)] });
    ws.push({ ch: 'market.btcusdt.detail', ts: 11, tick: { id: 1, amount: 20, count: 9, open: 100, close: 102, low: 90, high: 110, vol: 2000, version: 1 } });
    raf.run();
    expect(tickerWrites()).toHaveLength(1);
    expect(selectTicker('btcusdt')(store.getState())).toMatchObject({ close: 102, amount: 20, count: 9, bid: 100.99, ask: 101.01, ts: 11 });
    releaseDetail();
    expect(ws.frames('unsub').map((f) => f.unsub)).toEqual(['market.btcusdt.detail']);
  });

  it('writes the status: stale when the socket drops, live again on the first frame after reconnect', () => {
    const store = createStore({ token: null, user: null });
    connectFeedToStore(feed, store).retainTickers();
    expect(selectMarketStatus(store.getState())).toBe('connecting');
    const ws = FakeSocket.last.accept();
    ws.push({ ch: 'market.tickers', ts: 1, data: [row('btcusdt', 101)] });
    expect(selectMarketStatus(store.getState())).toBe('live');
    ws.fail();
    expect(selectMarketStatus(store.getState())).toBe('stale');
    vi.advanceTimersByTime(5000);
    const again = FakeSocket.last.accept();
    expect(again.frames('sub').map((f) => f.sub)).toEqual(['market.tickers']);
    expect(selectMarketStatus(store.getState())).toBe('stale');
    again.push({ ch: 'market.tickers', ts: 2, data: [row('btcusdt', 102)] });
    expect(selectMarketStatus(store.getState())).toBe('live');
    raf.run();
    expect(selectTicker('btcusdt')(store.getState())?.close).toBe(102);
  });

  it('stops writing after disconnect', () => {
    const { target, tickerWrites } = counted();
    const bridge = connectFeedToStore(feed, target);
    bridge.retainTickers();
    const ws = FakeSocket.last.accept();
    ws.push({ ch: 'market.tickers', ts: 1, data: [row('btcusdt', 101)] });
    bridge.disconnect();
    raf.run();
    ws.push({ ch: 'market.tickers', ts: 2, data: [row('btcusdt', 102)] });
    raf.run();
    expect(tickerWrites()).toHaveLength(0);
  });
});

describe('market slice', () => {
  it('merges tickers and keeps the identity of unchanged ones', () => {
    let s = marketReducer(undefined, { type: 'init' });
    expect(s).toEqual({ status: 'connecting', tickers: {} });
    s = marketReducer(s, tickersUpdated([{ ...row('btcusdt', 1), ts: 1 }, { ...row('ethusdt', 2), ts: 1 }]));
    const eth = s.tickers.ethusdt;
    s = marketReducer(s, tickersUpdated([{ symbol: 'btcusdt', open: 1, close: 3, high: 3, low: 1, amount: 1, vol: 1, count: 1, ts: 2 }, { ...row('ethusdt', 2), ts: 1 }]));
    expect(s.tickers.ethusdt).toBe(eth);
    expect(s.tickers.btcusdt).toMatchObject({ close: 3, bid: 0.99, ask: 1.01, ts: 2 });
    s = marketReducer(s, tickersUpdated([{ symbol: 'xauusd', open: '2330.10', close: '2331.55', high: '2335.00', low: '2320.00', amount: '0', vol: '0', count: 0, ts: 3 }]));
    expect(s.tickers.xauusd.close).toBe('2331.55');
    expect(marketReducer(s, statusChanged('stale')).status).toBe('stale');
  });
});
