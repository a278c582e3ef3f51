import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MARKETS, type MarketInfo, pairLabel } from './markets';

/** Switches the pair of a trading screen by replacing ?symbol= in its route. */
export function PairPicker({ market, route }: { market: MarketInfo; route: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <select className="input pair-picker" aria-label={t('trade.pair')} value={market.symbol} onChange={(e) => navigate(`${route}?symbol=${e.target.value}`, { replace: true })}>
      {MARKETS.map((m) => (
        <option key={m.symbol} value={m.symbol}>
          {pairLabel(m)}
        </option>
      ))}
    </select>
  );
}
