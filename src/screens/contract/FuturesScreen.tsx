// Second-level futures: live price and chart, buy up or down, the open positions with their
// countdowns (and their prices on the chart), then each one's result.
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../contract/number-format';
import { useDispatch } from 'react-redux';
import { Link, useSearchParams } from 'react-router-dom';
import { createActionKey } from '../../api/actionKey';
import { endpoint as configEndpoint } from '../../api/generated/screens/futures-config';
import { endpoint as createEndpoint } from '../../api/generated/screens/futures-create';
import { endpoint as assetsEndpoint } from '../../api/generated/screens/assets';
import type { Ticker } from '../../feed/types';
import { useTickers } from '../../store/marketHooks';
import { useMetalsPolling } from '../../store/metalsHooks';
import { marketOf } from '../market/markets';
import { PairPicker } from '../market/PairPicker';
import { ChangeChip } from '../market/PairRow';
import { fetchMetals } from '../market/tradeList';
import { ActiveOrder } from './ActiveOrder';
import { type FuturesTicket, OrderDialog } from './OrderDialog';
import { usePositions } from './positions';

// echarts comes with the chart's own chunk, after the screen's controls
const FuturesChart = lazy(() => import('./FuturesChart'));

function Positions({ tickers, positions }: { tickers: Record<string, Ticker>; positions: ReturnType<typeof usePositions> }) {
  const { t, i18n } = useTranslation();
  if (!positions.orders.length) return null;
  const live = (symbol: string) => {
    const close = tickers[symbol]?.close;
    return close === undefined ? undefined : formatAmount(close, marketOf(symbol).priceDecimals, i18n.language);
  };
  return (
    <section className="positions" aria-labelledby="positions-title">
      <h2 id="positions-title" className="positions-title">
        {positions.open.length ? t('futures.openPositions', { count: positions.open.length }) : t('futures.latestResults')}
      </h2>
      <ul className="positions-list">
        {positions.orders.map((o) => (
          <ActiveOrder key={o.ID} order={o} livePrice={live(o.symbol)} onSettled={positions.markSettled} onDismiss={positions.dismiss} />
        ))}
      </ul>
    </section>
  );
}

export default function FuturesScreen() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const market = marketOf(params.get('symbol'));
  const tickers = useTickers();
  const ticker = tickers[market.symbol];
  const dispatch = useDispatch();
  const pollMetals = useCallback(() => fetchMetals(dispatch), [dispatch]);
  useMetalsPolling(market.from === 2, pollMetals);
  const config = configEndpoint.useQuery();
  const assets = assetsEndpoint.useQuery({ cate: 1 });
  const [create, createState] = createEndpoint.useMutation();
  const [dialog, setDialog] = useState<'up' | 'down' | null>(null);
  const positions = usePositions();
  const marks = useMemo(() => positions.open.filter((o) => o.symbol === market.symbol), [positions.open, market.symbol]);
  // One Idempotency-Key per confirmed order, reused if that same order is retried
  const actionKey = useRef(createActionKey()).current;
  const usdt = assets.data?.list.find((a) => a.coin === 'USDT')?.available ?? '0';
  const live = ticker ? formatAmount(ticker.close, market.priceDecimals, i18n.language) : undefined;

  const place = async (ticket: FuturesTicket) => {
    const payload = { cate: ticket.direction === 'up' ? 1 : 2, usdt: ticket.stake, coinname: market.symbol, ctime_num: ticket.duration } as const;
    const res = await create({ ...payload, idempotencyKey: actionKey.keyFor(payload) });
    actionKey.settle(res);
    if ('data' in res && res.data) {
      positions.add(res.data);
      setDialog(null);
    }
  };

  return (
    <div className="futures">
      <header className="ticket-head">
        <PairPicker market={market} route="/contract/contract" />
        <ChangeChip ticker={ticker} />
        <Link to="/contract/history">{t('futures.history')} ›</Link>
      </header>
      <p className="futures-price">
        <span className="muted">{t('futures.livePrice')}</span>
        <strong className="live-price">{live ?? '--'}</strong>
      </p>
      <Suspense fallback={<div className="futures-chart" aria-hidden="true" />}>
        <FuturesChart symbol={market.symbol} priceDecimals={market.priceDecimals} ticker={ticker} marks={marks} label={t('futures.chartLabel')} />
      </Suspense>
      <div className="futures-actions">
        <button type="button" className="btn btn-up" disabled={!config.data} onClick={() => setDialog('up')}>
          {t('futures.buyUp')}
        </button>
        <button type="button" className="btn btn-down" disabled={!config.data} onClick={() => setDialog('down')}>
          {t('futures.buyDown')}
        </button>
      </div>
      <p className="muted small">
        {t('trade.available')}: <span className="available">{formatAmount(usdt, 2, i18n.language)} USDT</span>
      </p>
      <Positions tickers={tickers} positions={positions} />
      <p className="risk-note">{t('futures.riskNote')}</p>
      {dialog && config.data && (
        <OrderDialog
          config={config.data}
          initialDirection={dialog}
          busy={createState.isLoading}
          onCancel={() => setDialog(null)}
          onConfirm={(ticket) => void place(ticket)}
        />
      )}
    </div>
  );
}
