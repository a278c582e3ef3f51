import type { FieldTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { valueAt } from '../../../contract/limits';
import { formContextOf } from '../formContext';

export function FieldTemplate({ id, label, children, rawErrors, rawHelp, hidden, required, displayLabel, schema, uiSchema, registry }: FieldTemplateProps) {
  const { t } = useTranslation();
  if (hidden) return <div className="hidden">{children}</div>;
  if (schema.type === 'object') return children;
  const errors = (rawErrors ?? []).filter((e, i, all) => all.indexOf(e) === i);
  // a conditional field (ui:when) is required whenever it is drawn, unless its ui:requiredWhen does not hold
  const requiredWhen = uiSchema?.['ui:requiredWhen'];
  const conditionallyRequired = typeof requiredWhen !== 'string' || valueAt(formContextOf(registry)?.picked, requiredWhen) === true;
  const marked = required || (uiSchema?.['ui:when'] !== undefined && conditionallyRequired);
  return (
    <div className={`field${errors.length ? ' field-error' : ''}`}>
      {displayLabel && label && (
        <label htmlFor={id} className="field-label">
          {t(label)}
          {marked && (
            <span className="required" aria-hidden="true">
              {' *'}
            </span>
          )}
        </label>
      )}
      {children}
      {rawHelp && (
        <p id={`${id}__help`} className="field-help">
          {t(rawHelp)}
        </p>
      )}
      {errors.map((e) => (
        <p key={e} className="field-message" role="alert">
          {e}
        </p>
      ))}
    </div>
  );
}
