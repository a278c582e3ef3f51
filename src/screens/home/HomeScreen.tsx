import { lazy, Suspense, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router-dom';
import { endpoint as articles } from '../../api/generated/screens/announcement-list';
import { Icon } from '../../ui/Icon';
import { releaseShell } from '../../ui/shell';
import { useTickers } from '../../store/marketHooks';
import type { RootState } from '../../store';
import { selectMarketStatus } from '../../store/market';
import { MARKETS } from '../market/markets';
import { PairRow } from '../market/PairRow';
import { StaleBanner } from '../market/StaleBanner';

// a signed-in customer's parts (./HomeMember) come in their own chunk: a visitor's home stays as small as it was
const Member = lazy(() => import('./HomeMember'));

const ENTRIES = [
  { to: '/bitcoin/paymentList', label: 'home.deposit', icon: 'deposit' },
  { to: '/bitcoin/withdrawList', label: 'home.withdraw', icon: 'withdraw' },
  { to: '/deal/deal', label: 'home.spot', icon: 'trade' },
  { to: '/contract/contract', label: 'home.futures', icon: 'clock' },
  { to: '/IEO/IEO', label: 'home.ieo', icon: 'star' },
  { to: '/stake/list', label: 'home.stake', icon: 'layers' },
  { to: '/bitcoin/exchange', label: 'home.exchange', icon: 'swap' },
  { to: '/bitcoin/loan', label: 'home.loan', icon: 'coins' },
  { to: '/bitcoin/wireTransfer', label: 'home.wire', icon: 'bank' },
  { to: '/user/realName', label: 'home.realName', icon: 'idCard' },
  { to: '/user/invite', label: 'home.invite', icon: 'mail' },
  { to: '/user/service', label: 'home.service', icon: 'headset' },
] as const;

function AnnouncementStrip() {
  const { t } = useTranslation();
  const q = articles.useInfiniteQuery({});
  const first = (q.data?.pages[0]?.list ?? []).slice(0, 3);
  // while the first page loads, an empty strip of the usual height keeps what follows from moving when it arrives
  if (q.isLoading) return <div className="notice-strip notice-strip-pending" aria-hidden="true" />;
  if (!first.length) return null;
  return (
    <section className="notice-strip" aria-label={t('notice.listTitle')}>
      <span className="notice-icon">
        <Icon name="megaphone" size={18} />
      </span>
      <ul>
        {first.map((a) => (
          <li key={a.ID}>
            <Link to={`/user/afficheDetail?id=${a.ID}`}>{a.title}</Link>
          </li>
        ))}
      </ul>
      <Link className="notice-more" to="/user/affiche">
        {t('notice.more')}
      </Link>
    </section>
  );
}

const TOP = MARKETS.filter((m) => m.from === 1).slice(0, 5);

function TopPairs() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tickers = useTickers();
  const status = useSelector(selectMarketStatus);
  return (
    <section className="top-pairs">
      <header className="section-head">
        <h2>{t('home.topPairs')}</h2>
        <Link to="/market/market">{t('home.markets')} ›</Link>
      </header>
      <StaleBanner status={status} />
      <ul className={`pairs${status === 'stale' ? ' stale' : ''}`}>
        {TOP.map((m) => (
          <PairRow key={m.symbol} market={m} ticker={tickers[m.symbol]} onOpen={() => navigate(`/deal/chart?symbol=${m.symbol}`)} />
        ))}
      </ul>
    </section>
  );
}

export default function HomeScreen() {
  const { t } = useTranslation();
  const token = useSelector((s: RootState) => s.session.token);
  // the same header and hero are now drawn: index.html's stand-in goes in this frame
  useLayoutEffect(releaseShell, []);
  return (
    <div className="home">
      <header className="home-header">
        <Link to={token ? '/user/my' : '/login/login'} className="avatar" aria-label={t(token ? 'route.user.my' : 'home.login')}>
          <Icon name="user" />
        </Link>
        <span className="home-brand">{t('app.name')}</span>
        {token && (
          <Link to="/user/inform" className="home-bell">
            <Icon name="bell" size={22} />
            <span className="sr-only">{t('home.notifications')}</span>
            <Suspense>
              <Member part="unread" />
            </Suspense>
          </Link>
        )}
        <Link to="/user/lang" className="home-lang" aria-label={t('route.user.lang')}>
          <Icon name="globe" size={22} />
        </Link>
      </header>
      <section className="hero">
        <h2>{t('home.greeting')}</h2>
        {token ? (
          <Suspense fallback={<div className="hero-member" />}>
            <Member part="banner" />
          </Suspense>
        ) : (
          <div className="hero-actions">
            <Link className="btn btn-primary" to="/login/login">
              {t('home.login')}
            </Link>
            <Link className="btn btn-ghost" to="/login/register">
              {t('home.register')}
            </Link>
          </div>
        )}
      </section>
      {token && (
        <Suspense>
          <Member part="steps" />
        </Suspense>
      )}
      <AnnouncementStrip />
      <nav className="entries">
        {ENTRIES.map((e) => (
          <Link key={e.to} to={e.to} className="entry">
            <span className="entry-icon">
              <Icon name={e.icon} />
            </span>
            <span>{t(e.label)}</span>
          </Link>
        ))}
      </nav>
      <TopPairs />
    </div>
  );
}
