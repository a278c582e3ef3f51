// The account's last 50 sign-ins and failed attempts: when, what device, where, how, result.
import { useTranslation } from 'react-i18next';
import { endpoint as signins } from '../../../api/generated/screens/signins';
import { formatDateTime } from '../../../engine/formats';

export function SignInHistory() {
  const { t, i18n } = useTranslation();
  const q = signins.useQuery(undefined, { refetchOnMountOrArgChange: true });
  if (q.isLoading) return <div className="skeleton" style={{ height: 120 }} aria-busy="true" />;
  const list = q.data?.list ?? [];
  if (!list.length) return <p className="security-text">{t('security.historyEmpty')}</p>;
  return (
    <>
      <p className="security-small">{t('security.historyIntro')}</p>
      <ul className="security-history">
        {list.map((entry, i) => (
          <li key={`${entry.time}-${i}`}>
            <div className="who">
              <p>{entry.device}</p>
              <p className="security-small">{[entry.place, entry.ip].filter(Boolean).join(' · ')}</p>
            </div>
            <div className="what">
              <p className={entry.result === 'ok' ? 'good' : 'bad'}>{t(`security.result.${entry.result}`)}</p>
              <p className="security-small">{t(`security.method.${entry.method}`)}</p>
              <p className="security-small">{formatDateTime(entry.time, i18n.language)}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
