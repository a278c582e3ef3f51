// The pure pieces of trading: settlement as a table, and exact decimal arithmetic.
import { describe, expect, it } from 'vitest';
import { divDown, formatUnits, mul, parseDecimal, plainUnits, units } from '../../server/trading/money.ts';
import { type Direction, settle } from '../../server/trading/settle.ts';

describe('settle', () => {
  // direction, stake, ratio, open, close → status, result, payout, pnl
  const table: [Direction, string, string, string, string, 'settled' | 'invalid', 'win' | 'loss' | 'draw', string, string][] = [
    ['up', '100', '0.15', '100.00', '100.01', 'settled', 'win', '115', '15'],
    ['up', '100', '0.15', '100.00', '99.99', 'settled', 'loss', '0', '-100'],
    ['up', '100', '0.15', '100.00', '100.00', 'invalid', 'draw', '100', '0'],
    ['down', '100', '0.15', '100.00', '99.99', 'settled', 'win', '115', '15'],
    ['down', '100', '0.15', '100.00', '100.01', 'settled', 'loss', '0', '-100'],
    ['down', '100', '0.15', '100.00', '100.00', 'invalid', 'draw', '100', '0'],
    ['up', '10', '0.10', '68250.00', '68250.01', 'settled', 'win', '11', '1'],
    ['up', '50000', '0.30', '1.08500', '1.08501', 'settled', 'win', '65000', '15000'],
    ['down', '12.345678', '0.20', '0.15800', '0.15799', 'settled', 'win', '14.8148136', '2.4691356'],
    ['down', '12.345678', '0.20', '0.15800', '0.15801', 'settled', 'loss', '0', '-12.345678'],
    ['up', '0.000001', '0.15', '1', '2', 'settled', 'win', '0.00000115', '0.00000015'],
    ['up', '10.33', '0.15', '1', '2', 'settled', 'win', '11.8795', '1.5495'],
    ['up', '1', '0.33333333', '1', '2', 'settled', 'win', '1.33333333', '0.33333333'],
  ];
  for (const [direction, stake, profitRatio, openPrice, closePrice, status, result, payout, pnl] of table) {
    it(`${direction} ${stake} × ${profitRatio}, ${openPrice} → ${closePrice}: ${result}`, () => {
      const s = settle({ direction, stake, profitRatio, openPrice, closePrice });
      expect({ status: s.status, result: s.result, payout: plainUnits(s.payout), pnl: s.pnl < 0n ? `-${plainUnits(-s.pnl)}` : plainUnits(s.pnl) }).toEqual({ status, result, payout, pnl });
      expect(s.payout - units(stake)).toBe(s.pnl);
    });
  }

  it('takes bigint units as well as decimal strings', () => {
    expect(settle({ direction: 'up', stake: 100n * 10n ** 8n, profitRatio: '0.1', openPrice: 1n, closePrice: 2n }).payout).toBe(110n * 10n ** 8n);
  });

  it('refuses nonsense terms', () => {
    expect(() => settle({ direction: 'up', stake: '0', profitRatio: '0.1', openPrice: '1', closePrice: '2' })).toThrow();
    expect(() => settle({ direction: 'up', stake: '1', profitRatio: '0.1', openPrice: '0', closePrice: '2' })).toThrow();
  });

  it('depends on nothing but its input', () => {
    const input = { direction: 'down' as const, stake: '10', profitRatio: '0.2', openPrice: '5', closePrice: '4' };
    expect(settle(input)).toEqual(settle({ ...input }));
  });
});

describe('money', () => {
  it('parses plain decimals exactly and counts significant decimals', () => {
    expect(parseDecimal('12.50')).toEqual({ units: 1_250_000_000n, decimals: 1 });
    expect(parseDecimal('0.00000001')).toEqual({ units: 1n, decimals: 8 });
    expect(parseDecimal('0.000000001')?.decimals).toBe(9);
    expect(parseDecimal('99999999999999999999.99')?.units).toBe(BigInt('9999999999999999999999') * 10n ** 6n);
    for (const bad of ['', '-1', '1e5', '.5', '5.', '1,5', ' 1', '0x10', 'NaN']) expect(parseDecimal(bad)).toBeNull();
    expect(() => units('0.000000001')).toThrow();
    expect(units('-1.5')).toBe(-150_000_000n);
  });

  it('formats rounding toward zero', () => {
    expect(formatUnits(123_456_789n, 6)).toBe('1.234567');
    expect(formatUnits(123_456_789n, 8)).toBe('1.23456789');
    expect(formatUnits(123_456_789n, 0)).toBe('1');
    expect(formatUnits(-123_456_789n, 2)).toBe('-1.23');
    expect(formatUnits(-1n, 6)).toBe('0.000000');
    expect(plainUnits(10n ** 9n)).toBe('10');
  });

  it('multiplies and divides exactly with explicit rounding', () => {
    expect(mul(units('0.1'), units('0.2'))).toBe(units('0.02'));
    expect(mul(units('12345.67'), units('0.012345'))).toBe(units('152.40729615'));
    expect(mul(units('0.00000001'), units('0.5'), 'down')).toBe(0n);
    expect(mul(units('0.00000001'), units('0.5'), 'up')).toBe(1n);
    expect(divDown(units('100'), units('30000'), 6)).toBe(units('0.003333'));
    expect(divDown(units('5'), units('0.158'), 0)).toBe(units('31'));
    // 0.1 + 0.2 is exactly 0.3 here
    expect(units('0.1') + units('0.2')).toBe(units('0.3'));
  });
});
