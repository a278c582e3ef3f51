import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

export function SelectWidget({ id, value, options, onChange, disabled, readonly, placeholder }: WidgetProps) {
  const { t } = useTranslation();
  const choices = options.enumOptions ?? [];
  return (
    <select id={id} className="input" value={value ?? ''} disabled={disabled || readonly} onChange={(e) => onChange(e.target.value || undefined)}>
      {value === undefined && <option value="">{placeholder ? t(placeholder) : ''}</option>}
      {choices.map((c) => (
        <option key={String(c.value)} value={String(c.value)}>
          {c.label}
        </option>
      ))}
    </select>
  );
}
