// What a form screen shows around its form: the block that stops it being sent, the notices
// its sources turn on, and the links under it.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { formatDateTime } from './formats';

/** What stops the form being sent (a source's block: reason, end time, where to lift it). */
export interface Block {
  reason: string;
  until?: number | null;
  link?: string | null;
  /** frozen: the operator's reason */
  note?: string;
}

export function BlockNotice({ block }: { block: Block }) {
  const { t, i18n } = useTranslation();
  const here = useLocation();
  const until = typeof block.until === 'number' ? formatDateTime(new Date(block.until).toISOString(), i18n.language) : '';
  return (
    <div className="notice notice-block" role="alert">
      <p>{t(`funds.block.${block.reason}`, { until, note: block.note ?? '' })}</p>
      {block.link && (
        <Link className="btn btn-primary btn-block" to={`${block.link}?back=${encodeURIComponent(here.pathname + here.search)}`}>
          {t('funds.block.setPayPassword')}
        </Link>
      )}
    </div>
  );
}

/** The user's identity verification (realNameStatus: 0 none, 1 under review, 2 verified, 3 rejected). */
export const VERIFIED = 2;
const UNDER_REVIEW = 1;

/** A form only a verified customer may send (the screen's `verified`) says so before anything is typed, with the way to verify. */
export function VerificationNotice({ status, to }: { status: number; to: string }) {
  const { t } = useTranslation();
  const here = useLocation();
  const reviewing = status === UNDER_REVIEW;
  return (
    <div className="notice notice-block" role="alert" data-testid="verification-needed">
      <p>{t(reviewing ? 'funds.verification.underReview' : 'funds.verification.needed')}</p>
      {!reviewing && (
        <Link className="btn btn-primary btn-block" to={`${to}?back=${encodeURIComponent(here.pathname + here.search)}`}>
          {t('funds.verification.verify')}
        </Link>
      )}
    </div>
  );
}

/** The notices that hold now, each quoting its value as {{value}}. */
export function FormNotices({ notices }: { notices: { text: string; value: unknown }[] }) {
  const { t } = useTranslation();
  return (
    <>
      {notices.map((n) => (
        <p key={n.text} className="notice" role="status">
          {t(n.text, { value: n.value })}
        </p>
      ))}
    </>
  );
}

export function FormLinks({ links }: { links: { to: string; label: string }[] | undefined }) {
  const { t } = useTranslation();
  if (!links) return null;
  return (
    <nav className="form-links">
      {links.map((l) => (
        <Link key={l.to} to={l.to} replace>
          {t(l.label)}
        </Link>
      ))}
    </nav>
  );
}
