// The earnings curve's data and chart option: pure, so tests need no canvas. Amounts stay exact
// decimal strings; only the plotted y values are numbers (a line's height, never shown as text).
import type { FinancingCurvePoint } from '../../../contract/generated/types';
import { formatAmount } from '../../../contract/number-format';

export interface CurveColors {
  line: string;
  text: string;
  grid: string;
  surface: string;
}

export interface CurveTexts {
  cumulative: string;
  dayAmount: string;
}

/** The points of one coin, sorted by day (the server sorts too; this keeps the chart right regardless). */
export function seriesOf(list: readonly FinancingCurvePoint[], coin: string): FinancingCurvePoint[] {
  return list.filter((p) => p.coin === coin).sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/** A YYYY-MM-DD day in the locale's short form ("Jan 16", "16. Jan."). */
export function dayLabel(day: string, locale: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** A y-axis tick in the locale's digits and separators, rounded down to the coin's decimals. */
export function axisLabel(value: number, decimals: number, locale: string): string {
  const text = formatAmount(value.toFixed(decimals), decimals, locale);
  // trailing zeros of the fraction only crowd the axis
  return text.replace(/([.,٫]\d*?)0+$/, '$1').replace(/[.,٫]$/, '');
}

export function curveOption(points: readonly FinancingCurvePoint[], decimals: number, locale: string, colors: CurveColors, texts: CurveTexts) {
  const exact = (value: string) => formatAmount(value, decimals, locale);
  return {
    animation: false,
    grid: { left: 8, right: 12, top: 16, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      confine: true,
      backgroundColor: colors.surface,
      borderColor: colors.grid,
      textStyle: { color: colors.text, fontSize: 12 },
      formatter: (items: { dataIndex: number }[]) => {
        const p = points[items[0]?.dataIndex ?? -1];
        if (!p) return '';
        return `${dayLabel(p.day, locale)}<br/>${texts.cumulative}: ${exact(p.cumulative)} ${p.coin}<br/>${texts.dayAmount}: ${exact(p.amount)} ${p.coin}`;
      },
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: points.map((p) => dayLabel(p.day, locale)),
      axisLine: { lineStyle: { color: colors.grid } },
      axisLabel: { color: colors.text, fontSize: 10, hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      min: 0,
      splitNumber: 4,
      splitLine: { lineStyle: { color: colors.grid } },
      axisLabel: { color: colors.text, fontSize: 10, formatter: (v: number) => axisLabel(v, decimals, locale) },
    },
    series: [
      {
        name: texts.cumulative,
        type: 'line',
        data: points.map((p) => Number(p.cumulative)),
        showSymbol: points.length <= 31,
        symbolSize: 5,
        lineStyle: { width: 2, color: colors.line },
        itemStyle: { color: colors.line },
        areaStyle: { color: colors.line, opacity: 0.12 },
      },
    ],
  };
}
