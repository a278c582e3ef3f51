import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

export function SelectWidget({ id, value, options, onChange, disabled, readonly, placeholder }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const choices = options.enumOptions ?? [];
  // a label that is a locale key (ui:enumNames) is shown translated; the chosen value keeps the enum's type (1, not "1")
  const label = (text: string) => (i18n.exists(text) ? t(text) : text);
  const pick = (raw: string) => choices.find((c) => String(c.value) === raw)?.value;
  return (
    <select id={id} className="input" value={value ?? ''} disabled={disabled || readonly} onChange={(e) => onChange(pick(e.target.value))}>
      {value === undefined && <option value="">{placeholder ? t(placeholder) : ''}</option>}
      {choices.map((c) => (
        <option key={String(c.value)} value={String(c.value)}>
          {label(c.label)}
        </option>
      ))}
    </select>
  );
}
