import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

/** The keyboard a phone shows for a field: from ui:inputMode, else the schema's type or format. */
export function inputModeOf(schema: WidgetProps['schema'], option: unknown): 'text' | 'decimal' | 'numeric' | 'email' | 'tel' | undefined {
  if (typeof option === 'string') return option as 'text';
  if (schema.type === 'integer') return 'numeric';
  if (schema.type === 'number') return 'decimal';
  if (schema.format === 'email') return 'email';
  return undefined;
}

/** Text-like inputs. Placeholders in ui schemas are locale keys; maxlength, inputmode and autocomplete come from the schema. */
export function BaseInputTemplate(props: WidgetProps & { type?: string }) {
  const { id, value, required, disabled, readonly, autofocus, placeholder, onChange, onBlur, onFocus, options, type, schema, autocomplete } = props;
  const { t } = useTranslation();
  const inputType = (options.inputType as string | undefined) ?? type ?? 'text';
  return (
    <input
      id={id}
      name={id}
      className="input"
      type={inputType}
      value={value ?? ''}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      placeholder={placeholder ? t(placeholder) : ''}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      inputMode={inputModeOf(schema, options.inputMode)}
      autoComplete={autocomplete ?? 'off'}
      onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}
