// One record from its schema file, by ?id= in the route.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatField } from './format';
import type { ScreenModule } from './types';

export default function DetailScreen({ module }: { module: ScreenModule }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const q = module.endpoint.useQuery({ ID: id }, { skip: !valid });
  const detail = module.screen.detail!;
  if (!valid) return <p className="state state-error">{t('errors.notFound')}</p>;
  if (q.isLoading) return <p className="state">{t('common.loading')}</p>;
  if (q.isError || !q.data) {
    return (
      <div className="state state-error">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="btn btn-ghost" onClick={() => void q.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const record = q.data as Record<string, unknown>;
  return (
    <article className="detail">
      <h1 className="detail-title">{String(record[detail.titleField] ?? '')}</h1>
      {detail.fields?.map((f) => (
        <p key={f.field} className="muted detail-field">
          {t(f.label)}: {formatField(f, record[f.field], i18n.language, t)}
        </p>
      ))}
      {detail.bodyField && <div className="detail-body">{String(record[detail.bodyField] ?? '')}</div>}
    </article>
  );
}
