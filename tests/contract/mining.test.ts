// The share amount the mining buy form sends is what the server charges (both use contract/mining.ts).
import { describe, expect, it } from 'vitest';
import { units } from '../../contract/decimal';
import { costOf, shareCost, shareQuantity } from '../../contract/mining';

describe('shareCost', () => {
  it('is price × share ÷ 100, rounded up to the price coin decimals', () => {
    expect(shareCost('10000', '25', 6)).toBe('2500.000000');
    expect(shareCost('999.99', '33.33', 2)).toBe('333.30'); // 333.296667 rounds up
    expect(shareCost('1000', '0.01', 2)).toBe('0.10');
  });

  it('agrees with the server cost of the same quantity', () => {
    const percent = '12.34';
    const cost = costOf(shareQuantity(units(percent)), units('1234.567'), 4);
    expect(shareCost('1234.567', percent, 4)).toBe('152.3456');
    expect(units(shareCost('1234.567', percent, 4)!)).toBe(cost);
  });

  it('is null for no share, zero or text', () => {
    expect(shareCost('10000', '', 6)).toBeNull();
    expect(shareCost('10000', '0', 6)).toBeNull();
    expect(shareCost('10000', '1e2', 6)).toBeNull();
    expect(shareCost('10000', 'abc', 6)).toBeNull();
  });
});
