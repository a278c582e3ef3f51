import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { endpoint as articles } from '../../api/generated/screens/announcement-list';
import type { RootState } from '../../store';

const ENTRIES = [
  { to: '/bitcoin/paymentList', label: 'home.deposit', icon: '⬇' },
  { to: '/bitcoin/withdrawList', label: 'home.withdraw', icon: '⬆' },
  { to: '/deal/deal', label: 'home.spot', icon: '⇄' },
  { to: '/contract/contract', label: 'home.futures', icon: '⏱' },
  { to: '/IEO/IEO', label: 'home.ieo', icon: '✦' },
  { to: '/stake/list', label: 'home.stake', icon: '◎' },
  { to: '/bitcoin/exchange', label: 'home.exchange', icon: '↻' },
  { to: '/bitcoin/loan', label: 'home.loan', icon: '₿' },
  { to: '/bitcoin/wireTransfer', label: 'home.wire', icon: '🏦' },
  { to: '/user/realName', label: 'home.realName', icon: '🪪' },
  { to: '/user/invite', label: 'home.invite', icon: '✉' },
  { to: '/user/service', label: 'home.service', icon: '☎' },
] as const;

function AnnouncementStrip() {
  const { t } = useTranslation();
  const q = articles.useInfiniteQuery({});
  const first = (q.data?.pages[0]?.list ?? []).slice(0, 3);
  if (!first.length) return null;
  return (
    <section className="notice-strip" aria-label={t('notice.listTitle')}>
      <span className="notice-icon" aria-hidden="true">
        📢
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

export default function HomeScreen() {
  const { t } = useTranslation();
  const token = useSelector((s: RootState) => s.session.token);
  return (
    <div className="home">
      <header className="home-header">
        <Link to={token ? '/user/my' : '/login/login'} className="avatar" aria-label={t(token ? 'route.user.my' : 'home.login')}>
          ☺
        </Link>
        <span className="home-brand">{t('app.name')}</span>
        <Link to="/user/lang" className="home-lang" aria-label={t('route.user.lang')}>
          🌐
        </Link>
      </header>
      <section className="hero">
        <h2>{t('home.greeting')}</h2>
        {!token && (
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
      <AnnouncementStrip />
      <nav className="entries">
        {ENTRIES.map((e) => (
          <Link key={e.to} to={e.to} className="entry">
            <span className="entry-icon" aria-hidden="true">
              {e.icon}
            </span>
            <span>{t(e.label)}</span>
          </Link>
        ))}
      </nav>
    </div>
  );
}
