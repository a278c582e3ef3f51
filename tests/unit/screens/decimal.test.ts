import { describe, expect, it } from 'vitest';
import { decimalsOf, fromScaled, isPositive, payoutOf, percentOf, quantityFor, toScaled } from '../../../src/screens/deal/decimal';

describe('ticket arithmetic', () => {
  it('round-trips decimal strings exactly', () => {
    expect(fromScaled(toScaled('68250.12'), 2)).toBe('68250.12');
    expect(fromScaled(toScaled('0.1'), 6)).toBe('0.100000');
    expect(fromScaled(toScaled('-1.239'), 2)).toBe('-1.23');
    expect(fromScaled(toScaled('-0.001'), 2)).toBe('0.00');
  });
  it('takes percentages of a balance rounded down', () => {
    expect(percentOf('1000', 25, 6)).toBe('250.000000');
    expect(percentOf('0.333333', 50, 6)).toBe('0.166666');
    expect(percentOf('10000', 100, 2)).toBe('10000.00');
  });
  it('computes the quantity a quote amount buys, rounded down', () => {
    expect(quantityFor('100', '3', 4)).toBe('33.3333');
    expect(quantityFor('10000', '68250.00', 6)).toBe('0.146520');
    expect(quantityFor('5', '0', 2)).toBe('0.00');
  });
  it('pays stake × (1 + ratio) on a win', () => {
    expect(payoutOf('100', '0.15')).toBe('115.00');
    expect(payoutOf('10', '0.10')).toBe('11.00');
    expect(payoutOf('33.33', '0.3')).toBe('43.32');
  });
  it('recognises positive amounts and counts decimals', () => {
    expect(isPositive('0.01')).toBe(true);
    expect(isPositive('0')).toBe(false);
    expect(isPositive('-1')).toBe(false);
    expect(isPositive('abc')).toBe(false);
    expect(decimalsOf('1.2345')).toBe(4);
    expect(decimalsOf('12')).toBe(0);
  });
});
