// Live price chart of the futures screen's pair (lazy: echarts arrives with this chunk only):
// the last half hour of 1-minute closes from the kline endpoint, then each live tick of the
// ticker the screen shows; each open position's price is a dashed line, green up, red down.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../contract/number-format';
import { endpoint as klineEndpoint } from '../../api/generated/screens/kline';
import type { Ticker } from '../../feed/types';
import { useTheme } from '../../ui/theme';
import { echarts } from './echarts';
import { addTick, type OpenMark, priceChartOption, type PricePoint, pricePoints } from './priceLine';
// the screen's styles come with this chunk: a stylesheet of the screen's own would add to home's route table
import './futures.css';
import { cssColor, useChart } from '../../ui/useChart';

const HISTORY_BARS = 30;

/** The live ticks of one symbol since the chart opened (they start again when the symbol changes). */
function useTicks(symbol: string, ticker: Ticker | undefined): PricePoint[] {
  const [state, setState] = useState<{ symbol: string; ticker?: Ticker; ticks: PricePoint[] }>({ symbol, ticks: [] });
  // each new ticker adds a point (during render, not in an effect), at the time of its frame
  if (ticker && ticker !== state.ticker) {
    setState((s) => ({ symbol, ticker, ticks: addTick(s.symbol === symbol ? s.ticks : [], [ticker.ts, Number(ticker.close)]) }));
  }
  return state.symbol === symbol ? state.ticks : [];
}

/** `label` names the chart for screen readers (given by the screen, which loads with its texts). */
export default function FuturesChart({
  symbol,
  priceDecimals,
  ticker,
  marks,
  label,
}: {
  symbol: string;
  priceDecimals: number;
  ticker?: Ticker;
  marks: readonly OpenMark[];
  label: string;
}) {
  const { i18n } = useTranslation();
  const theme = useTheme();
  const history = klineEndpoint.useQuery({ id: symbol, interval: '1min', num: HISTORY_BARS });
  const ticks = useTicks(symbol, ticker);
  const points = useMemo(() => pricePoints(history.data ?? [], ticks), [history.data, ticks]);
  const { box, chart } = useChart((el) => echarts.init(el, undefined, { renderer: 'canvas' }));

  useEffect(() => {
    const colors = { line: cssColor('--primary'), up: cssColor('--up'), down: cssColor('--down'), text: cssColor('--muted'), grid: cssColor('--line') };
    const format = (price: number) => formatAmount(price.toFixed(priceDecimals + 2), priceDecimals, i18n.language);
    chart.current?.setOption(priceChartOption(points, marks, colors, format) as never, { notMerge: true, lazyUpdate: true });
  }, [points, marks, priceDecimals, i18n.language, theme, chart]);

  const last = points[points.length - 1];
  return (
    <div
      ref={box}
      className="futures-chart"
      role="img"
      aria-label={label}
      data-history={history.data?.length ?? 0}
      data-points={points.length}
      data-lines={marks.map((m) => m.openPrice).join(' ')}
      data-last={last ? String(last[1]) : ''}
    />
  );
}
