// The futures chart's data and option: the recent 1-minute closes from the kline endpoint, then
// every live tick, as one area line on a time axis; each open position's price as a mark line.

/** [time in ms, price] */
export type PricePoint = [number, number];

/** At most this many live ticks are kept (about ten minutes at one tick a second). */
export const MAX_TICKS = 600;

export interface OpenMark {
  ID: number;
  direction: 'up' | 'down';
  openPrice: string;
}

export interface PriceChartColors {
  line: string;
  up: string;
  down: string;
  text: string;
  grid: string;
}

/**
 * History bars as points at each bar's start (its close: the last price of that minute so far),
 * then the ticks that came after the last bar began. Bars and ticks carry the server's times.
 */
export function pricePoints(bars: readonly { id: number; close: number | string }[], ticks: readonly PricePoint[]): PricePoint[] {
  const history: PricePoint[] = bars.map((b) => [b.id * 1000, Number(b.close)]);
  const last = history.length ? history[history.length - 1][0] : -Infinity;
  return [...history, ...ticks.filter((p) => p[0] > last)];
}

/** Adds a tick unless it repeats the last one's time; keeps the newest MAX_TICKS. */
export function addTick(ticks: readonly PricePoint[], tick: PricePoint): PricePoint[] {
  const last = ticks[ticks.length - 1];
  if (last && tick[0] <= last[0]) return ticks as PricePoint[];
  const out = [...ticks, tick];
  return out.length > MAX_TICKS ? out.slice(out.length - MAX_TICKS) : out;
}

/** An area line of the price; `format` writes a price as the screen does (the locale's separators). */
export function priceChartOption(points: readonly PricePoint[], marks: readonly OpenMark[], colors: PriceChartColors, format: (price: number) => string) {
  return {
    animation: false,
    grid: { left: 8, right: 64, top: 12, bottom: 24 },
    tooltip: { trigger: 'axis', confine: true, valueFormatter: (v: number) => format(v) },
    xAxis: {
      type: 'time',
      axisLine: { lineStyle: { color: colors.grid } },
      axisLabel: { color: colors.text, fontSize: 10, hideOverlap: true },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      scale: true,
      position: 'right',
      splitNumber: 4,
      splitLine: { lineStyle: { color: colors.grid } },
      axisLabel: { color: colors.text, fontSize: 10, formatter: (v: number) => format(v) },
    },
    series: [
      {
        name: 'price',
        type: 'line',
        data: points,
        showSymbol: false,
        smooth: false,
        lineStyle: { width: 1.5, color: colors.line },
        itemStyle: { color: colors.line },
        areaStyle: { color: colors.line, opacity: 0.12 },
        markLine: {
          silent: true,
          symbol: 'none',
          animation: false,
          // labels alternate above and below their lines, so two close prices stay readable
          data: marks.map((m, i) => {
            const color = m.direction === 'up' ? colors.up : colors.down;
            return {
              name: String(m.ID),
              yAxis: Number(m.openPrice),
              lineStyle: { color, type: 'dashed', width: 1 },
              label: {
                color,
                position: i % 2 ? 'insideStartBottom' : 'insideStartTop',
                fontSize: 10,
                formatter: `${m.direction === 'up' ? '▲' : '▼'} ${format(Number(m.openPrice))}`,
              },
            };
          }),
        },
      },
    ],
  };
}
