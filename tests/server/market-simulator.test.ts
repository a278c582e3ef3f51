// The market simulator: determinism, exact prices, backfilled history per period with the
// right alignment, derived bars as exact aggregates, weekends, long gaps.
import { describe, expect, it } from 'vitest';
import { createMarket, MARKETS, type Simulator } from '../../server/platform/market/index.ts';
import { createSimulator } from '../../server/platform/market/simulator.ts';
import { type Bar, type MarketDef, type Period, PERIODS } from '../../server/platform/market/types.ts';

const START = Date.UTC(2025, 0, 15, 12, 0, 30); // a Wednesday
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

function sim(seed = 1, start = START): { m: Simulator; set: (ms: number) => void } {
  let t = start;
  const m = createMarket({ seed, now: () => t, autoStep: false });
  return {
    m,
    set: (ms) => {
      t = ms;
      m.advanceTo(ms);
    },
  };
}

function decimalRe(decimals: number): RegExp {
  return decimals === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${decimals}}$`);
}

/** Exact sum of decimal strings with the same number of decimals. */
function sum(values: string[]): string {
  const d = values[0]?.split('.')[1]?.length ?? 0;
  const total = values.reduce((acc, v) => acc + BigInt(v.replace('.', '')), 0n);
  const s = total.toString().padStart(d + 1, '0');
  return d === 0 ? s : `${s.slice(0, -d)}.${s.slice(-d)}`;
}

const cmp = (a: string, b: string) => {
  const x = Number(a);
  const y = Number(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

function aggregateOf(bars: Bar[]): Omit<Bar, 'id'> {
  return {
    open: bars[0].open,
    close: bars[bars.length - 1].close,
    high: bars.map((b) => b.high).reduce((a, b) => (cmp(a, b) >= 0 ? a : b)),
    low: bars.map((b) => b.low).reduce((a, b) => (cmp(a, b) <= 0 ? a : b)),
    amount: sum(bars.map((b) => b.amount)),
    vol: sum(bars.map((b) => b.vol)),
    count: bars.reduce((a, b) => a + b.count, 0),
  };
}

const crypto = MARKETS.filter((d) => d.from === 1);
const forex = MARKETS.filter((d) => d.weekendClosed);

describe('market simulator', () => {
  it('quotes the 16 pairs of markets.json: 10 crypto and 6 metals and forex closed on weekends', () => {
    const { m } = sim();
    expect(m.markets()).toHaveLength(16);
    expect(crypto).toHaveLength(10);
    expect(forex.map((d) => d.symbol)).toEqual(['xauusd', 'xagusd', 'eurusd', 'gbpusd', 'usdjpy', 'audusd']);
    expect(m.market('btcusdt')?.priceDecimals).toBe(2);
    expect(m.market('nope')).toBeUndefined();
    expect(() => m.price('nope')).toThrow(/unknown market/);
    m.close();
  });

  it('starts exactly at each start price, and history ends there', () => {
    const { m } = sim();
    for (const def of m.markets()) {
      expect(m.price(def.symbol)).toBe(def.startPrice);
      const [prev, live] = m.bars(def.symbol, '1min', 2);
      expect(prev.close).toBe(def.startPrice);
      expect(live).toMatchObject({ id: Math.floor(START / MIN) * 60, open: def.startPrice, close: def.startPrice, high: def.startPrice, low: def.startPrice, count: 0 });
    }
  });

  it('is deterministic for a seed and a clock, and differs with the seed', () => {
    const a = sim(42);
    const b = sim(42);
    const c = sim(43);
    for (const s of [a, b, c]) {
      s.set(START + 90_000);
      s.set(START + 2 * HOUR + 7_000);
    }
    for (const def of MARKETS) {
      expect(a.m.price(def.symbol)).toBe(b.m.price(def.symbol));
      expect(a.m.day(def.symbol)).toEqual(b.m.day(def.symbol));
      for (const p of PERIODS) expect(a.m.bars(def.symbol, p, 300)).toEqual(b.m.bars(def.symbol, p, 300));
    }
    expect(c.m.price('btcusdt')).not.toBe(a.m.price('btcusdt'));
    expect(c.m.bars('btcusdt', '1day', 300)).not.toEqual(a.m.bars('btcusdt', '1day', 300));
    expect(c.m.bars('ethusdt', '1min', 300)).not.toEqual(a.m.bars('ethusdt', '1min', 300));
  });

  it('steps once per elapsed second and tells listeners once per advance', () => {
    const { m, set } = sim(3);
    const seen: number[] = [];
    const off = m.onTick((ts) => seen.push(ts));
    const before = m.day('btcusdt').count;
    set(START + 500); // same second: nothing
    expect(seen).toEqual([]);
    set(START + 1_000);
    set(START + 5_000);
    expect(seen).toEqual([START + 1_000, START + 5_000]);
    expect(m.time()).toBe(Math.floor((START + 5_000) / 1000) * 1000);
    expect(m.day('btcusdt').count).toBeGreaterThan(before);
    m.step();
    expect(m.time()).toBe(Math.floor((START + 6_000) / 1000) * 1000);
    off();
    set(START + 9_000);
    expect(seen).toHaveLength(3);
    m.close();
    set(START + 20_000);
    expect(m.time()).toBe(Math.floor((START + 6_000) / 1000) * 1000 + 3000);
  });

  it('prices, amounts and volumes are exact decimal strings with the right decimals, prices > 0', () => {
    const { m, set } = sim(5);
    set(START + 30 * MIN);
    const bad: string[] = [];
    for (const def of m.markets()) {
      const price = decimalRe(def.priceDecimals);
      const amount = decimalRe(def.amountDecimals);
      const vol = decimalRe(2);
      expect(m.price(def.symbol)).toMatch(price);
      for (const p of PERIODS) {
        for (const bar of m.bars(def.symbol, p, 300)) {
          const where = `${def.symbol} ${p} ${JSON.stringify(bar)}`;
          for (const k of ['open', 'close', 'high', 'low'] as const) if (!price.test(bar[k]) || !(Number(bar[k]) > 0)) bad.push(`${k}: ${where}`);
          if (!amount.test(bar.amount)) bad.push(`amount: ${where}`);
          if (!vol.test(bar.vol)) bad.push(`vol: ${where}`);
          if (!Number.isSafeInteger(bar.count) || bar.count < 0) bad.push(`count: ${where}`);
          if (cmp(bar.high, bar.low) < 0 || cmp(bar.high, bar.open) < 0 || cmp(bar.high, bar.close) < 0) bad.push(`high: ${where}`);
          if (cmp(bar.low, bar.open) > 0 || cmp(bar.low, bar.close) > 0) bad.push(`low: ${where}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('never quotes a price of zero or less, even for a one-tick market', () => {
    const tiny: MarketDef = { ...MARKETS[0], symbol: 'tinyusdt', startPrice: '0.0002', priceDecimals: 4, volatility: 0.05 };
    let t = START;
    const m = createSimulator({ seed: 9, now: () => t, autoStep: false }, [tiny]);
    for (let i = 0; i < 600; i++) {
      t += 1000;
      m.advanceTo(t);
      expect(Number(m.price('tinyusdt'))).toBeGreaterThanOrEqual(0.0001);
    }
    for (const p of PERIODS) for (const bar of m.bars('tinyusdt', p, 300)) expect(Number(bar.low)).toBeGreaterThanOrEqual(0.0001);
  });

  const MINUTES: Record<string, number> = { '1min': 1, '5min': 5, '15min': 15, '30min': 30, '60min': 60 };

  it('backfills at least 300 bars of every period, aligned and contiguous, ending with the live bar', () => {
    const { m, set } = sim(11);
    set(START + 3 * MIN);
    const nowSec = Math.floor((START + 3 * MIN) / 1000);
    for (const def of m.markets()) {
      for (const p of PERIODS) {
        const bars = m.bars(def.symbol, p, 300);
        expect(bars, `${def.symbol} ${p}`).toHaveLength(300);
        const last = bars[bars.length - 1];
        expect(last.close).toBe(m.price(def.symbol));
        for (let i = 0; i < bars.length; i++) {
          const { id } = bars[i];
          const date = new Date(id * 1000);
          if (p in MINUTES) {
            expect(id % (MINUTES[p] * 60)).toBe(0);
            if (i > 0) expect(id - bars[i - 1].id).toBe(MINUTES[p] * 60);
          } else {
            expect(id % 86_400).toBe(0);
            if (p === '1day' && i > 0) expect(id - bars[i - 1].id).toBe(86_400);
            if (p === '1week') {
              expect(date.getUTCDay()).toBe(1);
              if (i > 0) expect(id - bars[i - 1].id).toBe(7 * 86_400);
            }
            if (p === '1mon') {
              expect(date.getUTCDate()).toBe(1);
              if (i > 0) {
                const prev = new Date(bars[i - 1].id * 1000);
                expect((date.getUTCFullYear() - prev.getUTCFullYear()) * 12 + date.getUTCMonth() - prev.getUTCMonth()).toBe(1);
              }
            }
          }
          // Continuous: each bar opens at the previous close.
          if (i > 0) expect(bars[i].open).toBe(bars[i - 1].close);
        }
        expect(last.id).toBeLessThanOrEqual(nowSec);
      }
      // More than 300 are kept: e.g. 300 months back.
      expect(m.bars(def.symbol, '1mon', 10_000).length).toBeGreaterThan(300);
      expect(m.bars(def.symbol, '60min', 10_000).length).toBeGreaterThan(300);
    }
  });

  it('derives 5/15/30/60-minute and day bars from 1-minute bars, weeks and months from days, exactly', () => {
    const { m, set } = sim(13);
    set(START + 47 * MIN + 12_000);
    for (const symbol of ['btcusdt', 'dogeusdt', 'eurusd']) {
      const minutes = m.bars(symbol, '1min', 100_000);
      const byId = new Map(minutes.map((b, i) => [b.id, i]));
      for (const p of ['5min', '15min', '30min', '60min', '1day'] as Period[]) {
        const size = p === '1day' ? 1440 : MINUTES[p];
        for (const bar of m.bars(symbol, p, 40)) {
          const from = byId.get(bar.id);
          if (from === undefined) continue; // older than the minute history
          const parts = minutes.slice(from, from + size).filter((b) => b.id < bar.id + size * 60);
          expect({ id: bar.id, ...aggregateOf(parts) }, `${symbol} ${p} ${bar.id}`).toEqual(bar);
        }
      }
      const days = m.bars(symbol, '1day', 100_000);
      for (const p of ['1week', '1mon'] as Period[]) {
        const bars = m.bars(symbol, p, 300);
        for (let i = 0; i < bars.length; i++) {
          const end = i + 1 < bars.length ? bars[i + 1].id : Infinity;
          const parts = days.filter((d) => d.id >= bars[i].id && d.id < end);
          expect({ id: bars[i].id, ...aggregateOf(parts) }).toEqual(bars[i]);
        }
      }
    }
  });

  it('day(): rolling 24 hours of minutes, open = price 24 h ago', () => {
    const { m, set } = sim(17);
    set(START + 5 * HOUR + 1234);
    for (const symbol of ['btcusdt', 'xauusd']) {
      const minutes = m.bars(symbol, '1min', 1440);
      const day = m.day(symbol);
      expect(day).toEqual({ id: minutes[0].id, ...aggregateOf(minutes) });
      expect(day.close).toBe(m.price(symbol));
      expect(minutes[minutes.length - 1].id - day.id).toBe(1439 * 60);
    }
  });

  it('bars(): from/to in epoch seconds, at most limit, oldest first', () => {
    const { m } = sim(19);
    const all = m.bars('ethusdt', '5min', 1000);
    const from = all[100].id;
    const to = all[160].id + 10; // inside bar 160
    const some = m.bars('ethusdt', '5min', 300, from, to);
    expect(some).toEqual(all.slice(100, 161));
    expect(m.bars('ethusdt', '5min', 10, from, to)).toEqual(all.slice(151, 161));
    expect(m.bars('ethusdt', '5min', 300, to, from)).toEqual([]);
    expect(m.bars('ethusdt', '5min', 0)).toEqual([]);
    expect(m.bars('ethusdt', '1mon', 3, undefined, Date.UTC(2020, 5, 10) / 1000).map((b) => new Date(b.id * 1000).toISOString().slice(0, 10))).toEqual([
      '2020-04-01',
      '2020-05-01',
      '2020-06-01',
    ]);
  });

  it('weekends: metals and forex are closed and frozen on Saturday and Sunday (UTC); crypto moves', () => {
    const friday = Date.UTC(2025, 0, 17, 23, 58, 0);
    const saturday = Date.UTC(2025, 0, 18, 0, 0, 0);
    const { m, set } = sim(23, friday);
    for (const def of forex) {
      expect(m.isOpen(def.symbol, friday)).toBe(true);
      expect(m.isOpen(def.symbol, saturday)).toBe(false);
      expect(m.isOpen(def.symbol, saturday + 36 * HOUR)).toBe(false);
      expect(m.isOpen(def.symbol, saturday + 48 * HOUR)).toBe(true);
    }
    for (const def of crypto) expect(m.isOpen(def.symbol, saturday)).toBe(true);
    set(saturday - 1000);
    const atClose = Object.fromEntries(MARKETS.map((d) => [d.symbol, m.price(d.symbol)]));
    set(saturday + 6 * HOUR);
    for (const def of forex) {
      expect(m.price(def.symbol), def.symbol).toBe(atClose[def.symbol]);
      const bars = m.bars(def.symbol, '1min', 300);
      for (const b of bars) expect(b).toMatchObject({ open: atClose[def.symbol], close: atClose[def.symbol], amount: expect.stringMatching(/^0(\.0+)?$/), count: 0 });
    }
    const moved = crypto.filter((d) => m.price(d.symbol) !== atClose[d.symbol]);
    expect(moved.length).toBeGreaterThanOrEqual(9);
    set(saturday + 48 * HOUR + 10 * MIN);
    expect(forex.filter((d) => m.price(d.symbol) !== atClose[d.symbol]).length).toBeGreaterThanOrEqual(5);
  });

  it('backfill of all 16 pairs is fast (< 1 s)', () => {
    createMarket({ seed: 99, now: () => START, autoStep: false }); // warm-up
    const t0 = performance.now();
    createMarket({ seed: 100, now: () => START, autoStep: false });
    const ms = performance.now() - t0;
    console.log(`backfill of 16 pairs: ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(1000);
  });

  it('long gaps (a 400-day jump) are filled quickly and keep ≥ 300 bars of every period', () => {
    const { m, set } = sim(29);
    const t0 = performance.now();
    set(START + 400 * DAY + 17_000);
    const ms = performance.now() - t0;
    console.log(`400-day jump: ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(3000);
    for (const def of m.markets()) {
      for (const p of PERIODS) {
        const bars = m.bars(def.symbol, p, 300);
        expect(bars, `${def.symbol} ${p}`).toHaveLength(300);
        for (let i = 1; i < bars.length; i++) {
          expect(bars[i].id).toBeGreaterThan(bars[i - 1].id);
          expect(bars[i].open).toBe(bars[i - 1].close);
        }
        expect(bars[bars.length - 1].close).toBe(m.price(def.symbol));
      }
      expect(Number(m.price(def.symbol))).toBeGreaterThan(0);
    }
    // Plausible after a long run: within a factor of 20 of the start price.
    for (const def of m.markets()) {
      const ratio = Number(m.price(def.symbol)) / Number(def.startPrice);
      expect(ratio).toBeGreaterThan(1 / 20);
      expect(ratio).toBeLessThan(20);
    }
  });

  it('keeps a bounded minute history while running for weeks', () => {
    const { m, set } = sim(41);
    let t = START;
    for (let i = 0; i < 12; i++) {
      t += 3 * DAY + 7 * HOUR + 13_000;
      set(t);
      const minutes = m.bars('btcusdt', '1min', 1_000_000);
      expect(minutes.length).toBeGreaterThanOrEqual(300 * 60);
      expect(minutes.length).toBeLessThanOrEqual(22 * 1440);
      expect(m.bars('btcusdt', '60min', 300)).toHaveLength(300);
      expect(minutes[minutes.length - 1].close).toBe(m.price('btcusdt'));
    }
    expect(m.bars('btcusdt', '1day', 100_000).length).toBeGreaterThan(9000 + 36);
  });

  it('steps on a timer by default, and close() stops it', async () => {
    let t = START;
    const m = createMarket({ seed: 31, now: () => t });
    let ticks = 0;
    m.onTick(() => ticks++);
    t += 2000;
    await new Promise((r) => setTimeout(r, 450));
    expect(ticks).toBe(1);
    expect(m.time()).toBe(Math.floor((START + 2000) / 1000) * 1000);
    m.close();
    t += 5000;
    await new Promise((r) => setTimeout(r, 450));
    expect(ticks).toBe(1);
  });

  it('reads catch up with the clock when stepping automatically', () => {
    let t = START;
    const m = createMarket({ seed: 37, now: () => t });
    t += 10 * MIN;
    const bars = m.bars('btcusdt', '1min', 1);
    expect(bars[0].id).toBe(Math.floor(t / MIN) * 60);
    m.close();
  });
});
