// Exact decimals of the market: formatting integer ticks and the truncated percent change (zf).
import { describe, expect, it } from 'vitest';
import { formatUnits, isUp, parseUnits, percentChange } from '../../server/market/decimal.ts';

describe('formatUnits / parseUnits', () => {
  it('formats integer ticks with exactly the given decimals', () => {
    expect(formatUnits(6825000, 2)).toBe('68250.00');
    expect(formatUnits(1, 5)).toBe('0.00001');
    expect(formatUnits(0, 2)).toBe('0.00');
    expect(formatUnits(158000, 5)).toBe('1.58000');
    expect(formatUnits(42, 0)).toBe('42');
    expect(formatUnits(-5, 2)).toBe('-0.05');
    expect(() => formatUnits(0.5, 2)).toThrow(RangeError);
    expect(() => formatUnits(2 ** 53, 2)).toThrow(RangeError);
  });

  it('parses decimal strings into ticks (extra digits truncated)', () => {
    expect(parseUnits('68250.00', 2)).toBe(6825000);
    expect(parseUnits('0.15800', 5)).toBe(15800);
    expect(parseUnits('7', 3)).toBe(7000);
    expect(parseUnits('1.239', 2)).toBe(123);
    expect(() => parseUnits('1e5', 2)).toThrow(RangeError);
    expect(() => parseUnits('abc', 2)).toThrow(RangeError);
  });
});

describe('percentChange (zf): (close − open) / open × 100 truncated toward zero to 2 decimals', () => {
  it.each([
    ['100.00', '101.23', '1.23'],
    ['100.00', '101.239', '1.23'],
    ['100.00', '98.77', '-1.23'],
    ['1.00', '0.995', '-0.50'],
    ['3', '4', '33.33'],
    ['3', '2', '-33.33'],
    ['2', '1', '-50.00'],
    ['0.00001', '0.00002', '100.00'],
    ['100', '100', '0.00'],
    ['68250.00', '68250.00', '0.00'],
    // Truncates to zero: "0.00", never "-0.00".
    ['100.00', '99.995', '0.00'],
    ['100.000', '99.995', '0.00'],
    ['68250.00', '68249.99', '0.00'],
    ['100.00', '100.009', '0.00'],
    // Float arithmetic gets these wrong (199.99 and 1.09).
    ['0.1', '0.3', '200.00'],
    ['100', '101.1', '1.10'],
    ['2.01', '2.0301', '1.00'],
    ['0.4500', '0.4455', '-1.00'],
    ['1.08500', '2.17000', '100.00'],
    ['68250.00', '6825.00', '-90.00'],
    // Open of zero has no change.
    ['0.00', '1.00', '0.00'],
  ])('open %s close %s → %s', (open, close, zf) => {
    expect(percentChange(open, close)).toBe(zf);
  });

  it('always has exactly two decimals', () => {
    for (let c = 1; c <= 400; c++) expect(percentChange('2.00', formatUnits(c, 2))).toMatch(/^-?\d+\.\d{2}$/);
  });
});

describe('isUp (isup)', () => {
  it('is 1 when close ≥ open, exactly', () => {
    expect(isUp('100.00', '100.00')).toBe(1);
    expect(isUp('100.00', '100.01')).toBe(1);
    expect(isUp('100.00', '99.99')).toBe(0);
    expect(isUp('0.1', '0.10000')).toBe(1);
    expect(isUp('100.00', '99.999')).toBe(0);
  });
});
