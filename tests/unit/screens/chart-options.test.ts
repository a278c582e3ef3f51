// The candlestick chart's option: tooltip and axis values in the reader's number format, rounded
// down to the pair's price decimals; labels in the reader's language; tooltip colours from the theme.
import { describe, expect, it } from 'vitest';
import { type ChartColors, type ChartText, chartOption, timeFormats } from '../../../src/screens/deal/chart/options';

const colors: ChartColors = { up: '#0ecb81', down: '#f6465d', text: '#848e9c', grid: '#2b3139', surface: '#161a1e', strong: '#eaecef' };
const german: ChartText = {
  locale: 'de-DE',
  priceDecimals: 2,
  volumeDecimals: 2,
  labels: { open: 'Eröffnung', high: 'Hoch', low: 'Tief', close: 'Schluss', volume: 'Vol.' },
  ...timeFormats('1min', 'de-DE'),
};
// five bars whose closes average to a float with a long tail (2254.5000000000014)
const closes = ['2254.1', '2254.3', '2254.7', '2254.9', '2254.5'];
const bars = closes.map((close, i) => ({ id: 1_764_650_000 + i * 60, open: '2254.20', close, high: '2255.123', low: '2253.9', vol: '12345.678' }));

type Option = ReturnType<typeof chartOption>;
const tooltip = (option: Option, index: number) => option.tooltip.formatter([{ dataIndex: index }]);

describe('chart option', () => {
  it('the tooltip reads in German with German numbers, rounded down to the pair’s decimals', () => {
    const html = tooltip(chartOption(bars, colors, german), 4);
    for (const label of ['Eröffnung', 'Hoch', 'Tief', 'Schluss', 'Vol.']) expect(html).toContain(label);
    expect(html).toContain('2.254,50'); // MA5 and the close
    expect(html).toContain('2.255,12'); // high, rounded down
    expect(html).toContain('12.345,67'); // volume
    expect(html).not.toMatch(/2254\.50{3,}|\d{5,}/);
    expect(html).not.toMatch(/\b(open|close|lowest|highest|K)\b/);
  });

  it('the tooltip’s colours come from the theme', () => {
    const { tooltip: t } = chartOption(bars, colors, german);
    expect(t.backgroundColor).toBe(colors.surface);
    expect(t.textStyle.color).toBe(colors.strong);
    expect(t.borderColor).toBe(colors.grid);
  });

  it('the price axis and its pointer label are in the reader’s format', () => {
    const [price] = chartOption(bars, colors, german).yAxis;
    expect(price.axisLabel.formatter?.(68250.5)).toBe('68.250,50');
    expect(price.axisPointer?.label.formatter({ value: 2254.5000000000014 })).toBe('2.254,50');
    const english = chartOption(bars, colors, { ...german, locale: 'en-US' }).yAxis[0];
    expect(english.axisLabel.formatter?.(68250.5)).toBe('68,250.50');
  });

  it('the time axis is written as the reader writes dates', () => {
    const [, axis] = chartOption(bars, colors, german).xAxis;
    expect(axis.data[0]).toMatch(/^\d{2}\.\d{2}\., \d{2}:\d{2}$/);
  });

  it('a bar without data gives an empty tooltip', () => {
    expect(tooltip(chartOption([], colors, german), 0)).toBe('');
  });
});
