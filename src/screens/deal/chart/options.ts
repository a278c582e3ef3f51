import { formatPlotted } from '../../../../contract/display-rule';
import { type BarLike, movingAverage } from './indicators';

export interface ChartColors {
  up: string;
  down: string;
  text: string;
  grid: string;
  /** the tooltip's background and its text */
  surface: string;
  strong: string;
}

/** How the chart writes what it shows: in the reader's language and number format. */
export interface ChartText {
  locale: string;
  priceDecimals: number;
  volumeDecimals: number;
  labels: { open: string; high: string; low: string; close: string; volume: string };
  /** a bar's start on the time axis */
  axisTime(id: number): string;
  /** a bar's start in the tooltip */
  tooltipTime(id: number): string;
}

const MA = [
  { n: 5, color: '#f0b90b' },
  { n: 10, color: '#7b61ff' },
  { n: 30, color: '#2db7f5' },
];

const DAILY = ['1day', '1week', '1mon'];

/** The two time formats of a period in `locale`: a day period by date, a shorter one by date and time. */
export function timeFormats(period: string, locale: string): Pick<ChartText, 'axisTime' | 'tooltipTime'> {
  const daily = DAILY.includes(period);
  const date: Intl.DateTimeFormatOptions = { year: daily ? 'numeric' : undefined, month: '2-digit', day: '2-digit' };
  const axis = new Intl.DateTimeFormat(locale, daily ? date : { ...date, hour: '2-digit', minute: '2-digit' });
  const tip = new Intl.DateTimeFormat(locale, daily ? { ...date, year: 'numeric' } : { ...date, year: 'numeric', hour: '2-digit', minute: '2-digit' });
  return { axisTime: (id) => axis.format(id * 1000), tooltipTime: (id) => tip.format(id * 1000) };
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

interface TooltipRow {
  label: string;
  value: string;
  /** the value's colour (a candle's close: up or down) */
  color?: string;
  /** a line's colour, as a dot before its label */
  dot?: string;
}

const dot = (color: string) => `<i style="display:inline-block;width:8px;height:8px;border-radius:50%;margin-right:6px;background:${color}"></i>`;

function tooltipHtml(title: string, rows: TooltipRow[]): string {
  const lines = rows.map(
    (r) =>
      `<div style="display:flex;justify-content:space-between;gap:16px"><span>${r.dot ? dot(r.dot) : ''}${escape(r.label)}</span><b style="font-variant-numeric:tabular-nums${r.color ? `;color:${r.color}` : ''}">${escape(r.value)}</b></div>`,
  );
  return `<div style="font-size:12px;line-height:18px"><div style="opacity:.75">${escape(title)}</div>${lines.join('')}</div>`;
}

/** The tooltip of the bar at `index`: its time, open, high, low, close, the moving averages and the volume. */
export function tooltipRows(
  bars: readonly BarLike[],
  averages: readonly (number | null)[][],
  index: number,
  text: ChartText,
  colors: ChartColors,
): TooltipRow[] {
  const bar = bars[index];
  if (!bar) return [];
  const price = (v: number | string) => formatPlotted(Number(v), text.priceDecimals, text.locale);
  const tone = Number(bar.close) >= Number(bar.open) ? colors.up : colors.down;
  const rows: TooltipRow[] = [
    { label: text.labels.open, value: price(bar.open) },
    { label: text.labels.high, value: price(bar.high) },
    { label: text.labels.low, value: price(bar.low) },
    { label: text.labels.close, value: price(bar.close), color: tone },
  ];
  MA.forEach((m, i) => {
    const v = averages[i][index];
    if (v !== null && v !== undefined) rows.push({ label: `MA${m.n}`, value: price(v), dot: m.color });
  });
  rows.push({ label: text.labels.volume, value: formatPlotted(Number(bar.vol), text.volumeDecimals, text.locale) });
  return rows;
}

/** Candles with MA 5/10/30 above, volume below; every number and label in the reader's format and language. */
export function chartOption(bars: readonly BarLike[], colors: ChartColors, text: ChartText) {
  const closes = bars.map((b) => Number(b.close));
  const averages = MA.map((m) => movingAverage(closes, m.n));
  const times = bars.map((b) => text.axisTime(b.id));
  const price = (v: number) => formatPlotted(v, text.priceDecimals, text.locale);
  const pointerLabel = { backgroundColor: colors.grid, color: colors.strong };
  return {
    animation: false,
    grid: [
      { left: 8, right: 64, top: 12, height: '62%' },
      { left: 8, right: 64, top: '78%', height: '16%' },
    ],
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'cross', label: pointerLabel },
      confine: true,
      className: 'chart-tooltip',
      backgroundColor: colors.surface,
      borderColor: colors.grid,
      textStyle: { color: colors.strong },
      extraCssText: 'box-shadow:var(--shadow);',
      formatter: (params: { dataIndex: number }[] | { dataIndex: number }) => {
        const index = (Array.isArray(params) ? params[0] : params)?.dataIndex ?? -1;
        const bar = bars[index];
        return bar ? tooltipHtml(text.tooltipTime(bar.id), tooltipRows(bars, averages, index, text, colors)) : '';
      },
    },
    axisPointer: { link: [{ xAxisIndex: 'all' }], label: pointerLabel },
    dataZoom: [{ type: 'inside', xAxisIndex: [0, 1], start: 60, end: 100 }],
    xAxis: [
      {
        type: 'category',
        data: times,
        boundaryGap: true,
        axisLine: { lineStyle: { color: colors.grid } },
        axisLabel: { show: false },
        axisPointer: { label: { show: false } },
      },
      { type: 'category', gridIndex: 1, data: times, axisLabel: { color: colors.text, fontSize: 10 }, axisLine: { lineStyle: { color: colors.grid } } },
    ],
    yAxis: [
      {
        scale: true,
        position: 'right',
        splitLine: { lineStyle: { color: colors.grid } },
        axisLabel: { color: colors.text, fontSize: 10, formatter: price },
        axisPointer: { label: { formatter: ({ value }: { value: number }) => price(value) } },
      },
      {
        scale: true,
        gridIndex: 1,
        position: 'right',
        splitNumber: 2,
        splitLine: { show: false },
        axisLabel: { show: false },
        axisPointer: { label: { formatter: ({ value }: { value: number }) => formatPlotted(value, text.volumeDecimals, text.locale) } },
      },
    ],
    series: [
      {
        name: text.labels.close,
        type: 'candlestick',
        data: bars.map((b) => [Number(b.open), Number(b.close), Number(b.low), Number(b.high)]),
        itemStyle: { color: colors.up, color0: colors.down, borderColor: colors.up, borderColor0: colors.down },
      },
      ...MA.map((m, i) => ({ name: `MA${m.n}`, type: 'line', data: averages[i], smooth: true, showSymbol: false, lineStyle: { width: 1, color: m.color } })),
      {
        name: text.labels.volume,
        type: 'bar',
        xAxisIndex: 1,
        yAxisIndex: 1,
        data: bars.map((b) => ({ value: Number(b.vol), itemStyle: { color: Number(b.close) >= Number(b.open) ? colors.up : colors.down } })),
      },
    ],
  };
}
