// One field of a record as a detail screen shows it (and a form's success view, FormResult):
// label and formatted value, an uploaded image (a click opens it large), sanitised markup, a copy button, a link to the
// route that lists what the value counts, a link out (an explorer page); in the tiles layout, label over a large value.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CopyButton } from '../ui/CopyButton';
import { ZoomableImage } from '../widgets/upload/ZoomableImage';
import { FieldValue } from './FieldValue';
import { fieldLink } from './fieldLink';
import { formatRecordField } from './formats';
import { SafeHtml } from './SafeHtml';
import type { FieldView } from './types';

/** A link out of the app (a transaction's explorer page): https only, in a new tab that cannot reach back. */
function ExternalLink({ href, text }: { href: unknown; text: string }) {
  if (typeof href !== 'string' || !href.startsWith('https://')) return null;
  return (
    <a className="detail-external" href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
}

export function DetailField({ view, record, tiles = false }: { view: FieldView; record: Record<string, unknown>; tiles?: boolean }) {
  const { t, i18n } = useTranslation();
  const shown = formatRecordField(view, record, i18n.language, t);
  if (!shown) return null;
  if (shown.html !== undefined) return <SafeHtml html={shown.html} className="detail-body" />;
  const label = t(view.label);
  if (shown.image) {
    return (
      <div className="muted detail-field detail-image">
        {label}:
        <ZoomableImage src={shown.image} alt={label} />
      </div>
    );
  }
  const value = <FieldValue shown={shown} />;
  const href = fieldLink(view, record);
  const linked = href ? <Link to={href}>{value}</Link> : value;
  if (tiles) {
    return (
      <div className="detail-tile">
        <span className="detail-tile-label">{label}</span>
        <span className="detail-tile-value">{linked}</span>
      </div>
    );
  }
  // the value brighter than its label; amounts larger, a status as a chip
  const kind = view.format === 'amount' || view.format === 'signedAmount' ? ' detail-amount' : view.format === 'status' ? ' detail-status' : '';
  return (
    <p className={`detail-field${view.copy ? ' detail-copy' : ''}`}>
      <span className="detail-label">{label}: </span>
      <span className={`detail-value${kind}`}>{linked}</span>
      {view.copy && <CopyButton value={String(record[view.field])} label={`${t('common.copy')}: ${label}`} />}
      {view.hrefField && <ExternalLink href={record[view.hrefField]} text={t(view.hrefLabel ?? view.label)} />}
    </p>
  );
}
