import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../contract/number-format';
import { Link } from 'react-router-dom';
import type { FuturesOrder } from '../../api/generated/screens/futures-create';
import { endpoint as findOrder } from '../../api/generated/screens/futures-order-detail';
import { formatDateTime } from '../../engine/formats';
import { marketOf, pairLabel } from '../market/markets';
import { secondsUntil } from './countdown';
import { formatMoney } from '../../../contract/display-rule';


/** The result of a settled order: what was won (green) or lost (red), the two recorded prices and times. */
function SettledResult({ order }: { order: FuturesOrder }) {
  const { t, i18n } = useTranslation();
  const price = (value: string) => formatAmount(value, marketOf(order.symbol).priceDecimals, i18n.language);
  return (
    <>
      <p className="result">
        {order.result === 'win'
          ? t('futures.won', { amount: formatMoney(order.pnl, i18n.language) })
          : order.result === 'loss'
            ? t('futures.lost', { amount: formatMoney(order.stake, i18n.language) })
            : t('futures.draw')}
      </p>
      <dl className="result-prices">
        <dt>{t('futures.openPrice')}</dt>
        <dd className="open-price">
          {price(order.openPrice)} · <span className="result-time">{formatDateTime(order.openTime, i18n.language)}</span>
        </dd>
        <dt>{t('futures.closePrice')}</dt>
        <dd className="close-price">
          {order.closePrice ? (
            <>
              {price(order.closePrice)} · <span className="result-time">{formatDateTime(order.closeTime, i18n.language)}</span>
            </>
          ) : (
            '--'
          )}
        </dd>
      </dl>
      {order.reason && <p className="muted small">{t(`futures.reason.${order.reason}`)}</p>}
      <Link to={`/contract/detail?id=${order.ID}`}>{t('futures.openOrder')} ›</Link>
    </>
  );
}

/** One position: countdown to settlement with its open and live price, then its result. */
export function ActiveOrder({
  order,
  livePrice,
  onSettled,
  onDismiss,
}: {
  order: FuturesOrder;
  livePrice?: string;
  onSettled(id: number): void;
  onDismiss(id: number): void;
}) {
  const { t, i18n } = useTranslation();
  const market = marketOf(order.symbol);
  const [now, setNow] = useState(() => Date.now());
  const left = secondsUntil(order.settleAt, now);
  const due = left === 0;
  // once due, ask the server every second until the scheduler has settled it
  const known = findOrder.useQueryState({ ID: order.ID }).data;
  const settled = known && known.status !== 'pending' ? known : undefined;
  findOrder.useQuery({ ID: order.ID }, { skip: !due, pollingInterval: settled ? 0 : 1000 });

  useEffect(() => {
    if (settled) onSettled(order.ID);
  }, [settled, onSettled, order.ID]);

  useEffect(() => {
    if (settled) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [settled]);

  return (
    <li className={`active-order${settled ? ` result-${settled.result || 'draw'}` : ''}`} data-id={order.ID} aria-live="polite">
      <p className="active-order-head">
        <strong>{pairLabel(market)}</strong>
        <span className={`direction-chip direction-${order.direction}`}>{t(`futures.directionValue.${order.direction}`)}</span>
        <span className="muted">
          {formatMoney(order.stake, i18n.language)} USDT · {t('futures.seconds', { s: order.duration })}
        </span>
        {settled && (
          <button type="button" className="active-order-close" aria-label={t('common.close')} onClick={() => onDismiss(order.ID)}>
            ×
          </button>
        )}
      </p>
      {settled ? (
        <SettledResult order={settled} />
      ) : (
        <>
          <p className="countdown">{due ? t('futures.settling') : t('futures.countdown', { s: left })}</p>
          <p className="small">
            {t('futures.openPrice')}: <strong>{formatAmount(order.openPrice, market.priceDecimals, i18n.language)}</strong> · {t('futures.livePrice')}:{' '}
            <strong>{livePrice ?? '--'}</strong>
          </p>
        </>
      )}
    </li>
  );
}
