// My Assets row helpers: search by code or name, the small-balance switch, P/L colours.
import { describe, expect, it } from 'vitest';
import { isSmallBalance, trendClass, visibleAssets } from '../../../src/screens/assets/assetRows';
import { sizeClass } from '../../../src/screens/assets/Amount';

const rows = [
  { coin: 'USDT', name: 'Tether', usdtValue: '0.999999' },
  { coin: 'BTC', name: 'Bitcoin', usdtValue: '30000.000000' },
  { coin: 'DOGE', name: 'Dogecoin', usdtValue: '1.000000' },
  { coin: 'XRP', name: 'XRP', usdtValue: '0.000000' },
];

describe('visibleAssets', () => {
  it('matches the coin code or the name, in any case, ignoring spaces around', () => {
    expect(visibleAssets(rows, ' btc ', false).map((r) => r.coin)).toEqual(['BTC']);
    expect(visibleAssets(rows, 'COIN', false).map((r) => r.coin)).toEqual(['BTC', 'DOGE']);
    expect(visibleAssets(rows, 'teth', false).map((r) => r.coin)).toEqual(['USDT']);
    expect(visibleAssets(rows, '', false)).toEqual(rows);
    expect(visibleAssets(rows, 'zzz', false)).toEqual([]);
  });

  it('hides coins worth under 1 USDT (exactly 1 stays), with or without a search', () => {
    expect(visibleAssets(rows, '', true).map((r) => r.coin)).toEqual(['BTC', 'DOGE']);
    expect(visibleAssets(rows, 'x', true)).toEqual([]);
    expect(isSmallBalance({ usdtValue: '0.99999999' })).toBe(true);
    expect(isSmallBalance({ usdtValue: '1' })).toBe(false);
    expect(isSmallBalance({ usdtValue: 'n/a' })).toBe(true);
  });
});

describe('trendClass', () => {
  it('up above zero, down below, nothing at zero', () => {
    expect(trendClass('0.000001')).toBe('up');
    expect(trendClass('-0.000001')).toBe('down');
    expect(trendClass('0.000000')).toBe('');
    expect(trendClass(undefined)).toBe('');
    expect(trendClass('bad')).toBe('');
  });
});

describe('sizeClass', () => {
  it('shrinks long numbers', () => {
    expect(sizeClass('30,000.000000')).toBe('');
    expect(sizeClass('987,664,221.13')).toBe('num-long');
    expect(sizeClass('987,664,221.136561')).toBe('num-longer');
  });
});
