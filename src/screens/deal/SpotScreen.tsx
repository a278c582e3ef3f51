// Spot ticket: limit and market orders, percent-of-balance shortcuts, depth, current orders.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { formatAmount } from '../../../contract/number-format';
import { useTickers } from '../../store/marketHooks';
import { LivePrice } from '../../ui/LivePrice';
import { type MarketInfo, marketOf } from '../market/markets';
import { PairPicker } from '../market/PairPicker';
import { ChangeChip } from '../market/PairRow';
import { PriceAnnouncer } from '../market/PriceAnnouncer';
import { DepthLadder } from './DepthLadder';
import { OpenOrders } from './OpenOrders';
import { SpotOrderForm } from './SpotOrderForm';
import { useSpotOrderForm } from './useSpotOrderForm';

type Ticker = ReturnType<typeof useTickers>[string];

function TicketHead({ market, ticker }: { market: MarketInfo; ticker: Ticker | undefined }) {
  const { t } = useTranslation();
  return (
    <header className="ticket-head">
      <PairPicker market={market} route="/deal/deal" />
      <ChangeChip ticker={ticker} />
      <Link className="chart-link" to={`/deal/chart?symbol=${market.symbol}`}>
        {t('trade.chart')} ›
      </Link>
    </header>
  );
}

export default function SpotScreen() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const market = marketOf(params.get('symbol'));
  const tickers = useTickers();
  const ticker = tickers[market.symbol];
  const last = ticker ? String(ticker.close) : '';
  const order = useSpotOrderForm(market, last, t, params.get('side') === 'sell' ? 'sell' : 'buy');
  const shownLast = last ? formatAmount(last, market.priceDecimals, i18n.language) : '--';

  return (
    <div className="spot">
      <TicketHead market={market} ticker={ticker} />
      <div className="ticket-grid">
        <SpotOrderForm market={market} order={order} />
        <DepthLadder market={market} last={last} onPick={(p) => order.setPrice(p)} />
      </div>
      <p className="last-price">
        <span className="muted">{t('trade.price')}</span>{' '}
        <strong>
          <LivePrice value={last} text={shownLast} />
        </strong>
        <PriceAnnouncer price={shownLast} />
      </p>
      <OpenOrders symbol={market.symbol} />
    </div>
  );
}
