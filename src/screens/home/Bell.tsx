import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../../ui/Icon';

export const INFORM = '/user/inform';

/** The header's way to the notification centre, with the unread count on it when there is one. */
export function Bell({ unread = 0 }: { unread?: number }) {
  const { t } = useTranslation();
  return (
    <Link to={INFORM} className="home-bell" aria-label={unread > 0 ? t('home.notificationsUnread', { count: unread }) : t('home.notifications')}>
      <Icon name="bell" size={22} />
      {unread > 0 && (
        <span className="bell-badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
