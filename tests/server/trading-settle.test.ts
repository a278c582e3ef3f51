// Settlement of futures orders as a table. The exact decimal arithmetic it uses is tested in
// tests/contract/decimal.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plainUnits, units } from '../../contract/decimal.ts';
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

  describe('depends on nothing but its input', () => {
    afterEach(() => vi.useRealTimers());
    const down = { direction: 'down' as const, stake: '10', profitRatio: '0.2', openPrice: '5' };

    it('pays the same known amounts at any wall-clock time and after any other settlement', () => {
      vi.useFakeTimers();
      const outcomes = [];
      for (const time of [Date.UTC(2020, 0, 1), Date.UTC(2031, 5, 15, 23, 59, 59), 0]) {
        vi.setSystemTime(time);
        // other orders settle first, with other terms and results
        settle({ direction: 'up', stake: '999', profitRatio: '0.9', openPrice: '1', closePrice: '2' });
        settle({ direction: 'down', stake: '1', profitRatio: '0.1', openPrice: '2', closePrice: '3' });
        outcomes.push({ below: settle({ ...down, closePrice: '4' }), above: settle({ ...down, closePrice: '6' }) });
      }
      for (const { below, above } of outcomes) {
        // down, close below open: stake × (1 + ratio) = 10 × 1.2
        expect(below).toEqual({ status: 'settled', result: 'win', payout: units('12'), pnl: units('2') });
        // down, close above open: nothing back
        expect(above).toEqual({ status: 'settled', result: 'loss', payout: 0n, pnl: -units('10') });
      }
    });
  });
});
