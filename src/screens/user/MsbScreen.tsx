// MSB certification (/user/MSB): exactly what the operator configured as its money services
// business registration (GET /base/site, schemas/config/site.json) — registered name, number,
// jurisdiction and a document image if there is one — or that nothing is configured.
import { useTranslation } from 'react-i18next';
import { endpoint as site } from '../../api/generated/screens/site';
import './content.css';

export default function MsbScreen() {
  const { t } = useTranslation();
  const q = site.useQuery();
  if (!q.data) return <p className={`state${q.isError ? ' state-error' : ''}`}>{q.isError ? t('about.loadFailed') : t('common.loading')}</p>;
  const msb = q.data.msb;
  if (!msb) {
    return (
      <div className="content-page">
        <p className="state" data-testid="msb-none">
          {t('msb.notConfigured')}
        </p>
      </div>
    );
  }
  const facts: [string, string][] = [
    ['msb.registrationName', msb.registrationName],
    ['msb.registrationNumber', msb.registrationNumber],
    ['msb.jurisdiction', msb.jurisdiction],
  ];
  return (
    <div className="content-page">
      <section className="content-card">
        <dl className="content-facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{t(label)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {msb.documentImage && (
        <section className="content-card">
          <h2>{t('msb.document')}</h2>
          <img className="content-image" src={msb.documentImage} alt={t('msb.document')} loading="lazy" />
        </section>
      )}
    </div>
  );
}
