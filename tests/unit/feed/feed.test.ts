import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFeed, FeedError, resolveFeedUrl, type Feed, type FeedOptions, type FeedStatus } from '../../../src/feed';
import { FakeSocket } from './fakeSocket';

const URL = 'ws://feed.test/ws';
let feeds: Feed[] = [];

function makeFeed(options: FeedOptions = {}): Feed {
  const f = createFeed({ url: URL, WebSocket: FakeSocket, requestFrame: () => {}, ...options });
  feeds.push(f);
  return f;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_700_000_000_000);
  FakeSocket.reset();
});
afterEach(() => {
  for (const f of feeds) f.close();
  feeds = [];
  vi.useRealTimers();
});

describe('connection', () => {
  it('opens one socket lazily, on the first subscribe, with binaryType arraybuffer', () => {
    const feed = makeFeed();
    expect(FakeSocket.instances).toHaveLength(0);
    feed.subscribe('market.tickers', () => {});
    feed.subscribe('market.btcusdt.detail', () => {});
    void feed.request('market.btcusdt.kline.1min').catch(() => {});
    expect(FakeSocket.instances).toHaveLength(1);
    expect(FakeSocket.last.url).toBe(URL);
    expect(FakeSocket.last.binaryType).toBe('arraybuffer');
  });

  it('resolves the default URL against the page origin, and keeps absolute ones', () => {
    expect(resolveFeedUrl(undefined, { protocol: 'https:', host: 'app.example:8443' })).toBe('wss://app.example:8443/ws');
    expect(resolveFeedUrl(undefined, { protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
    expect(resolveFeedUrl('/market/ws', { protocol: 'http:', host: 'h' })).toBe('ws://h/market/ws');
    expect(resolveFeedUrl('wss://api.huobi.pro/ws')).toBe('wss://api.huobi.pro/ws');
    expect(resolveFeedUrl('https://feed.example/ws')).toBe('wss://feed.example/ws');
  });
});

describe('heartbeat', () => {
  it('answers a server ping with a pong carrying the same ts', () => {
    const feed = makeFeed();
    feed.connect();
    const ws = FakeSocket.last.accept();
    ws.push({ ping: 1492420473027 });
    expect(ws.sent).toContainEqual({ pong: 1492420473027 });
    ws.pushText({ ping: 42 });
    expect(ws.sent).toContainEqual({ pong: 42 });
  });

  it('sends a client ping every 5 s and stays connected while pongs come back', () => {
    const feed = makeFeed();
    feed.connect();
    const ws = FakeSocket.last.accept();
    vi.advanceTimersByTime(4999);
    expect(ws.frames('ping')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(ws.frames('ping')).toEqual([{ ping: Date.now() }]);
    ws.push({ pong: ws.frames('ping')[0].ping });
    vi.advanceTimersByTime(5000);
    expect(ws.frames('ping')).toHaveLength(2);
    for (let i = 2; i <= 4; i++) {
      ws.push({ pong: ws.frames('ping')[i - 1].ping });
      vi.advanceTimersByTime(5000);
      expect(ws.frames('ping')).toHaveLength(i + 1);
    }
    expect(FakeSocket.instances).toHaveLength(1);
    expect(ws.closedByClient).toBe(false);
  });

  it('closes and reconnects when nothing arrives within 3 s of a client ping', () => {
    const feed = makeFeed();
    feed.connect();
    const ws = FakeSocket.last.accept();
    vi.advanceTimersByTime(5000 + 2999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(ws.closedByClient).toBe(true);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(feed.status).toBe('stale');
  });

  it('counts any frame (not only a pong) as the reply', () => {
    const feed = makeFeed();
    feed.connect();
    const ws = FakeSocket.last.accept();
    vi.advanceTimersByTime(5000);
    ws.push({ ch: 'market.tickers', ts: 1, data: [] });
    vi.advanceTimersByTime(2999 + 1);
    expect(FakeSocket.instances).toHaveLength(1);
  });
});

describe('reconnect', () => {
  it('retries 5 s after an error or close', () => {
    const feed = makeFeed();
    feed.connect();
    FakeSocket.last.accept().fail();
    vi.advanceTimersByTime(4999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);

    FakeSocket.last.accept().serverClose();
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.instances).toHaveLength(3);

    // a socket that never opens fails the same way
    FakeSocket.last.fail();
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.instances).toHaveLength(4);
  });

  it('gives up a socket that never opens and retries', () => {
    const feed = makeFeed();
    feed.connect();
    vi.advanceTimersByTime(8000); // connect timeout = ping + pong timeout
    expect(FakeSocket.instances[0].closedByClient).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('resubscribes every live topic after a reconnect, and only those', () => {
    const feed = makeFeed();
    feed.subscribe('market.tickers', () => {});
    feed.subscribe('market.btcusdt.kline.1min', () => {});
    const leave = feed.subscribe('market.ethusdt.depth.step0', () => {});
    const first = FakeSocket.last.accept();
    expect(first.frames('sub').map((f) => f.sub)).toEqual(['market.tickers', 'market.btcusdt.kline.1min', 'market.ethusdt.depth.step0']);
    first.fail();
    leave(); // left while down: nothing to send, and not resubscribed
    feed.subscribe('market.solusdt.detail', () => {}); // joined while down
    vi.advanceTimersByTime(5000);
    const second = FakeSocket.last.accept();
    expect(second).not.toBe(first);
    expect(second.frames('sub').map((f) => f.sub)).toEqual(['market.tickers', 'market.btcusdt.kline.1min', 'market.solusdt.detail']);
    expect(second.frames('unsub')).toEqual([]);
    const ids = second.frames('sub').map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('delivers ticks from the new socket to the same listeners, and none from the old', () => {
    const feed = makeFeed();
    const got: unknown[] = [];
    feed.subscribe('market.btcusdt.kline.1min', (tick) => got.push(tick));
    const first = FakeSocket.last.accept();
    first.fail();
    first.push({ ch: 'market.btcusdt.kline.1min', ts: 1, tick: { id: 1 } });
    vi.advanceTimersByTime(5000);
    FakeSocket.last.accept().push({ ch: 'market.btcusdt.kline.1min', ts: 2, tick: { id: 2 } });
    expect(got).toEqual([{ id: 2 }]);
  });

  it('stops for good on close()', () => {
    const feed = makeFeed();
    feed.connect();
    const ws = FakeSocket.last.accept();
    feed.close();
    expect(ws.closedByClient).toBe(true);
    vi.advanceTimersByTime(60000);
    expect(FakeSocket.instances).toHaveLength(1);
  });
});

describe('subscriptions', () => {
  it('reference-counts topics: one sub for two subscribers, unsub only when both left', () => {
    const feed = makeFeed();
    const a: unknown[] = [];
    const b: unknown[] = [];
    const leaveA = feed.subscribe('market.btcusdt.kline.1min', (t) => a.push(t));
    const ws = FakeSocket.last.accept();
    const leaveB = feed.subscribe('market.btcusdt.kline.1min', (t) => b.push(t));
    expect(ws.frames('sub')).toHaveLength(1);
    expect(feed.refCount('market.btcusdt.kline.1min')).toBe(2);

    ws.push({ ch: 'market.btcusdt.kline.1min', ts: 5, tick: { id: 60, close: 1.5 } });
    expect(a).toEqual([{ id: 60, close: 1.5 }]);
    expect(b).toEqual([{ id: 60, close: 1.5 }]);

    leaveA();
    leaveA(); // idempotent
    expect(ws.frames('unsub')).toHaveLength(0);
    ws.push({ ch: 'market.btcusdt.kline.1min', ts: 6, tick: { id: 61 } });
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(2);

    leaveB();
    expect(ws.frames('unsub')).toEqual([{ unsub: 'market.btcusdt.kline.1min', id: expect.any(String) }]);
    expect(feed.refCount('market.btcusdt.kline.1min')).toBe(0);
  });

  it('counts the same function subscribed twice as two holders', () => {
    const feed = makeFeed();
    const fn = vi.fn();
    const l1 = feed.subscribe('market.tickers', fn);
    const l2 = feed.subscribe('market.tickers', fn);
    const ws = FakeSocket.last.accept();
    l1();
    expect(ws.frames('unsub')).toHaveLength(0);
    l2();
    expect(ws.frames('unsub')).toHaveLength(1);
  });

  it('sends a sub made before the socket opened exactly once, on open', () => {
    const feed = makeFeed();
    feed.subscribe('market.tickers', () => {});
    const ws = FakeSocket.last;
    expect(ws.sent).toEqual([]);
    ws.accept();
    expect(ws.frames('sub')).toEqual([{ sub: 'market.tickers', id: expect.any(String) }]);
  });

  it('gives market.tickers listeners the data array and others the tick, with the frame ts', () => {
    const feed = makeFeed();
    const tickers = vi.fn();
    const depth = vi.fn();
    feed.subscribe('market.tickers', tickers);
    feed.subscribe('market.btcusdt.depth.step0', depth);
    const ws = FakeSocket.last.accept();
    ws.push({ id: 's1', status: 'ok', subbed: 'market.tickers', ts: 1 });
    const rows = [{ symbol: 'btcusdt', open: 1, high: 2, low: 0.5, close: 1.5, amount: 10, vol: 15, count: 3, bid: 1.49, bidSize: 1, ask: 1.51, askSize: 2 }];
    ws.push({ ch: 'market.tickers', ts: 1000, data: rows });
    ws.push({ ch: 'market.btcusdt.depth.step0', ts: 1001, tick: { bids: [[1.49, 1]], asks: [[1.51, 2]] } });
    expect(tickers).toHaveBeenCalledWith(rows, 1000);
    expect(depth).toHaveBeenCalledWith({ bids: [[1.49, 1]], asks: [[1.51, 2]] }, 1001);
  });

  it('survives a malformed frame and a throwing listener', () => {
    const errors: unknown[] = [];
    const feed = makeFeed({ onError: (e) => errors.push(e) });
    const good = vi.fn();
    feed.subscribe('market.tickers', () => {
      throw new Error('boom');
    });
    feed.subscribe('market.tickers', good);
    const ws = FakeSocket.last.accept();
    ws.onmessage?.({ data: new Uint8Array([0x1f, 0x8b, 1, 2, 3]).buffer } as MessageEvent);
    ws.pushText({ ch: 'market.tickers', ts: 1, data: [] });
    expect(good).toHaveBeenCalledTimes(1);
    expect(errors).toHaveLength(2);
  });
});

describe('request', () => {
  it('sends req with an id, from and to, and resolves with the reply data', async () => {
    const feed = makeFeed();
    const ws = (feed.connect(), FakeSocket.last.accept());
    const bars = [{ id: 1700000000, open: 1, close: 2, low: 1, high: 2, amount: 3, vol: 4, count: 5 }];
    const p = feed.request('market.btcusdt.kline.1min', { from: 1699990000, to: 1700000000 });
    const req = ws.frames('req')[0];
    expect(req).toEqual({ req: 'market.btcusdt.kline.1min', id: expect.any(String), from: 1699990000, to: 1700000000 });
    ws.push({ rep: 'market.btcusdt.kline.1min', status: 'ok', id: req.id, data: bars });
    await expect(p).resolves.toEqual(bars);
  });

  it('matches replies by id when several are in flight', async () => {
    const feed = makeFeed();
    feed.connect();
    const ws = FakeSocket.last.accept();
    const p1 = feed.request('market.btcusdt.kline.1min');
    const p2 = feed.request('market.ethusdt.kline.1min');
    const [r1, r2] = ws.frames('req');
    expect(r1.id).not.toBe(r2.id);
    ws.push({ rep: r2.req, status: 'ok', id: r2.id, data: [{ id: 2 }] });
    ws.push({ rep: r1.req, status: 'ok', id: r1.id, data: [{ id: 1 }] });
    await expect(p1).resolves.toEqual([{ id: 1 }]);
    await expect(p2).resolves.toEqual([{ id: 2 }]);
  });

  it('rejects on an error frame with the error code and message', async () => {
    const feed = makeFeed();
    feed.connect();
    const ws = FakeSocket.last.accept();
    const p = feed.request('market.nope.kline.1min');
    const { id } = ws.frames('req')[0];
    ws.push({ status: 'error', id, 'err-code': 'bad-request', 'err-msg': 'invalid topic market.nope.kline.1min', ts: 1 });
    const err = await p.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FeedError);
    expect(err).toMatchObject({ code: 'bad-request', message: 'invalid topic market.nope.kline.1min' });
  });

  it('rejects after the timeout', async () => {
    const feed = makeFeed();
    const p = feed.request('market.btcusdt.kline.1min', {}, { timeoutMs: 1000 });
    const caught = p.catch((e: unknown) => e);
    FakeSocket.last.accept();
    vi.advanceTimersByTime(1000);
    expect(await caught).toMatchObject({ code: 'timeout' });
  });

  it('sends a request made while connecting on open, and rejects one lost with its socket', async () => {
    const feed = makeFeed();
    const p = feed.request('market.btcusdt.kline.1min');
    const caught = p.catch((e: unknown) => e);
    const ws = FakeSocket.last;
    expect(ws.sent).toEqual([]);
    ws.accept();
    expect(ws.frames('req')).toHaveLength(1);
    ws.fail();
    expect(await caught).toMatchObject({ code: 'disconnected' });
  });
});

describe('status', () => {
  it('is connecting at first, live on the first frame, stale when the socket drops, live after recovery', () => {
    const feed = makeFeed();
    const seen: FeedStatus[] = [];
    feed.onStatus((s) => seen.push(s));
    expect(feed.status).toBe('connecting');
    feed.connect();
    const ws = FakeSocket.last.accept();
    expect(feed.status).toBe('connecting');
    ws.push({ ping: 1 });
    expect(feed.status).toBe('live');
    ws.fail();
    expect(feed.status).toBe('stale');
    vi.advanceTimersByTime(5000);
    FakeSocket.last.accept();
    expect(feed.status).toBe('stale'); // open is not data yet
    FakeSocket.last.push({ ch: 'market.tickers', ts: 2, data: [] });
    expect(feed.status).toBe('live');
    expect(seen).toEqual(['live', 'stale', 'live']);
  });

  it('goes stale when the socket falls silent', () => {
    const feed = makeFeed();
    feed.connect();
    FakeSocket.last.accept().push({ ping: 1 });
    expect(feed.status).toBe('live');
    vi.advanceTimersByTime(8000);
    expect(feed.status).toBe('stale');
  });
});
