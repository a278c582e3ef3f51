import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { countryName, ISO_CODES } from './countries';

/** ISO country code, shown by name in the reader's language. */
export function CountryWidget({ id, value, onChange, disabled }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const names = ISO_CODES.map((iso) => ({ iso, name: countryName(iso, i18n.language) })).sort((a, b) =>
    a.name.localeCompare(b.name, i18n.language),
  );
  return (
    <select id={id} className="input" value={value ?? ''} disabled={disabled} onChange={(e) => onChange(e.target.value || undefined)}>
      <option value="">{t('bank.chooseCountry')}</option>
      {names.map((c) => (
        <option key={c.iso} value={c.iso}>
          {c.name}
        </option>
      ))}
    </select>
  );
}
