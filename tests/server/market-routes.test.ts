// REST market endpoints: POST /base/tradelist and GET /base/getkdata, their shapes (the
// endpoint schema files), exact zf/isup, paging, limits and validation errors.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { coinLogo } from '../../contract/coin-logos.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineRefs, SCHEMAS_DIR } from '../../contract/loader.ts';
import { MARKETS } from '../../server/platform/market/index.ts';
import { PERIODS } from '../../server/platform/market/types.ts';
import { call, msg, startServer, type TestServer } from './helpers.ts';

const ajv = new Ajv({ strict: false, allErrors: true });
function responseValidator(file: string) {
  const dir = join(SCHEMAS_DIR, 'endpoints');
  const screen = inlineRefs(JSON.parse(readFileSync(join(dir, file), 'utf8')), dir) as { response: object };
  return ajv.compile(screen.response);
}
const tradeListShape = responseValidator('trade-list.json');
const klineShape = responseValidator('kline.json');

/** zf computed independently: hundredths of a percent with BigInt, truncated toward zero. */
function zf(open: string, close: string): string {
  const d = Math.max(open.split('.')[1]?.length ?? 0, close.split('.')[1]?.length ?? 0);
  const scaled = (s: string) => BigInt(s.replace('.', '') + '0'.repeat(d - (s.split('.')[1]?.length ?? 0)));
  const o = scaled(open);
  const c = scaled(close);
  const hundredths = ((c - o) * 10000n) / o;
  const abs = hundredths < 0n ? -hundredths : hundredths;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return hundredths < 0n ? `-${text}` : text;
}

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ marketSeed: 7 });
});
afterAll(() => s.app.close());

const crypto = MARKETS.filter((d) => d.from === 1).map((d) => d.symbol);
const metalsForex = MARKETS.filter((d) => d.from === 2).map((d) => d.symbol);

describe('POST /base/tradelist', () => {
  it('from=1: the 10 crypto pairs with 24 h values, exact zf and isup', async () => {
    const r = await call(s.app, 'POST', '/base/tradelist', { body: { from: 1, page: 1, pageSize: 100 } });
    expect(r.code, r.msg).toBe(0);
    expect(tradeListShape(r.data), JSON.stringify(tradeListShape.errors)).toBe(true);
    expect(r.data).toMatchObject({ total: 10, page: 1, pageSize: 100 });
    expect(r.data.list.map((t: { symbol: string }) => t.symbol)).toEqual(crypto);
    for (const t of r.data.list) {
      const def = MARKETS.find((d) => d.symbol === t.symbol)!;
      const day = s.app.market.day(t.symbol);
      expect(t).toEqual({
        symbol: def.symbol,
        name: def.name,
        logo: coinLogo(def.base) ?? '',
        price: s.app.market.price(t.symbol),
        close: s.app.market.price(t.symbol),
        open: day.open,
        high: day.high,
        low: day.low,
        vol: day.vol,
        amount: day.amount,
        zf: zf(day.open, day.close),
        isup: Number(day.close) >= Number(day.open) ? 1 : 0,
      });
      expect(t.zf).toMatch(/^-?\d+\.\d{2}$/);
      expect(t.zf).not.toBe('-0.00');
    }
    // The start state: every price is the configured start price.
    for (const t of r.data.list) expect(t.price).toBe(MARKETS.find((d) => d.symbol === t.symbol)!.startPrice);
  });

  it('from=2: the 6 metals and forex pairs', async () => {
    const r = await call(s.app, 'POST', '/base/tradelist', { body: { from: 2 } });
    expect(r.code, r.msg).toBe(0);
    expect(tradeListShape(r.data)).toBe(true);
    expect(r.data.list.map((t: { symbol: string }) => t.symbol)).toEqual(metalsForex);
    expect(r.data).toMatchObject({ total: 6, page: 1, pageSize: 100 });
  });

  it('pages', async () => {
    const r = await call(s.app, 'POST', '/base/tradelist', { body: { from: 1, page: 2, pageSize: 3 } });
    expect(r.data.list.map((t: { symbol: string }) => t.symbol)).toEqual(crypto.slice(3, 6));
    expect(r.data).toMatchObject({ total: 10, page: 2, pageSize: 3 });
    const beyond = await call(s.app, 'POST', '/base/tradelist', { body: { from: 1, page: 5, pageSize: 3 } });
    expect(beyond.data).toMatchObject({ list: [], total: 10, page: 5 });
  });

  it('bad input is code 7 with a clear message', async () => {
    const cases: [unknown, string, string, Record<string, string | number>?][] = [
      [{ from: 3 }, 'from', 'validation.enum'],
      [{ from: '1' }, 'from', 'validation.invalid'],
      [{ from: 1, pageSize: 1000 }, 'pageSize', 'validation.maximum', { limit: 100 }],
      [{ from: 1, page: 0 }, 'page', 'validation.minimum', { limit: 1 }],
      [{ from: 1, extra: 1 }, 'extra', 'validation.unknownField'],
      [{}, 'from', 'validation.required'],
    ];
    for (const [body, field, key, params] of cases) {
      const r = await call(s.app, 'POST', '/base/tradelist', { body, lang: 'de' });
      expect(r, JSON.stringify(body)).toMatchObject({ status: 200, code: 7, data: { field } });
      expect(r.msg).toBe(msg('de', key, { field, ...params }));
    }
  });

  it('follows the market: prices move with the clock', async () => {
    const before = await call(s.app, 'POST', '/base/tradelist', { body: { from: 1 } });
    s.clock.advance(5 * 60_000);
    const after = await call(s.app, 'POST', '/base/tradelist', { body: { from: 1 } });
    const moved = after.data.list.filter((t: { symbol: string; price: string }, i: number) => t.price !== before.data.list[i].price);
    expect(moved.length).toBeGreaterThanOrEqual(8);
    for (const t of after.data.list) expect(t.zf).toBe(zf(t.open, t.close));
  });
});

describe('GET /base/getkdata', () => {
  it('returns up to 300 bars (default 300), oldest first, ending with the live bar, for every interval', async () => {
    for (const interval of PERIODS) {
      const r = await call(s.app, 'GET', '/base/getkdata', { query: { id: 'btcusdt', interval } });
      expect(r.code, r.msg).toBe(0);
      expect(klineShape(r.data), JSON.stringify(klineShape.errors)).toBe(true);
      expect(r.data).toHaveLength(300);
      for (let i = 1; i < r.data.length; i++) expect(r.data[i].id).toBeGreaterThan(r.data[i - 1].id);
      expect(r.data[299].close).toBe(s.app.market.price('btcusdt'));
      expect(r.data).toEqual(s.app.market.bars('btcusdt', interval, 300));
    }
  });

  it('num limits the bars', async () => {
    const r = await call(s.app, 'GET', '/base/getkdata', { query: { id: 'eurusd', interval: '60min', num: 5 } });
    expect(r.code).toBe(0);
    expect(r.data).toHaveLength(5);
    expect(r.data[1].id - r.data[0].id).toBe(3600);
    expect(r.data[0]).toMatchObject({ open: expect.stringMatching(/^\d+\.\d{5}$/), amount: expect.stringMatching(/^\d+$/) });
    const one = await call(s.app, 'GET', '/base/getkdata', { query: { id: 'eurusd', interval: '1mon', num: 1 } });
    expect(one.data).toHaveLength(1);
    expect(new Date(one.data[0].id * 1000).getUTCDate()).toBe(1);
  });

  it('an unknown symbol is code 7 trade.unknownSymbol', async () => {
    for (const [id, lang] of [
      ['abcusdt', 'en'],
      ['abcusdt', 'jp'],
      ['BTC!', 'en'],
    ]) {
      const r = await call(s.app, 'GET', '/base/getkdata', { query: { id, interval: '1min' }, lang });
      expect(r).toMatchObject({ code: 7, data: { field: 'id' } });
      expect(r.msg).toBe(msg(lang, 'trade.unknownSymbol', { field: 'id' }));
    }
  });

  it('bad num or interval is code 7', async () => {
    const over = await call(s.app, 'GET', '/base/getkdata', { query: { id: 'btcusdt', interval: '1min', num: 301 } });
    expect(over).toMatchObject({ code: 7, data: { field: 'num' } });
    expect(over.msg).toBe(msg('en', 'validation.maximum', { field: 'num', limit: 300 }));
    const zero = await call(s.app, 'GET', '/base/getkdata', { query: { id: 'btcusdt', interval: '1min', num: 0 } });
    expect(zero).toMatchObject({ code: 7, data: { field: 'num' } });
    const interval = await call(s.app, 'GET', '/base/getkdata', { query: { id: 'btcusdt', interval: '2min' } });
    expect(interval).toMatchObject({ code: 7, data: { field: 'interval' } });
    expect(interval.msg).toBe(msg('en', 'validation.enum', { field: 'interval' }));
    const missing = await call(s.app, 'GET', '/base/getkdata', { query: { id: 'btcusdt' } });
    expect(missing).toMatchObject({ code: 7, data: { field: 'interval' } });
    const extra = await call(s.app, 'GET', '/base/getkdata', { query: { id: 'btcusdt', interval: '1min', from: 1 } });
    expect(extra).toMatchObject({ code: 7, data: { field: 'from' } });
  });
});
