import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PathIcon } from '../ui/Icon';
import { HOME } from '../routes/routes';

const HOURGLASS = 'M6 3h12M6 21h12M7 3c0 5 10 5 10 9s-10 4-10 9M17 3c0 5-10 5-10 9s10 4 10 9';

/** Routes whose screens a later release builds. */
export function NotAvailable({ titleKey = 'notAvailable.title', bodyKey = 'notAvailable.body' }: { titleKey?: string; bodyKey?: string }) {
  const { t } = useTranslation();
  return (
    <div className="not-available">
      <div className="not-available-icon">
        <PathIcon d={HOURGLASS} size={44} />
      </div>
      <h2>{t(titleKey)}</h2>
      <p className="muted">{t(bodyKey)}</p>
      <Link className="btn btn-primary" to={HOME} replace>
        {t('notAvailable.home')}
      </Link>
    </div>
  );
}
