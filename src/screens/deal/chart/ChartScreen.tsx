// Candlestick chart of a pair; the last bar follows the live feed.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coinDecimals } from '../../../../contract/display-rule';
import { formatAmount } from '../../../../contract/number-format';
import { Link, useSearchParams } from 'react-router-dom';
import periods from '../../../../schemas/config/chart-periods.json';
import { endpoint as klineEndpoint } from '../../../api/generated/screens/kline';
import { useTheme } from '../../../ui/theme';
import { klineTopic, useTopic } from '../../../feed';
import { useTickers } from '../../../store/marketHooks';
import { LivePrice } from '../../../ui/LivePrice';
import { type MarketInfo, marketOf, pairLabel } from '../../market/markets';
import { ChangeChip } from '../../market/PairRow';
import { PriceAnnouncer } from '../../market/PriceAnnouncer';
import { echarts } from './echarts';
import { type BarLike, mergeBar } from './indicators';
import { type ChartColors, type ChartText, chartOption, timeFormats } from './options';
import { cssColor, useChart } from '../../../ui/useChart';

/** The chart's colours as the page's theme has them now. */
function themeColors(): ChartColors {
  return {
    up: cssColor('--up'),
    down: cssColor('--down'),
    text: cssColor('--muted'),
    grid: cssColor('--line'),
    surface: cssColor('--surface'),
    strong: cssColor('--text'),
  };
}

/** How the chart writes its numbers, times and labels: the reader's language and format, the pair's decimals. */
function useChartText(market: MarketInfo, period: string): ChartText {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(
    () => ({
      locale,
      priceDecimals: market.priceDecimals,
      volumeDecimals: coinDecimals(market.quote),
      labels: { open: t('chart.open'), high: t('chart.high'), low: t('chart.low'), close: t('chart.close'), volume: t('chart.volume') },
      ...timeFormats(period, locale),
    }),
    [t, locale, market, period],
  );
}

export default function ChartScreen() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const market = marketOf(params.get('symbol'));
  const [period, setPeriod] = useState('1min');
  const history = klineEndpoint.useQuery({ id: market.symbol, interval: period as never, num: 300 });
  const key = `${market.symbol}:${period}`;
  // live bars of the shown pair and period, laid over the history
  const [live, setLive] = useState<{ key: string; bars: BarLike[] }>({ key, bars: [] });
  const ticker = useTickers()[market.symbol];
  const theme = useTheme();
  const { box, chart } = useChart((el) => echarts.init(el, undefined, { renderer: 'canvas' }));

  useTopic(klineTopic(market.symbol, period), (tick) =>
    setLive((current) => ({ key, bars: mergeBar(current.key === key ? current.bars : [], tick as BarLike) })),
  );
  const bars = useMemo(() => {
    let out: BarLike[] = history.data ?? [];
    if (live.key === key) for (const bar of live.bars) out = mergeBar(out, bar);
    return out;
  }, [history.data, live, key]);

  const text = useChartText(market, period);

  useEffect(() => {
    chart.current?.setOption(chartOption(bars, themeColors(), text) as never, { lazyUpdate: true });
  }, [bars, text, theme, chart]);

  const last = bars[bars.length - 1];
  const shownPrice = ticker
    ? formatAmount(ticker.close, market.priceDecimals, i18n.language)
    : last
      ? formatAmount(last.close, market.priceDecimals, i18n.language)
      : '--';
  return (
    <div className="chart-screen">
      <header className="chart-head">
        <div>
          <h2 className="chart-pair">{pairLabel(market)}</h2>
          <p className="chart-price">
            <LivePrice value={ticker?.close ?? last?.close} text={shownPrice} />
          </p>
          <PriceAnnouncer price={shownPrice} />
          <ChangeChip ticker={ticker} />
        </div>
        {ticker && (
          <dl className="chart-stats">
            <dt>{t('chart.high')}</dt>
            <dd>{formatAmount(ticker.high, market.priceDecimals, i18n.language)}</dd>
            <dt>{t('chart.low')}</dt>
            <dd>{formatAmount(ticker.low, market.priceDecimals, i18n.language)}</dd>
            <dt>{t('chart.volume')}</dt>
            <dd>{formatAmount(ticker.amount, 2, i18n.language)}</dd>
          </dl>
        )}
      </header>
      <div className="periods" role="tablist">
        {periods.map((p) => (
          <button
            key={p.id}
            type="button"
            role="tab"
            aria-selected={period === p.id}
            className={period === p.id ? 'active' : ''}
            onClick={() => setPeriod(p.id)}
          >
            {t(p.label)}
          </button>
        ))}
      </div>
      <div ref={box} className="chart-canvas" data-bars={bars.length} data-last-close={last ? String(last.close) : ''} />
      {history.isLoading && <p className="state">{t('chart.loading')}</p>}
      <div className="chart-actions">
        <Link className="btn btn-up" to={`/deal/deal?symbol=${market.symbol}&side=buy`}>
          {t('trade.buy')}
        </Link>
        <Link className="btn btn-down" to={`/deal/deal?symbol=${market.symbol}&side=sell`}>
          {t('trade.sell')}
        </Link>
      </div>
    </div>
  );
}
