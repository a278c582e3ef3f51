// My Assets (/property/property): the total equivalent in USDT, total and today's P/L, then
// one row per coin (search, hide small balances). A row opens the coin's financial records.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CoinIcon } from '../../ui/CoinIcon';
import { Icon, type IconName } from '../../ui/Icon';
import type { Asset } from '../../../contract/generated/types';
import { compare } from '../../../contract/decimal';
import { formatAmount, formatSigned } from '../../../contract/number-format';
import { displayDecimals, formatMoney, MONEY_DECIMALS } from '../../../contract/display-rule';
import { endpoint as assets } from '../../api/generated/screens/assets';
import { endpoint as profitLoss } from '../../api/generated/screens/profit-loss';
import { usePullToRefresh } from '../../engine/usePullToRefresh';
import { Amount } from './Amount';

/** Where money moves in and out: deposit, withdraw, withdraw to a bank card, exchange. */
const ACTIONS: readonly { to: string; label: string; icon: IconName }[] = [
  { to: '/bitcoin/paymentList', label: 'home.deposit', icon: 'deposit' },
  { to: '/bitcoin/withdrawList', label: 'home.withdraw', icon: 'withdraw' },
  { to: '/bitcoin/bank', label: 'assets.toBank', icon: 'bank' },
  { to: '/bitcoin/exchange', label: 'home.exchange', icon: 'swap' },
];
import { trendClass, visibleAssets } from './assetRows';

const RECORDS = '/property/detail';
/** The customer's loans, where each is repaid */
const LOANS = '/bitcoin/loanHistory';
const HIDE_SMALL_KEY = 'assets:hideSmall';
const SKELETON_ROWS = 4;
/** Every total, P/L and equivalent on this screen is counted in USDT. */
const USDT = 'USDT';

function useHideSmall(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => localStorage.getItem(HIDE_SMALL_KEY) === '1');
  const set = (next: boolean) => {
    localStorage.setItem(HIDE_SMALL_KEY, next ? '1' : '0');
    setOn(next);
  };
  return [on, set];
}

export default function AssetsScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const list = assets.useQuery({ cate: 1 });
  const pl = profitLoss.useQuery();
  const [query, setQuery] = useState('');
  const [hideSmall, setHideSmall] = useHideSmall();
  const pull = usePullToRefresh(() => Promise.all([list.refetch(), pl.refetch()]));

  const rows = list.data?.list ?? [];
  const shown = visibleAssets(rows, query, hideSmall);
  const loading = list.isLoading || pl.isLoading;
  const failed = !loading && (list.isError || pl.isError);

  return (
    <div className="assets" {...pull.handlers}>
      {pull.distance > 0 && (
        <div className="pull-indicator" style={{ height: pull.distance }}>
          {t(pull.refreshing ? 'common.refreshing' : pull.armed ? 'common.releaseToRefresh' : 'common.pullToRefresh')}
        </div>
      )}
      {failed ? (
        <div className="state state-error" role="alert">
          <p>{t('assets.loadFailed')}</p>
          <button type="button" className="btn btn-ghost" onClick={() => void Promise.all([list.refetch(), pl.refetch()])}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <>
          <Summary total={list.data?.totalUsdt} owed={list.data?.owedUsdt} net={list.data?.netUsdt} pnl={pl.data} loading={loading} lang={lang} />
          <nav className="assets-actions" aria-label={t('assets.actions')}>
            {ACTIONS.map((a) => (
              <Link key={a.to} to={a.to} className="assets-action">
                <Icon name={a.icon} size={22} />
                <span>{t(a.label)}</span>
              </Link>
            ))}
          </nav>
          <div className="assets-tools">
            <input
              className="input search"
              type="search"
              placeholder={t('assets.search')}
              aria-label={t('assets.search')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
            <label className="assets-hide-small">
              <input className="switch" type="checkbox" checked={hideSmall} onChange={(e) => setHideSmall(e.target.checked)} />
              <span>{t('assets.hideSmall')}</span>
            </label>
          </div>
          <ul className="asset-rows" aria-busy={loading}>
            {loading
              ? Array.from({ length: SKELETON_ROWS }, (_, i) => <SkeletonRow key={i} />)
              : shown.map((row) => <AssetRow key={row.coin} row={row} lang={lang} />)}
          </ul>
          {!loading && shown.length === 0 && <p className="state state-empty">{t('assets.noMatch')}</p>}
        </>
      )}
    </div>
  );
}

interface SummaryProps {
  total?: string;
  owed?: string;
  net?: string;
  pnl?: { totalPnl: string; todayPnl: string };
  loading: boolean;
  lang: string;
}

/** The total equivalent, what is owed on loans beside it, and the P/L. */
function Summary({ total, owed, net, pnl, loading, lang }: SummaryProps) {
  const { t } = useTranslation();
  return (
    <section className="assets-summary" aria-busy={loading}>
      <div className="assets-summary-head">
        <p className="assets-summary-label">{t('assets.totalEquivalent')}</p>
        <Link className="assets-records-link" to={RECORDS}>
          {t('assets.records')} ›
        </Link>
      </div>
      {loading ? (
        <p className="skeleton skeleton-total" />
      ) : (
        <p className="assets-total">
          <Amount text={`${formatMoney(total ?? '0', lang)} ${USDT}`} testId="assets-total" />
        </p>
      )}
      {!loading && owed !== undefined && net !== undefined && <Owed owed={owed} net={net} lang={lang} />}
      <div className="assets-pnl">
        <PnL label={t('assets.totalPnl')} value={pnl?.totalPnl} lang={lang} loading={loading} testId="assets-total-pnl" />
        <PnL label={t('assets.todayPnl')} value={pnl?.todayPnl} lang={lang} loading={loading} testId="assets-today-pnl" />
      </div>
    </section>
  );
}

/** Loans owed (the total counts the borrowed coins) and the net assets, only while something is owed. */
function Owed({ owed, net, lang }: { owed: string; net: string; lang: string }) {
  const { t } = useTranslation();
  if (!(compare(owed, '0') > 0)) return null;
  return (
    <div className="assets-owed" data-testid="assets-owed">
      <div className="assets-pnl">
        <Link className="assets-pnl-item assets-owed-link" to={LOANS}>
          <span className="assets-summary-label">{t('assets.loansOwed')} ›</span>
          <Amount className="assets-pnl-value assets-owed-value" text={`${formatMoney(owed, lang)} ${USDT}`} testId="assets-owed-value" />
        </Link>
        <div className="assets-pnl-item">
          <span className="assets-summary-label">{t('assets.netAssets')}</span>
          <Amount className="assets-pnl-value" text={`${formatMoney(net, lang)} ${USDT}`} testId="assets-net" />
        </div>
      </div>
    </div>
  );
}

function PnL({ label, value, lang, loading, testId }: { label: string; value?: string; lang: string; loading: boolean; testId: string }) {
  return (
    <div className="assets-pnl-item">
      <span className="assets-summary-label">{label}</span>
      {loading ? (
        <span className="skeleton skeleton-line" />
      ) : (
        <Amount
          className={`assets-pnl-value ${trendClass(value)}`}
          text={value === undefined ? '—' : `${formatSigned(value, MONEY_DECIMALS, lang)} ${USDT}`}
          testId={testId}
        />
      )}
    </div>
  );
}

function AssetRow({ row, lang }: { row: Asset; lang: string }) {
  const { t } = useTranslation();
  // the row's coin amounts by the display rule (2 decimals for USDT and USDC), the equivalent as money
  const decimals = displayDecimals(row.coin, row.decimals);
  return (
    <li>
      <Link className="asset-row" to={`${RECORDS}?coinname=${encodeURIComponent(row.coin)}`} data-coin={row.coin}>
        <div className="asset-row-head">
          <span className="asset-coin">
            <CoinIcon coin={row.coin} name={row.name} size={24} />
            <strong>{row.coin}</strong>
            <span className="muted">{row.name}</span>
          </span>
          <Amount className="asset-amount" text={formatAmount(row.total, decimals, lang)} />
        </div>
        <dl className="asset-row-detail">
          <div>
            <dt>{t('assets.available')}</dt>
            <dd>
              <Amount text={formatAmount(row.available, decimals, lang)} />
            </dd>
          </div>
          <div>
            <dt>{t('assets.frozen')}</dt>
            <dd>
              <Amount text={formatAmount(row.frozen, decimals, lang)} />
            </dd>
          </div>
          <div>
            <dt>{t('assets.equivalent')}</dt>
            <dd>
              <Amount text={`${formatMoney(row.usdtValue, lang)} ${USDT}`} />
            </dd>
          </div>
        </dl>
      </Link>
    </li>
  );
}

function SkeletonRow() {
  return (
    <li className="asset-row asset-row-skeleton" aria-hidden="true">
      <div className="asset-row-head">
        <span className="skeleton skeleton-coin" />
        <span className="skeleton skeleton-amount" />
      </div>
      <div className="asset-row-detail">
        {[0, 1, 2].map((i) => (
          <div key={i}>
            <span className="skeleton skeleton-label" />
            <span className="skeleton skeleton-value" />
          </div>
        ))}
      </div>
    </li>
  );
}
