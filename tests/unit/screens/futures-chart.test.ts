import { describe, expect, it } from 'vitest';
import type { FuturesOrder } from '../../../src/api/generated/screens/futures-create';
import { mergePositions } from '../../../src/screens/contract/positions';
import { addTick, MAX_TICKS, priceChartOption, pricePoints } from '../../../src/screens/contract/priceLine';

const colors = { line: '#1', up: '#2', down: '#3', text: '#4', grid: '#5' };

describe('futures price chart', () => {
  it('draws the history bars at their start, then only the ticks after the last bar began', () => {
    const bars = [
      { id: 60, close: '100.5' },
      { id: 120, close: 101 },
    ];
    const points = pricePoints(bars, [
      [110_000, 99],
      [120_000, 98],
      [121_500, 101.25],
      [122_000, 101.5],
    ]);
    expect(points).toEqual([
      [60_000, 100.5],
      [120_000, 101],
      [121_500, 101.25],
      [122_000, 101.5],
    ]);
    expect(pricePoints([], [[5, 1]])).toEqual([[5, 1]]);
  });

  it('keeps ticks in time order, without repeats, the newest MAX_TICKS', () => {
    let ticks = addTick([], [1000, 1]);
    ticks = addTick(ticks, [1000, 2]);
    ticks = addTick(ticks, [900, 3]);
    expect(ticks).toEqual([[1000, 1]]);
    for (let i = 1; i <= MAX_TICKS + 5; i++) ticks = addTick(ticks, [1000 + i, i]);
    expect(ticks).toHaveLength(MAX_TICKS);
    expect(ticks[ticks.length - 1]).toEqual([1000 + MAX_TICKS + 5, MAX_TICKS + 5]);
  });

  it('draws each open position as a dashed line at its open price, green up and red down', () => {
    const option = priceChartOption(
      [[1, 10]],
      [
        { ID: 7, direction: 'up', openPrice: '10.5' },
        { ID: 8, direction: 'down', openPrice: '9.25' },
      ],
      colors,
      (p) => `~${p}`,
    );
    const lines = option.series[0].markLine.data;
    expect(lines.map((l) => [l.yAxis, l.lineStyle.color, l.label.formatter])).toEqual([
      [10.5, '#2', '▲ ~10.5'],
      [9.25, '#3', '▼ ~9.25'],
    ]);
    expect(option.yAxis.axisLabel.formatter(12)).toBe('~12');
  });
});

const order = (ID: number, settleAt: string, status: FuturesOrder['status'] = 'pending') => ({ ID, settleAt, status }) as FuturesOrder;

describe('futures positions', () => {
  it('adds the pending orders not yet shown, soonest settlement first, and keeps the settled ones it shows', () => {
    const shown = [order(1, '2026-01-01T00:01:00Z')];
    const merged = mergePositions(shown, [order(3, '2026-01-01T00:02:00Z'), order(2, '2026-01-01T00:00:30Z'), order(1, '2026-01-01T00:01:00Z'), order(4, 'x', 'settled')]);
    expect(merged.map((o) => o.ID)).toEqual([2, 1, 3]);
    // nothing new: the same array (no re-render)
    expect(mergePositions(merged, [order(2, '2026-01-01T00:00:30Z')])).toBe(merged);
  });
});
