import { describe, expect, it } from 'vitest';
import { percentChange, roundDown } from '../../../src/store/market';

describe('percentChange', () => {
  it.each([
    // open, close, expected
    ['100', '101.23', '1.23'],
    ['100', '101.239', '1.23'], // truncated, not rounded
    ['100', '98.761', '-1.23'], // -1.239 → toward zero
    ['100', '99.5', '-0.50'],
    ['100', '100', '0.00'],
    ['100', '99.999', '0.00'], // -0.001 %: never "-0.00"
    ['100', '100.001', '0.00'],
    ['0', '5', '0.00'], // zero open
    ['0.00', '0', '0.00'],
    ['3', '4', '33.33'],
    ['3', '2', '-33.33'],
    ['0.1', '0.3', '200.00'], // 0.1 and 0.3 are inexact in binary
    ['68250.00', '68932.5', '1.00'],
    ['0.15800', '0.15642', '-1.00'],
    ['1', '0', '-100.00'],
    ['50', '150', '200.00'],
    ['0.00000123', '0.00000124', '0.81'],
    ['abc', '1', '0.00'],
  ])('(%s → %s) = %s', (open, close, expected) => {
    expect(percentChange(open, close)).toBe(expected);
  });

  it('takes JSON numbers by their decimal form', () => {
    expect(percentChange(100, 101.239)).toBe('1.23');
    expect(percentChange(100, 98.761)).toBe('-1.23');
    expect(percentChange(0.1, 0.1 + 0.2)).toBe('200.00'); // 0.30000000000000004
    expect(percentChange(1e-7, 2e-7)).toBe('100.00');
    expect(percentChange(0, 1)).toBe('0.00');
    expect(percentChange(Number.NaN, 1)).toBe('0.00');
  });
});

describe('roundDown', () => {
  it.each([
    ['1.239', 2, '1.23'],
    ['-1.239', 2, '-1.23'],
    ['1.5', 2, '1.50'],
    ['1.5', 0, '1'],
    ['-1.5', 0, '-1'],
    ['-0.001', 2, '0.00'],
    ['0', 6, '0.000000'],
    ['123.4567899', 6, '123.456789'],
    ['0.999999999', 6, '0.999999'],
    ['68250', 2, '68250.00'],
    ['.5', 1, '0.5'],
    ['1e-7', 6, '0.000000'],
    ['1.23e3', 1, '1230.0'],
    ['12345678901234567890.123456789', 4, '12345678901234567890.1234'],
    ['', 2, ''],
    ['x', 2, ''],
  ] as const)('roundDown(%s, %i) = %s', (value, decimals, expected) => {
    expect(roundDown(value, decimals)).toBe(expected);
  });

  it('defaults to 6 decimals and takes numbers by their decimal form', () => {
    expect(roundDown('1.123456789')).toBe('1.123456');
    expect(roundDown(0.1 + 0.2)).toBe('0.300000');
    expect(roundDown(1.005, 2)).toBe('1.00');
    expect(roundDown(2.675, 2)).toBe('2.67');
    expect(roundDown(-0.0000001)).toBe('0.000000');
    expect(roundDown(1e21, 2)).toBe('1000000000000000000000.00');
    expect(roundDown(Number.POSITIVE_INFINITY)).toBe('');
  });
});
