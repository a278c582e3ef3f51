import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { percentChange } from '../../../contract/decimal';
import { formatAmount, formatPercent } from '../../../contract/number-format';
import type { Ticker } from '../../store/market';
import { LivePrice } from '../../ui/LivePrice';
import { type MarketInfo, pairLabel } from './markets';

// home's first chunk stays in budget: the coin faces come a moment later, into a slot of their size
const CoinIcon = lazy(() => import('../../ui/CoinIcon').then((m) => ({ default: m.CoinIcon })));

export function ChangeChip({ ticker }: { ticker?: Ticker }) {
  const { i18n } = useTranslation();
  if (!ticker) return <span className="change-chip">--</span>;
  const change = percentChange(ticker.open, ticker.close);
  const down = change.startsWith('-');
  return <span className={`change-chip ${down ? 'change-down' : 'change-up'}`}>{`${down ? '' : '+'}${formatPercent(change, i18n.language)}`}</span>;
}

export function PairRow({
  market,
  ticker,
  favourite,
  onToggleFavourite,
  onOpen,
}: {
  market: MarketInfo;
  ticker?: Ticker;
  favourite?: boolean;
  onToggleFavourite?: () => void;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <li className="pair-row" data-symbol={market.symbol}>
      {onToggleFavourite && (
        <button
          type="button"
          className={`fav${favourite ? ' fav-on' : ''}`}
          aria-pressed={favourite}
          aria-label={t(favourite ? 'market.removeFavourite' : 'market.addFavourite')}
          onClick={onToggleFavourite}
        >
          ★
        </button>
      )}
      <button type="button" className="pair-open" onClick={onOpen}>
        <span className="pair-coin">
          <span className="coin-slot">
            <Suspense>
              <CoinIcon coin={market.base} name={market.name} />
            </Suspense>
          </span>
          <span className="pair-name">
            {/* one line: DOGE/USDT never breaks after the base (an ellipsis if a long symbol cannot fit) */}
            <span className="pair-symbol">
              <strong>{market.base}</strong>
              <span className="muted">/{market.quote}</span>
            </span>
            <span className="pair-sub muted">{market.name === pairLabel(market) || market.name === market.base ? '' : market.name}</span>
          </span>
        </span>
        <LivePrice className="pair-price" value={ticker?.close} text={ticker ? formatAmount(ticker.close, market.priceDecimals, i18n.language) : '--'} />
        <ChangeChip ticker={ticker} />
      </button>
    </li>
  );
}
