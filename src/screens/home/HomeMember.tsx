// What home shows a signed-in customer, loaded only for them (home's first chunk stays small):
// the unread count on the bell, the total balance with a Deposit button in the banner, and the
// first steps of a new account, each ticked off when done, until all are. One default export,
// drawn in three places by `part`.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../../contract/display-rule';
import { endpoint as assets } from '../../api/generated/screens/assets';
import { endpoint as deposits } from '../../api/generated/screens/deposit-history';
import { endpoint as futuresOrders } from '../../api/generated/screens/futures-order-list';
import { endpoint as unreadCount } from '../../api/generated/screens/notice-unread';
import { endpoint as realName } from '../../api/generated/screens/real-name-status';
import { endpoint as spotOrders } from '../../api/generated/screens/spot-order-list';
import type { RootState } from '../../store';
import { PathIcon } from '../../ui/Icon';

const DEPOSIT = '/bitcoin/paymentList';
const CHECK = 'M5 12.5l4.5 4.5L19 7.5';
/** A verified identity (realName.statusValue), a completed deposit (deposit.status), a filled spot order (the list's status filter) */
const VERIFIED = 2;
const DEPOSIT_DONE = 2;
const SPOT_FILLED = 2;

export default function HomeMember({ part }: { part: 'unread' | 'banner' | 'steps' }) {
  return part === 'unread' ? <UnreadBadge /> : part === 'banner' ? <MemberBanner /> : <FirstSteps />;
}

/** Inside the bell's link: the count, and for a screen reader ", 9 unread" after the link's "Notifications". */
function UnreadBadge() {
  const { t } = useTranslation();
  const count = unreadCount.useQuery(undefined, { refetchOnMountOrArgChange: true }).data?.count ?? 0;
  if (count === 0) return null;
  return (
    <>
      <span className="bell-badge" aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">{`, ${t('home.unreadCount', { count })}`}</span>
    </>
  );
}

function MemberBanner() {
  const { t, i18n } = useTranslation();
  const total = assets.useQuery({ cate: 1 }, { refetchOnMountOrArgChange: true }).data?.totalUsdt;
  return (
    <div className="hero-member">
      <p className="hero-balance-label">{t('home.totalBalance')}</p>
      <p className="hero-balance" data-testid="home-balance">
        {total === undefined ? <span className="skeleton hero-balance-skeleton" /> : `${formatMoney(total, i18n.language)} USDT`}
      </p>
      <div className="hero-actions">
        <Link className="btn btn-primary" to={DEPOSIT}>
          {t('home.deposit')}
        </Link>
      </div>
    </div>
  );
}

const doneKey = (uid: number) => `home:firstStepsDone:${uid}`;

/** The three steps, until all are done; then never again on this device. */
function FirstSteps() {
  const uid = useSelector((s: RootState) => s.session.user?.ID ?? 0);
  const [finished] = useState(() => localStorage.getItem(doneKey(uid)) === '1');
  return finished ? null : <StepList uid={uid} />;
}

function StepList({ uid }: { uid: number }) {
  const { t } = useTranslation();
  const card = realName.useQuery({}, { refetchOnMountOrArgChange: true });
  const deposited = deposits.useInfiniteQuery({ status: DEPOSIT_DONE }, { refetchOnMountOrArgChange: true });
  const spot = spotOrders.useInfiniteQuery({ status: SPOT_FILLED }, { refetchOnMountOrArgChange: true });
  const futures = futuresOrders.useInfiniteQuery({}, { refetchOnMountOrArgChange: true });
  const ready = [card, deposited, spot, futures].every((q) => q.isSuccess);
  const steps = [
    { label: 'home.stepVerify', to: '/user/realName', done: (card.data?.list ?? []).some((c) => c.status === VERIFIED) },
    { label: 'home.stepDeposit', to: DEPOSIT, done: (deposited.data?.pages[0]?.total ?? 0) > 0 },
    { label: 'home.stepTrade', to: '/deal/deal', done: (spot.data?.pages[0]?.total ?? 0) > 0 || (futures.data?.pages[0]?.total ?? 0) > 0 },
  ];
  const done = steps.filter((s) => s.done).length;
  const allDone = ready && done === steps.length;
  useEffect(() => {
    if (allDone) localStorage.setItem(doneKey(uid), '1');
  }, [allDone, uid]);
  if (!ready || allDone) return null;
  return (
    <section className="first-steps" aria-labelledby="first-steps-title">
      <header className="section-head">
        <h2 id="first-steps-title">{t('home.firstSteps')}</h2>
        <span className="muted">{t('home.stepsProgress', { done, total: steps.length })}</span>
      </header>
      <ol>
        {steps.map((s) => (
          <li key={s.label} className={s.done ? 'step-done' : undefined}>
            <Link to={s.to}>
              <span className="step-mark" aria-hidden="true">
                {s.done && <PathIcon d={CHECK} size={16} />}
              </span>
              <span>{t(s.label)}</span>
              {s.done && <span className="sr-only">, {t('home.stepDone')}</span>}
              <span className="muted" aria-hidden="true">
                ›
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
