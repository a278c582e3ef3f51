import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

/** Text-like inputs. Placeholders in ui schemas are locale keys. */
export function BaseInputTemplate(props: WidgetProps & { type?: string }) {
  const { id, value, required, disabled, readonly, autofocus, placeholder, onChange, onBlur, onFocus, options, type } = props;
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
      autoComplete="off"
      onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}
