import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalsOf } from '../../../contract/decimal';
import { formatAmount } from '../../../contract/number-format';
import { Link } from 'react-router-dom';
import type { FuturesOrder } from '../../api/generated/screens/futures-create';
import { endpoint as findOrder } from '../../api/generated/screens/futures-order-detail';
import { formatDateTime } from '../../engine/formats';
import { formatMoney } from '../../../contract/display-rule';
import { secondsUntil } from './countdown';

/** Countdown to settlement, then the result with the two recorded prices and times. */
export function ActiveOrder({ order, livePrice }: { order: FuturesOrder; livePrice?: string }) {
  const { t, i18n } = useTranslation();
  const num = (value: string) => formatAmount(value, decimalsOf(value), i18n.language);
  const money = (value: string) => formatMoney(value, i18n.language);
  const [now, setNow] = useState(() => Date.now());
  const left = secondsUntil(order.settleAt, now);
  const due = left === 0;
  // once due, ask the server until the scheduler has settled it
  const result = findOrder.useQuery({ ID: order.ID }, { skip: !due, pollingInterval: 1000 });
  const settled = result.data && result.data.status !== 'pending' ? result.data : undefined;

  useEffect(() => {
    if (settled) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [settled]);

  return (
    <section className={`active-order${settled ? ` result-${settled.result}` : ''}`} aria-live="polite">
      <p className="muted">
        {t(`futures.directionValue.${order.direction}`)} · {money(order.stake)} USDT · {t('futures.seconds', { s: order.duration })}
      </p>
      {!settled ? (
        <>
          <p className="countdown">{due ? t('futures.settling') : t('futures.countdown', { s: left })}</p>
          <p>
            {t('futures.openPrice')}: <strong>{num(order.openPrice)}</strong> · {t('futures.livePrice')}: <strong>{livePrice ?? '--'}</strong>
          </p>
        </>
      ) : (
        <>
          <p className="result">
            {settled.result === 'win'
              ? t('futures.won', { amount: money(settled.pnl) })
              : settled.result === 'loss'
                ? t('futures.lost', { amount: money(settled.stake) })
                : t('futures.draw')}
          </p>
          <dl className="result-prices">
            <dt>{t('futures.openPrice')}</dt>
            <dd className="open-price">
              {num(settled.openPrice)} · {formatDateTime(settled.openTime, i18n.language)}
            </dd>
            <dt>{t('futures.closePrice')}</dt>
            <dd className="close-price">
              {num(settled.closePrice)} · {formatDateTime(settled.closeTime, i18n.language)}
            </dd>
          </dl>
          <Link to={`/contract/detail?id=${settled.ID}`}>{t('futures.openOrder')} ›</Link>
        </>
      )}
    </section>
  );
}
