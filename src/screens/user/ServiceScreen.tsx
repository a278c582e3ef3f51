// Contact us (/user/service, public): the chat with support (signed in), the contact channels the
// operator configured and the service desk's hours (GET /base/site, schemas/config/site.json);
// nothing else is invented.
import { useTranslation } from 'react-i18next';
import { endpoint as site } from '../../api/generated/screens/site';
import { channelHref, hoursText } from './site';
import { SupportChat } from './SupportChat';
import './content.css';

export default function ServiceScreen() {
  const { t } = useTranslation();
  return (
    <div className="content-page">
      <h2 className="content-heading">{t('service.chat.title')}</h2>
      <SupportChat />
      <Channels />
    </div>
  );
}

function Channels() {
  const { t, i18n } = useTranslation();
  const q = site.useQuery();
  if (!q.data) return <p className={`state${q.isError ? ' state-error' : ''}`}>{q.isError ? t('about.loadFailed') : t('common.loading')}</p>;
  const { channels, hours } = q.data.service;
  const shown = hoursText(hours, i18n.language);
  return (
    <>
      <h2 className="content-heading">{t('service.channels')}</h2>
      {channels.length === 0 && <p className="content-card muted">{t('service.noChannels')}</p>}
      {channels.length > 0 && (
        <ul className="menu">
          {channels.map((c) => {
            const href = channelHref(c);
            const external = href?.startsWith('https:');
            const body = (
              <>
                <span>{t(`service.type.${c.type}`)}</span>
                <span className="content-row-value">{c.value}</span>
              </>
            );
            return (
              <li key={`${c.type}:${c.value}`}>
                {href ? (
                  <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                    {body}
                  </a>
                ) : (
                  <div className="content-row">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <h2 className="content-heading">{t('service.hours')}</h2>
      <section className="content-card">
        {shown.kind === 'allDay' ? (
          <p style={{ margin: 0 }}>{t('service.allDay')}</p>
        ) : (
          <p style={{ margin: 0 }}>
            {shown.days ?? t('service.everyDay')}, {shown.from}–{shown.to}
          </p>
        )}
        <p className="muted" style={{ margin: '4px 0 0' }}>
          {t('service.timeZone', { zone: hours.timeZone })}
        </p>
      </section>
    </>
  );
}
