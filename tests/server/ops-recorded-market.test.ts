// The prices the operator CLI values amounts with: the last price the server recorded, current only
// while it is at most FRESH_SEC old; otherwise (the server is down, the price is old) no price, so
// that every money decision on the coin takes two approvals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase } from '../../server/core/db/index.ts';
import { FRESH_SEC, recordedMarket } from '../../server/ops/recorded-market.ts';
import { usdtPriceOf } from '../../server/platform/market/usdt-price.ts';
import { tempDir } from './helpers.ts';

let db: Db;
const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const sec = Math.floor(NOW / 1000);

beforeAll(async () => {
  db = openDatabase(tempDir());
  await migrateToLatest(db);
  // prices in ticks of 10^-priceDecimals (2 for btcusdt): 68,250.00 then 68,251.37
  await db
    .insertInto('market_ticks')
    .values([
      { symbol: 'btcusdt', sec: sec - 30, price: '6825000' },
      { symbol: 'btcusdt', sec: sec - 3, price: '6825137' },
      { symbol: 'ethusdt', sec: sec - FRESH_SEC - 1, price: '352000' },
    ])
    .execute();
});
afterAll(() => db.destroy());

describe('recordedMarket', () => {
  it('quotes the last recorded price while it is fresh', async () => {
    const market = await recordedMarket(db, NOW);
    expect(market.price('btcusdt')).toBe('68251.37');
    expect(usdtPriceOf(market, 'BTC', NOW)).toBe('68251.37');
    expect(usdtPriceOf(market, 'USDT', NOW)).toBe('1');
  });

  it('has no price for a pair whose last price is older than FRESH_SEC, or that has none', async () => {
    const market = await recordedMarket(db, NOW);
    expect(market.isStale?.('ethusdt')).toBe(true);
    expect(usdtPriceOf(market, 'ETH', NOW)).toBeNull();
    expect(usdtPriceOf(market, 'TRX', NOW)).toBeNull();
    expect(() => market.price('ethusdt')).toThrow();
    // the server stopped a minute ago: nothing is current any more
    expect(usdtPriceOf(await recordedMarket(db, NOW + 60_000), 'BTC', NOW + 60_000)).toBeNull();
  });

  it('never reads a price recorded after the moment it values at', async () => {
    expect(usdtPriceOf(await recordedMarket(db, NOW - 10_000), 'BTC', NOW - 10_000)).toBeNull();
  });
});
