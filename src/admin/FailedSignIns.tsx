// The failed sign-ins for this operator since their last sign-in, as their sign-in answered them
// (server/backoffice/sign-in-lock.ts): when and from which address, shown above every page until
// the operator continues, so someone trying their name is noticed.
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { failedSignInsSeen } from './session';
import type { AdminState } from './store';

export function FailedSignIns() {
  const { t, i18n } = useTranslation();
  const dispatch = useDispatch();
  const { failedSignIns, failedSignInCount } = useSelector((s: AdminState) => s.session);
  if (!failedSignInCount) return null;
  return (
    <section className="admin-host-changes admin-failed-sign-ins" role="alert" aria-label={t('admin.failedSignInsTitle', { count: failedSignInCount })}>
      <h2>{t('admin.failedSignInsTitle', { count: failedSignInCount })}</h2>
      <ul>
        {(failedSignIns ?? []).map((f, i) => (
          <li key={`${f.at}-${i}`}>{t('admin.failedSignInRow', { time: new Date(f.at).toLocaleString(i18n.language), ip: f.ip })}</li>
        ))}
      </ul>
      <p className="field-help">{t('admin.failedSignInsHint')}</p>
      <button type="button" className="btn btn-primary btn-small" onClick={() => dispatch(failedSignInsSeen())}>
        {t('admin.failedSignInsContinue')}
      </button>
    </section>
  );
}
