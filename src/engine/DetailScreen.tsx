// One record from its schema file, by ?id= in the route: title and fields drawn through the
// format registry (./formats) with up/down colours, empty fields left out, skeleton while loading,
// a translated error with Retry. detail.layout "tiles" draws each field as a tile (a dashboard).
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ChatThread, type ChatMessage } from '../widgets/chat/ChatThread';
import { DetailField } from './DetailField';
import { refusalText } from './refusalText';
import { formatRecordField } from './formats';
import type { ScreenDef, ScreenModule } from './types';
import { useCountdown } from './useCountdown';
import './engine.css';

function DetailSkeleton({ screen }: { screen: ScreenDef }) {
  const { t } = useTranslation();
  return (
    <article className="detail detail-skeleton" aria-busy="true" aria-label={t('common.loading')}>
      <h1 className="detail-title">
        <span className="skeleton skeleton-title" />
      </h1>
      {screen.detail!.fields?.map((f) => (
        <p key={f.field} className="muted detail-field" aria-hidden="true">
          <span className="skeleton" />
        </p>
      ))}
    </article>
  );
}

/**
 * What the endpoint is asked for: ?id= as ID, or with detail.query each route parameter as its
 * argument (a whole number where the payload says integer). Valid when every one is there.
 */
function detailArgs(screen: ScreenModule['screen'], params: URLSearchParams): { args: Record<string, unknown>; valid: boolean } {
  const query = screen.detail?.query ?? { id: 'ID' };
  const props = (screen.payload?.properties ?? { ID: { type: 'integer' } }) as Record<string, { type?: unknown }>;
  const args: Record<string, unknown> = {};
  let valid = true;
  for (const [param, field] of Object.entries(query)) {
    const text = params.get(param) ?? '';
    const value = props[field]?.type === 'integer' ? Number(text) : text;
    valid &&= typeof value === 'number' ? Number.isInteger(value) && value > 0 : value !== '';
    args[field] = value;
  }
  return { args, valid };
}

export default function DetailScreen({ module }: { module: ScreenModule }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const detail = module.screen.detail!;
  const { args, valid } = detailArgs(module.screen, params);
  const q = module.endpoint.useQuery(args, { skip: !valid, pollingInterval: (detail.refreshSeconds ?? 0) * 1000 });
  useCountdown(detail.fields, q.data as Record<string, unknown> | undefined, q.refetch);
  if (!valid) return <p className="state state-error">{t('errors.notFound')}</p>;
  if (q.isLoading || (q.isFetching && !q.currentData)) return <DetailSkeleton screen={module.screen} />;
  if (q.isError || !q.data) {
    return (
      <div className="state state-error" role="alert">
        <p>{refusalText(q.error) ?? t('common.loadFailed')}</p>
        <button type="button" className="btn btn-ghost" onClick={() => void q.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const record = q.data as Record<string, unknown>;
  const title = formatRecordField({ field: detail.titleField, label: '', format: detail.titleFormat }, record, i18n.language, t);
  const tiles = detail.layout === 'tiles';
  const fields = detail.fields?.map((f) => <DetailField key={f.field} view={f} record={record} tiles={tiles} />);
  return (
    <article className={tiles ? 'detail detail-tiles' : 'detail'}>
      <h1 className="detail-title">{title?.text ?? ''}</h1>
      {tiles ? <div className="detail-tile-grid">{fields}</div> : fields}
      {detail.bodyField && <div className="detail-body">{String(record[detail.bodyField] ?? '')}</div>}
      {detail.threadField && <ChatThread messages={(record[detail.threadField] ?? []) as ChatMessage[]} mine="operator" />}
    </article>
  );
}
