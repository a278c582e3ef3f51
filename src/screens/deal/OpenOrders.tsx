import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { decimalsOf } from '../../../contract/decimal';
import { coinDecimals } from '../../../contract/display-rule';
import { formatAmount } from '../../../contract/number-format';
import { Link } from 'react-router-dom';
import { api } from '../../api/base';
import { endpoint as cancelOrder } from '../../api/generated/screens/spot-cancel';
import { endpoint as openOrders } from '../../api/generated/screens/spot-open-orders';
import { formatDateTime, marketOf, pairName } from '../../engine/formats';
import { confirmDialog, toast } from '../../ui/overlays';

/** A fill (an order filled further, or gone from the open list) moves balances: Available follows without a reload. */
function useBalancesFollowFills(list: readonly { ID: number; filled: string }[]) {
  const dispatch = useDispatch();
  const fills = list.map((o) => `${o.ID}:${o.filled}`).join();
  const before = useRef<string | null>(null);
  useEffect(() => {
    if (before.current !== null && before.current !== fills) dispatch(api.util.invalidateTags(['Assets']));
    before.current = fills;
  }, [fills, dispatch]);
}

/** The user's open limit orders on this pair (pair, side, price, how much has filled, when placed); cancel asks for confirmation. */
export function OpenOrders({ symbol }: { symbol: string }) {
  const { t, i18n } = useTranslation();
  const price = (value: string, symbol: string) => formatAmount(value, marketOf(symbol)?.priceDecimals ?? decimalsOf(value), i18n.language);
  const amount = (value: string, symbol: string) => formatAmount(value, coinDecimals(marketOf(symbol)?.base), i18n.language);
  // limit orders fill on the server's schedule, so the list refreshes on its own
  const orders = openOrders.useQuery({ symbol }, { pollingInterval: 3000 });
  const [cancel, { isLoading }] = cancelOrder.useMutation();
  const list = orders.data?.list ?? [];
  useBalancesFollowFills(list);
  const onCancel = async (id: number) => {
    if (!(await confirmDialog(t('trade.cancelConfirm')))) return;
    const res = await cancel({ id });
    if ('data' in res) toast(t('trade.cancelled'));
  };
  return (
    <section className="open-orders">
      <header className="section-head">
        <h2>{t('trade.currentOrders')}</h2>
        <Link to="/deal/history">{t('trade.history')} ›</Link>
      </header>
      {list.length === 0 && <p className="state state-empty">{t('trade.noOpenOrders')}</p>}
      <ul className="rows">
        {list.map((o) => (
          <li key={o.ID} className="row open-order">
            <div className="row-main">
              <p className="row-title">
                <span className={o.side === 'buy' ? 'up' : 'down'}>
                  {t(`trade.sideValue.${o.side}`)} · {t(`trade.typeValue.${o.type}`)}
                </span>{' '}
                {pairName(o.symbol)}
              </p>
              <p className="row-field">
                <span className="muted">{t('trade.price')}</span> {price(o.price, o.symbol)} · <span className="muted">{t('trade.filled')}</span>{' '}
                <span data-testid="order-filled">
                  {amount(o.filled, o.symbol)} / {amount(o.amount, o.symbol)} {marketOf(o.symbol)?.base ?? ''}
                </span>
              </p>
              <p className="row-field muted">
                <time dateTime={o.CreatedAt}>{formatDateTime(o.CreatedAt, i18n.language)}</time>
              </p>
            </div>
            <button type="button" className="btn btn-danger btn-small" disabled={isLoading} onClick={() => void onCancel(o.ID)}>
              {t('trade.cancel')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
