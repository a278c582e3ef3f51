import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roundDown } from '../../../contract/decimal';
import { coinDecimals } from '../../../contract/display-rule';
import { formatAmount } from '../../../contract/number-format';
import { depthTopic, useTopic } from '../../feed';
import { LivePrice } from '../../ui/LivePrice';
import type { MarketInfo } from '../market/markets';

type Level = [number, number];
interface Depth {
  bids: Level[];
  asks: Level[];
}

const ROWS = 6;

/** Best asks above, the last price between, best bids below; tapping a level fills the price. */
export function DepthLadder({ market, last, onPick }: { market: MarketInfo; last: string; onPick(price: string): void }) {
  const { t, i18n } = useTranslation();
  const [depth, setDepth] = useState<Depth>({ bids: [], asks: [] });
  useTopic(depthTopic(market.symbol), (tick) => setDepth(tick as Depth));
  const asks = depth.asks.slice(0, ROWS).reverse();
  const bids = depth.bids.slice(0, ROWS);
  const level =
    (side: 'ask' | 'bid') =>
    ([price, size]: Level) => {
      const p = roundDown(price, market.priceDecimals);
      return (
        <button type="button" key={`${side}${price}`} className={`depth-row depth-${side}`} onClick={() => onPick(p)}>
          <span>{formatAmount(p, market.priceDecimals, i18n.language)}</span>
          <span className="muted">{formatAmount(size, coinDecimals(market.base), i18n.language)}</span>
        </button>
      );
    };
  return (
    <div className="depth" aria-label={t('trade.depthPrice')}>
      <div className="depth-head muted">
        <span>{t('trade.depthPrice')}</span>
        <span>{t('trade.depthAmount')}</span>
      </div>
      {asks.map(level('ask'))}
      <p className="depth-last">
        <LivePrice value={last} text={last ? formatAmount(last, market.priceDecimals, i18n.language) : '--'} />
      </p>
      {bids.map(level('bid'))}
    </div>
  );
}
