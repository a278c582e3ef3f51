// The echarts option of the dashboard's 30 days: deposits and withdrawals in USDT as bars on the
// left axis, registrations as a line on the right. The exact decimal strings become numbers only
// to be drawn; the tiles above show them exactly.
import type { AdminDashboardDay } from '../../../contract/generated/types';

export interface ChartColors {
  deposits: string;
  withdrawals: string;
  registrations: string;
  text: string;
  grid: string;
}

export interface ChartLabels {
  deposits: string;
  withdrawals: string;
  registrations: string;
}

export function dashboardChartOption(days: readonly AdminDashboardDay[], colors: ChartColors, labels: ChartLabels) {
  const axisLabel = { color: colors.text };
  const splitLine = { lineStyle: { color: colors.grid } };
  return {
    animation: false,
    color: [colors.deposits, colors.withdrawals, colors.registrations],
    tooltip: { trigger: 'axis' },
    legend: { top: 0, textStyle: { color: colors.text } },
    grid: { left: 64, right: 48, top: 36, bottom: 32 },
    // "2026-11-27" → "11-27": the year is the same on nearly every day of 30
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)), axisLabel, axisLine: { lineStyle: { color: colors.grid } } },
    yAxis: [
      { type: 'value', name: 'USDT', nameTextStyle: axisLabel, axisLabel, splitLine },
      { type: 'value', minInterval: 1, axisLabel, splitLine: { show: false } },
    ],
    series: [
      { name: labels.deposits, type: 'bar', data: days.map((d) => Number(d.depositsUsdt)) },
      { name: labels.withdrawals, type: 'bar', data: days.map((d) => Number(d.withdrawalsUsdt)) },
      { name: labels.registrations, type: 'line', yAxisIndex: 1, data: days.map((d) => d.registrations), symbolSize: 5 },
    ],
  };
}
