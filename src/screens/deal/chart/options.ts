import { type BarLike, movingAverage } from './indicators';

export interface ChartColors {
  up: string;
  down: string;
  text: string;
  grid: string;
}

const MA = [
  { n: 5, color: '#f0b90b' },
  { n: 10, color: '#7b61ff' },
  { n: 30, color: '#2db7f5' },
];

function label(id: number, period: string): string {
  const d = new Date(id * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return ['1day', '1week', '1mon'].includes(period)
    ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
    : `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Candles with MA 5/10/30 above, volume below. */
export function chartOption(bars: readonly BarLike[], period: string, colors: ChartColors) {
  const closes = bars.map((b) => Number(b.close));
  return {
    animation: false,
    grid: [
      { left: 8, right: 56, top: 12, height: '62%' },
      { left: 8, right: 56, top: '78%', height: '16%' },
    ],
    tooltip: { trigger: 'axis', axisPointer: { type: 'cross' }, confine: true },
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    dataZoom: [{ type: 'inside', xAxisIndex: [0, 1], start: 60, end: 100 }],
    xAxis: [
      { type: 'category', data: bars.map((b) => label(b.id, period)), boundaryGap: true, axisLine: { lineStyle: { color: colors.grid } }, axisLabel: { show: false } },
      { type: 'category', gridIndex: 1, data: bars.map((b) => label(b.id, period)), axisLabel: { color: colors.text, fontSize: 10 }, axisLine: { lineStyle: { color: colors.grid } } },
    ],
    yAxis: [
      { scale: true, position: 'right', splitLine: { lineStyle: { color: colors.grid } }, axisLabel: { color: colors.text, fontSize: 10 } },
      { scale: true, gridIndex: 1, position: 'right', splitNumber: 2, splitLine: { show: false }, axisLabel: { show: false } },
    ],
    series: [
      {
        name: 'K',
        type: 'candlestick',
        data: bars.map((b) => [Number(b.open), Number(b.close), Number(b.low), Number(b.high)]),
        itemStyle: { color: colors.up, color0: colors.down, borderColor: colors.up, borderColor0: colors.down },
      },
      ...MA.map((m) => ({ name: `MA${m.n}`, type: 'line', data: movingAverage(closes, m.n), smooth: true, showSymbol: false, lineStyle: { width: 1, color: m.color } })),
      {
        name: 'Vol',
        type: 'bar',
        xAxisIndex: 1,
        yAxisIndex: 1,
        data: bars.map((b) => ({ value: Number(b.vol), itemStyle: { color: Number(b.close) >= Number(b.open) ? colors.up : colors.down } })),
      },
    ],
  };
}
