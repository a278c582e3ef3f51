// A form's success view (success.show): fields of the answer, each with its copy button where the
// screen says so, under the success toast's text, in place of the form; OK brings an empty form back. Made for what
// the server answers only this once (a new operator's initial password and authenticator URI).
import { useTranslation } from 'react-i18next';
import { DetailField } from './DetailField';
import type { FieldView } from './types';

export function FormResult({ views, note, record, onDone }: { views: FieldView[]; note?: string; record: Record<string, unknown>; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="form-result" role="status">
      {note && <p className="notice">{t(note, record)}</p>}
      {views.map((v) => (
        <DetailField key={v.field} view={v} record={record} />
      ))}
      <button type="button" className="btn btn-primary btn-block" onClick={onDone}>
        {t('common.ok')}
      </button>
    </div>
  );
}
