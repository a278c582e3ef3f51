// A purchase's summary above its submit button (IEO, financing and mining buy forms, the screen
// file's "ui:summary"): total cost, fee, expected earnings and dates as the amount is typed, from
// the product row of the form's source. The form's confirmation repeats the same lines (onRows).
// Loaded with the first form that has a summary: neither home nor other forms carry it.
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { summaryRows, type SummaryRow, type SummarySpec } from './rows';
import './purchase-summary.css';

interface Props {
  spec: SummarySpec;
  picked: Record<string, unknown>;
  formData: Record<string, unknown>;
  /** the lines now shown (null while there is nothing to sum up): what the confirmation repeats */
  onRows(rows: SummaryRow[] | null): void;
}

export default function PurchaseSummary({ spec, picked, formData, onRows }: Props) {
  const { t, i18n } = useTranslation();
  const product = picked[spec.source];
  const typed = formData[spec.field];
  const rows = useMemo(() => summaryRows(spec, product, typed, { t, locale: i18n.language }), [spec, product, typed, t, i18n.language]);
  useEffect(() => onRows(rows), [rows, onRows]);
  return (
    <section className="purchase-summary" aria-live="polite" aria-label={t('preview.title')} data-testid="purchase-summary">
      <h3 className="purchase-summary-title">{t('preview.title')}</h3>
      {rows ? (
        <dl className="summary-rows">
          {rows.map((row) => (
            <div key={row.id} data-row={row.id}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="field-hint">{t('preview.empty')}</p>
      )}
    </section>
  );
}
