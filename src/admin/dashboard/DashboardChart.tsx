// The dashboard's last 30 UTC days as a chart, below the schema screen's tiles (admin-dashboard).
// Hand-written because the schema engine has no chart kind; it reads the same endpoint as the
// tiles (one request, RTK Query shares it) and loads echarts (tree-shaken, ./echarts) only here.
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoint as dashboard } from '../../api/generated/screens/admin-dashboard';
import { useTheme } from '../../ui/theme';
import { dashboardChartOption } from './chartOption';
import { echarts } from './echarts';
import { cssColor, useChart } from '../../ui/useChart';

function Canvas({ option, label }: { option: object; label: string }) {
  const { box, chart } = useChart((el) => echarts.init(el, undefined, { renderer: 'canvas' }));
  useEffect(() => {
    chart.current?.setOption(option as never, { notMerge: true, lazyUpdate: true });
  }, [option, chart]);
  return <div ref={box} className="dashboard-canvas" role="img" aria-label={label} />;
}

export default function DashboardChart() {
  const { t } = useTranslation();
  const theme = useTheme();
  const q = dashboard.useQuery({});
  const days = q.data?.series;
  const option = useMemo(() => {
    if (!days) return null;
    const colors = {
      deposits: cssColor('--up'),
      withdrawals: cssColor('--down'),
      registrations: cssColor('--primary'),
      text: cssColor('--muted'),
      grid: cssColor('--line'),
    };
    return dashboardChartOption(days, colors, {
      deposits: t('admin.chartDeposits'),
      withdrawals: t('admin.chartWithdrawals'),
      registrations: t('admin.chartRegistrations'),
    });
    // the theme changes the CSS variables the colours are read from
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [days, t, theme]);
  // the tiles above say when the data could not load
  if (!option) return null;
  return (
    <section className="admin-screen dashboard-chart" aria-labelledby="title-dashboard-chart">
      <h2 id="title-dashboard-chart">{t('admin.chartTitle')}</h2>
      <Canvas option={option} label={t('admin.chartTitle')} />
    </section>
  );
}
