// rjsf's "checkboxes" (an array of enum values, uniqueItems) with its labels translated like
// SelectWidget's: a ui:enumNames entry that is a locale key is shown in the user's language.
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

export function CheckboxesWidget({ id, value, options, onChange, disabled, readonly }: WidgetProps) {
  const { t, i18n } = useTranslation();
  const chosen: unknown[] = Array.isArray(value) ? value : [];
  const choices = options.enumOptions ?? [];
  const label = (text: string) => (i18n.exists(text) ? t(text) : text);
  // the chosen values keep the order of the enum, whatever order they were ticked in
  const toggle = (v: unknown, on: boolean) => onChange(choices.map((c) => c.value).filter((c) => (c === v ? on : chosen.includes(c))));
  return (
    <div className="checkboxes" id={id} role="group">
      {choices.map((c, i) => (
        <label key={String(c.value)} className="checkbox">
          <input
            type="checkbox"
            id={`${id}-${i}`}
            checked={chosen.includes(c.value)}
            disabled={disabled || readonly}
            onChange={(e) => toggle(c.value, e.target.checked)}
          />
          <span>{label(c.label)}</span>
        </label>
      ))}
    </div>
  );
}
