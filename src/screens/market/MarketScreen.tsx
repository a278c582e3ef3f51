import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { useTickers } from '../../store/marketHooks';
import { useMetalsPolling } from '../../store/metalsHooks';
import { selectMarketStatus } from '../../store/market';
import { MARKETS } from './markets';
import { PairRow } from './PairRow';
import { StaleBanner } from './StaleBanner';
import { fetchMetals } from './tradeList';
import { useFavourites } from './useFavourites';

type Tab = 'favourites' | 1 | 2;

export default function MarketScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>(1);
  const [query, setQuery] = useState('');
  const tickers = useTickers();
  const status = useSelector(selectMarketStatus);
  const { favourites, toggle } = useFavourites();
  const dispatch = useDispatch();
  const pollMetals = useCallback(() => fetchMetals(dispatch), [dispatch]);
  useMetalsPolling(tab !== 1, pollMetals);

  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    return MARKETS.filter((m) => (tab === 'favourites' ? favourites.includes(m.symbol) : m.from === tab)).filter((m) => !q || m.symbol.includes(q) || m.name.toLowerCase().includes(q));
  }, [tab, query, favourites]);

  const tabs: [Tab, string][] = [
    ['favourites', 'market.favourites'],
    [1, 'market.crypto'],
    [2, 'market.metals'],
  ];
  return (
    <div className="market">
      <div className="segmented" role="tablist">
        {tabs.map(([id, label]) => (
          <button key={label} type="button" role="tab" aria-selected={tab === id} className={tab === id ? 'active' : ''} onClick={() => setTab(id)}>
            {t(label)}
          </button>
        ))}
      </div>
      <input className="input search" type="search" placeholder={t('market.search')} aria-label={t('market.search')} value={query} onChange={(e) => setQuery(e.target.value)} />
      {tab === 1 && <StaleBanner status={status} />}
      <div className="pair-head muted">
        <span>{t('market.pair')}</span>
        <span>{t('market.lastPrice')}</span>
        <span>{t('market.change')}</span>
      </div>
      <ul className={`pairs${tab === 1 && status === 'stale' ? ' stale' : ''}`}>
        {rows.map((m) => (
          <PairRow
            key={m.symbol}
            market={m}
            ticker={tickers[m.symbol]}
            favourite={favourites.includes(m.symbol)}
            onToggleFavourite={() => toggle(m.symbol)}
            onOpen={() => navigate(`/deal/chart?symbol=${m.symbol}`)}
          />
        ))}
      </ul>
      {rows.length === 0 && <p className="state state-empty">{t('market.empty')}</p>}
    </div>
  );
}
