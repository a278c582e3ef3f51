import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HOME } from './routes';

/** Routes whose screens a later release builds. */
export function NotAvailable({ titleKey = 'notAvailable.title', bodyKey = 'notAvailable.body' }: { titleKey?: string; bodyKey?: string }) {
  const { t } = useTranslation();
  return (
    <div className="not-available">
      <div className="not-available-icon" aria-hidden="true">
        ⏳
      </div>
      <h2>{t(titleKey)}</h2>
      <p className="muted">{t(bodyKey)}</p>
      <Link className="btn btn-primary" to={HOME} replace>
        {t('notAvailable.home')}
      </Link>
    </div>
  );
}
