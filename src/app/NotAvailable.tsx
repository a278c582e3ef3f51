import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../ui/Icon';
import { HOME } from '../routes/routes';

/** Routes whose screens a later release builds. */
export function NotAvailable({ titleKey = 'notAvailable.title', bodyKey = 'notAvailable.body' }: { titleKey?: string; bodyKey?: string }) {
  const { t } = useTranslation();
  return (
    <div className="not-available">
      <div className="not-available-icon">
        <Icon name="hourglass" size={44} />
      </div>
      <h2>{t(titleKey)}</h2>
      <p className="muted">{t(bodyKey)}</p>
      <Link className="btn btn-primary" to={HOME} replace>
        {t('notAvailable.home')}
      </Link>
    </div>
  );
}
