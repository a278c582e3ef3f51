// My invitation (/user/invite). Hand-written because it draws a QR code of the invite link and
// offers the Web Share API, which the schema engine has no widget for: the user's code and link
// (copy, share where the browser can), the member count of each referral level and the total,
// and the newest members (masked by the server) with their join date and verification.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { InviteMember, MyInvite } from '../../../contract/generated/types';
import { endpoint as myInvite } from '../../api/generated/screens/my-invite';
import { CopyButton } from '../../ui/CopyButton';
import { toast } from '../../ui/overlays';
import './invite.css';

const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

const SKELETON_ROWS = 3;

/** The link that opens registration with the code filled in (the form reads it from the query). */
export function inviteLink(code: string, loc: Pick<Location, 'origin' | 'pathname'> = location): string {
  return `${loc.origin}${loc.pathname}#/login/register?invitationCode=${encodeURIComponent(code)}`;
}

function ShareButton({ link, code }: { link: string; code: string }) {
  const { t } = useTranslation();
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return null;
  const onClick = () =>
    navigator.share({ title: t('route.user.invite'), text: t('invite.shareText', { code }), url: link }).catch((err: unknown) => {
      // The user closing the share sheet is no failure.
      if (!(err instanceof DOMException && err.name === 'AbortError')) toast(t('common.copyFailed'));
    });
  return (
    <button type="button" className="btn btn-primary btn-small invite-share" onClick={() => void onClick()}>
      {t('invite.share')}
    </button>
  );
}

function CodeCard({ data }: { data: MyInvite | undefined }) {
  const { t } = useTranslation();
  if (!data) {
    return (
      <section className="invite-card" aria-busy="true" aria-label={t('common.loading')}>
        <span className="skeleton skeleton-line" />
        <span className="skeleton invite-qr-skeleton" />
        <span className="skeleton skeleton-line" />
      </section>
    );
  }
  const code = data.invitationCode;
  const link = inviteLink(code);
  return (
    <section className="invite-card">
      <p className="invite-label">{t('invite.myCode')}</p>
      <div className="copy-row invite-code-row">
        <strong className="invite-code" data-testid="invite-code">
          {code}
        </strong>
        <CopyButton value={code} label={t('invite.copyCode')} />
      </div>
      <div className="invite-qr" role="img" aria-label={t('invite.qrHint')}>
        <Suspense fallback={null}>
          <QRCodeSVG value={link} size={168} marginSize={2} bgColor="#ffffff" fgColor="#000000" aria-hidden="true" />
        </Suspense>
      </div>
      <p className="invite-hint">{t('invite.qrHint')}</p>
      <p className="invite-label">{t('invite.link')}</p>
      <div className="copy-row">
        <code className="invite-link" data-testid="invite-link">
          {link}
        </code>
        <CopyButton value={link} label={t('invite.copyLink')} />
      </div>
      <ShareButton link={link} code={code} />
    </section>
  );
}

function Stats({ data }: { data: MyInvite | undefined }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  const cells = data
    ? [...data.levels.map((l) => ({ key: `level-${l.level}`, label: t('invite.level', { level: l.level }), value: n(l.count) })), { key: 'total', label: t('invite.total'), value: n(data.total) }]
    : undefined;
  return (
    <section className="invite-card">
      <h2 className="invite-heading">{t('invite.stats')}</h2>
      <dl className="invite-stats" aria-busy={!cells}>
        {cells
          ? cells.map((c) => (
              <div key={c.key} className="invite-stat" data-testid={`invite-${c.key}`}>
                <dt>{c.label}</dt>
                <dd>{c.value}</dd>
              </div>
            ))
          : Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="invite-stat" aria-hidden="true">
                <span className="skeleton skeleton-label" />
                <span className="skeleton skeleton-value" />
              </div>
            ))}
      </dl>
    </section>
  );
}

function MemberRow({ m }: { m: InviteMember }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(m.joinedAt));
  return (
    <li className="row invite-member">
      <div className="row-main">
        <p className="row-title invite-account">{m.account}</p>
        <p className="row-field muted">{t('invite.joined', { date })}</p>
      </div>
      <div className="invite-member-side">
        <span className="invite-badge">{t('invite.level', { level: m.level })}</span>
        <span className={`invite-verified${m.verified ? ' is-verified' : ''}`}>{t(m.verified ? 'invite.verified' : 'invite.unverified')}</span>
      </div>
    </li>
  );
}

function Members({ data, loading }: { data: MyInvite | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="invite-members">
      <h2 className="invite-heading">{t('invite.members')}</h2>
      {loading || !data ? (
        <ul className="rows" aria-busy="true" aria-label={t('common.loading')}>
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <li key={i} className="row" aria-hidden="true">
              <div className="row-main">
                <span className="skeleton skeleton-line" />
                <span className="skeleton skeleton-label invite-skeleton-gap" />
              </div>
            </li>
          ))}
        </ul>
      ) : data.members.length === 0 ? (
        <p className="state" data-testid="invite-empty">
          {t('invite.empty')}
        </p>
      ) : (
        <>
          <ul className="rows" data-testid="invite-members">
            {data.members.map((m, i) => (
              <MemberRow key={`${m.joinedAt}-${i}`} m={m} />
            ))}
          </ul>
          {data.total > data.members.length && (
            <p className="state">{t('invite.newest', { shown: new Intl.NumberFormat(i18n.language).format(data.members.length), total: new Intl.NumberFormat(i18n.language).format(data.total) })}</p>
          )}
        </>
      )}
    </section>
  );
}

export default function InviteScreen() {
  const { t } = useTranslation();
  const q = myInvite.useQuery();
  if (q.isError && !q.data) {
    return (
      <div className="invite">
        <div className="state" role="alert">
          <p>{t('common.loadFailed')}</p>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => void q.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="invite">
      <CodeCard data={q.data} />
      <Stats data={q.data} />
      <Members data={q.data} loading={q.isLoading} />
    </div>
  );
}
