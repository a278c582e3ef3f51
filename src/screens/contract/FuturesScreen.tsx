// Second-level futures: live price, buy up or down, countdown and result.
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../contract/number-format';
import { useDispatch } from 'react-redux';
import { Link, useSearchParams } from 'react-router-dom';
import { createActionKey } from '../../api/actionKey';
import { endpoint as configEndpoint } from '../../api/generated/screens/futures-config';
import { endpoint as createEndpoint, type FuturesOrder } from '../../api/generated/screens/futures-create';
import { endpoint as assetsEndpoint } from '../../api/generated/screens/assets';
import { useTickers } from '../../store/marketHooks';
import { useMetalsPolling } from '../../store/metalsHooks';
import { marketOf } from '../market/markets';
import { PairPicker } from '../market/PairPicker';
import { ChangeChip } from '../market/PairRow';
import { fetchMetals } from '../market/tradeList';
import { ActiveOrder } from './ActiveOrder';
import { type FuturesTicket, OrderDialog } from './OrderDialog';

export default function FuturesScreen() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const market = marketOf(params.get('symbol'));
  const ticker = useTickers()[market.symbol];
  const dispatch = useDispatch();
  const pollMetals = useCallback(() => fetchMetals(dispatch), [dispatch]);
  useMetalsPolling(market.from === 2, pollMetals);
  const config = configEndpoint.useQuery();
  const assets = assetsEndpoint.useQuery({ cate: 1 });
  const [create, createState] = createEndpoint.useMutation();
  const [dialog, setDialog] = useState<'up' | 'down' | null>(null);
  const [order, setOrder] = useState<FuturesOrder | null>(null);
  // One Idempotency-Key per confirmed order, reused if that same order is retried
  const actionKey = useRef(createActionKey()).current;
  const usdt = assets.data?.list.find((a) => a.coin === 'USDT')?.available ?? '0';
  const live = ticker ? formatAmount(ticker.close, market.priceDecimals, i18n.language) : undefined;

  const place = async (ticket: FuturesTicket) => {
    const payload = { cate: ticket.direction === 'up' ? 1 : 2, usdt: ticket.stake, coinname: market.symbol, ctime_num: ticket.duration } as const;
    const res = await create({ ...payload, idempotencyKey: actionKey.keyFor(payload) });
    actionKey.settle(res);
    if ('data' in res && res.data) {
      setOrder(res.data);
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
      <p className="muted small">
        {t('trade.available')}: <span className="available">{formatAmount(usdt, 2, i18n.language)} USDT</span>
      </p>
      {order && <ActiveOrder key={order.ID} order={order} livePrice={live} />}
      <p className="risk-note">{t('futures.riskNote')}</p>
      <div className="futures-actions">
        <button type="button" className="btn btn-up" disabled={!config.data} onClick={() => setDialog('up')}>
          {t('futures.buyUp')}
        </button>
        <button type="button" className="btn btn-down" disabled={!config.data} onClick={() => setDialog('down')}>
          {t('futures.buyDown')}
        </button>
      </div>
      {dialog && config.data && (
        <OrderDialog config={config.data} initialDirection={dialog} busy={createState.isLoading} onCancel={() => setDialog(null)} onConfirm={(ticket) => void place(ticket)} />
      )}
    </div>
  );
}
