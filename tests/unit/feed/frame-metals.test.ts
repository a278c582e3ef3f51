import { deflate, gzip } from 'pako';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeFrame, frameText, startMetalsPolling, type TickerInput, type VisibilitySource } from '../../../src/feed';
import type { Ticker } from '../../../src/store/market';
import { gzipFrame } from './fakeSocket';

describe('decodeFrame', () => {
  const msg = { ch: 'market.tickers', ts: 1, data: [{ symbol: 'btcusdt', close: 68250.5, name: 'Bitcoin ₿' }] };
  it('inflates gzip frames (ArrayBuffer or a typed-array view)', () => {
    expect(decodeFrame(gzipFrame(msg))).toEqual(msg);
    const padded = new Uint8Array(gzip(JSON.stringify(msg)).length + 8);
    padded.set(gzip(JSON.stringify(msg)), 4);
    expect(decodeFrame(padded.subarray(4, padded.length - 4))).toEqual(msg);
    expect(decodeFrame(deflate(JSON.stringify(msg)))).toEqual(msg);
  });
  it('accepts plain-text and uncompressed binary frames', () => {
    expect(decodeFrame(JSON.stringify(msg))).toEqual(msg);
    expect(decodeFrame(new TextEncoder().encode(JSON.stringify(msg)))).toEqual(msg);
  });
  it('throws on garbage', () => {
    expect(() => decodeFrame('{')).toThrow();
    expect(() => decodeFrame(new Uint8Array([0x1f, 0x8b, 0, 0]))).toThrow();
    expect(() => decodeFrame(42)).toThrow();
  });
});

class FakeDocument implements VisibilitySource {
  visibilityState: 'visible' | 'hidden' = 'visible';
  private listeners = new Set<() => void>();
  addEventListener(_type: 'visibilitychange', fn: () => void) {
    this.listeners.add(fn);
  }
  removeEventListener(_type: 'visibilitychange', fn: () => void) {
    this.listeners.delete(fn);
  }
  set(state: 'visible' | 'hidden') {
    this.visibilityState = state;
    for (const fn of this.listeners) fn();
  }
  get listenerCount() {
    return this.listeners.size;
  }
}

describe('metals polling', () => {
  const quote: TickerInput = { symbol: 'xauusd', open: '2330.10', close: '2331.55', high: '2335.00', low: '2320.00', amount: '0', vol: '0' };
  let doc: FakeDocument;
  let fetcher: ReturnType<typeof vi.fn<() => Promise<TickerInput[]>>>;
  let written: Ticker[][];

  beforeEach(() => {
    vi.useFakeTimers();
    doc = new FakeDocument();
    fetcher = vi.fn(() => Promise.resolve([quote]));
    written = [];
  });
  afterEach(() => vi.useRealTimers());

  const start = () => startMetalsPolling({ fetcher, onData: (t) => written.push(t), document: doc });

  it('calls the fetcher at once and every 2 s, writing the results', async () => {
    const stop = start();
    expect(fetcher).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetcher).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetcher).toHaveBeenCalledTimes(4);
    expect(written).toHaveLength(4);
    expect(written[0][0]).toMatchObject({ symbol: 'xauusd', close: '2331.55', count: 0 });
    stop();
    await vi.advanceTimersByTimeAsync(10000);
    expect(fetcher).toHaveBeenCalledTimes(4);
    expect(doc.listenerCount).toBe(0);
  });

  it('stops while the document is hidden and resumes when it is shown', async () => {
    const stop = start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetcher).toHaveBeenCalledTimes(2);
    doc.set('hidden');
    await vi.advanceTimersByTimeAsync(20000);
    expect(fetcher).toHaveBeenCalledTimes(2);
    doc.set('visible');
    expect(fetcher).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetcher).toHaveBeenCalledTimes(4);
    stop();
  });

  it('never overlaps calls and keeps polling after a failure', async () => {
    let resolveSlow: (v: TickerInput[]) => void = () => {};
    fetcher.mockImplementationOnce(() => new Promise((r) => (resolveSlow = r)));
    fetcher.mockImplementationOnce(() => Promise.reject(new Error('network')));
    const stop = start();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetcher).toHaveBeenCalledTimes(1); // still waiting for the slow one
    resolveSlow([quote]);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetcher).toHaveBeenCalledTimes(2); // overdue: at once (and this one fails)
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetcher).toHaveBeenCalledTimes(3);
    expect(written).toHaveLength(2);
    stop();
  });

  it('does not start while hidden', async () => {
    doc.visibilityState = 'hidden';
    const stop = start();
    await vi.advanceTimersByTimeAsync(10000);
    expect(fetcher).not.toHaveBeenCalled();
    stop();
  });
});

describe('frame inflate (pako zlib engine driven directly)', () => {
  // a fixed-seed generator, so a failure reproduces
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const json = (size: number) => JSON.stringify({ data: Array.from({ length: size }, (_, i) => ({ i, p: (next() * 1e5).toFixed(2), s: 'x'.repeat(Math.floor(next() * 20)) })) });

  it('decodes what pako.inflate decodes: gzip and zlib, small and over 64 KB', () => {
    for (const size of [0, 1, 10, 300, 3000]) {
      const text = json(size);
      expect(frameText(gzip(text))).toBe(text);
      expect(frameText(deflate(text))).toBe(text);
    }
  });

  it('reads on through gzip members that follow one another, as pako does', () => {
    const a = gzip('{"a":');
    const b = gzip('1}');
    const both = new Uint8Array(a.length + b.length);
    both.set(a);
    both.set(b, a.length);
    expect(decodeFrame(both)).toEqual({ a: 1 });
  });

  it('throws on truncated or corrupt data instead of returning part of it', () => {
    const z = gzip(json(300));
    expect(() => frameText(z.subarray(0, z.length - 20))).toThrow();
    const bad = z.slice();
    bad[20] ^= 0xff;
    expect(() => decodeFrame(bad)).toThrow();
  });
});
