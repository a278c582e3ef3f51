// The earnings curve's client side: one coin's points sorted by day, localized day and axis
// labels, and a tooltip with the exact amounts (rounded down, never through a float).
import { describe, expect, it } from 'vitest';
import { axisLabel, curveOption, dayLabel, seriesOf } from '../../../../src/screens/stake/curve';

const list = [
  { day: '2025-01-17', coin: 'USDT', amount: '1.333456', cumulative: '2.666912' },
  { day: '2025-01-16', coin: 'BTC', amount: '0.00010000', cumulative: '0.00010000' },
  { day: '2025-01-16', coin: 'USDT', amount: '1.333456', cumulative: '1.333456' },
  { day: '2025-01-18', coin: 'USDT', amount: '1000000000.123456', cumulative: '1000000002.790368' },
];
const colors = { line: '#0f9', text: '#888', grid: '#333', surface: '#111' };
const texts = { cumulative: 'Total so far', dayAmount: 'Paid for the day' };

describe('earnings curve', () => {
  it('takes one coin, sorted by day', () => {
    expect(seriesOf(list, 'USDT').map((p) => p.day)).toEqual(['2025-01-16', '2025-01-17', '2025-01-18']);
    expect(seriesOf(list, 'BTC')).toHaveLength(1);
    expect(seriesOf(list, 'ETH')).toEqual([]);
  });

  it('labels days and axis ticks in the locale', () => {
    expect(dayLabel('2025-01-16', 'en-US')).toBe('Jan 16');
    expect(dayLabel('2025-01-16', 'de-DE')).toBe('16. Jan.');
    expect(axisLabel(1500.5, 6, 'de-DE')).toBe('1.500,5');
    expect(axisLabel(2, 6, 'en-US')).toBe('2');
  });

  it('shows exact amounts in the tooltip, rounded down', () => {
    const points = seriesOf(list, 'USDT');
    const option = curveOption(points, 2, 'de-DE', colors, texts);
    expect(option.xAxis.data).toEqual(['16. Jan.', '17. Jan.', '18. Jan.']);
    expect(option.series[0].data).toEqual([1.333456, 2.666912, 1000000002.790368]);
    expect(option.tooltip.formatter([{ dataIndex: 2 }])).toBe('18. Jan.<br/>Total so far: 1.000.000.002,79 USDT<br/>Paid for the day: 1.000.000.000,12 USDT');
  });
});
