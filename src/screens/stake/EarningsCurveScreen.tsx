// Earnings curve (/stake/earningsCurve): the cumulative fixed-term earnings paid so far, by day,
// one coin at a time (a switcher when there are several), drawn with echarts. Hand-written
// because the schema engine has no chart; echarts comes with this screen's chunk only.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatAmount } from '../../../contract/number-format';
import { endpoint as curveEndpoint } from '../../api/generated/screens/financing-earnings-curve';
import { useTheme } from '../../ui/theme';
import { curveOption, seriesOf } from './curve';
import { echarts } from './echarts';
import './earnings.css';
import { cssColor, useChart } from '../../ui/useChart';

function Skeleton() {
  return (
    <div className="earnings-skeleton" aria-hidden="true" data-testid="earnings-skeleton">
      <span className="earnings-bone earnings-bone-label" />
      <span className="earnings-bone earnings-bone-total" />
      <span className="earnings-bone earnings-bone-chart" />
    </div>
  );
}

function Chart({ option, label, points, total }: { option: object; label: string; points: number; total: string }) {
  const { box, chart } = useChart((el) => echarts.init(el, undefined, { renderer: 'canvas' }));

  useEffect(() => {
    chart.current?.setOption(option as never, { notMerge: true, lazyUpdate: true });
  }, [option, chart]);

  return <div ref={box} className="earnings-canvas" role="img" aria-label={label} data-points={points} data-total={total} />;
}

export default function EarningsCurveScreen() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const theme = useTheme();
  // payouts arrive from the scheduler, not from this client: fetch again on every visit
  const query = curveEndpoint.useQuery({}, { refetchOnMountOrArgChange: true });
  const coins = useMemo(() => query.data?.coins ?? [], [query.data]);
  const [picked, setPicked] = useState<string | null>(null);
  const current = coins.find((c) => c.coin === picked) ?? coins[0];
  const points = useMemo(() => (current && query.data ? seriesOf(query.data.list, current.coin) : []), [current, query.data]);
  const last = points[points.length - 1];

  const option = useMemo(() => {
    if (!current) return null;
    const colors = { line: cssColor('--primary'), text: cssColor('--muted'), grid: cssColor('--line'), surface: cssColor('--surface') };
    return curveOption(points, current.decimals, locale, colors, { cumulative: t('earnings.cumulative'), dayAmount: t('earnings.dayAmount') });
    // the theme changes the CSS variables the colours are read from
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [points, current, locale, t, theme]);

  if (query.isLoading) return <Skeleton />;
  if (query.isError || !query.data)
    return (
      <div className="state state-error" role="alert">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="btn" onClick={() => query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  if (!current || !last || !option)
    return (
      <div className="earnings-empty">
        <p className="state">{t('earnings.empty')}</p>
        <Link className="btn" to="/stake/list">
          {t('earnings.browse')}
        </Link>
      </div>
    );

  const total = formatAmount(last.cumulative, current.decimals, locale);
  return (
    <div className="earnings-screen">
      {coins.length > 1 && (
        <div className="periods earnings-coins" role="tablist" aria-label={t('earnings.coins')}>
          {coins.map((c) => (
            <button
              key={c.coin}
              type="button"
              role="tab"
              aria-selected={c.coin === current.coin}
              className={c.coin === current.coin ? 'active' : ''}
              onClick={() => setPicked(c.coin)}
            >
              {c.coin}
            </button>
          ))}
        </div>
      )}
      <p className="earnings-label">{t('earnings.total')}</p>
      <p className="earnings-total" data-testid="earnings-total">
        <span className="earnings-amount">{total}</span> <span className="earnings-coin">{current.coin}</span>
      </p>
      <Chart option={option} label={t('earnings.chartLabel')} points={points.length} total={last.cumulative} />
      <p className="earnings-note">{t('earnings.note')}</p>
      <Link className="earnings-link" to="/stake/earningsList">
        {t('earnings.payouts')}
      </Link>
    </div>
  );
}
