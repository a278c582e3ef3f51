import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { formContextOf } from '../formContext';
import { COUNTRIES, countryName } from '../country/countries';
import { BaseInputTemplate } from '../templates/BaseInputTemplate';

/** Mobile number with a country-code picker that fills the field named by ui:options.countryField. */
export function PhoneWidget(props: WidgetProps) {
  const { t, i18n } = useTranslation();
  const ctx = formContextOf(props.registry);
  const field = String(props.options.countryField ?? 'countryCode');
  const current = String(ctx.formData[field] ?? COUNTRIES[0].dial);
  return (
    <div className="input-row">
      <select
        className="input country-code"
        aria-label={t('field.countryCode')}
        value={current}
        onChange={(e) => ctx.setField(field, e.target.value)}
      >
        {COUNTRIES.map((c) => (
          <option key={c.iso} value={c.dial}>
            {c.dial} {countryName(c.iso, i18n.language)}
          </option>
        ))}
      </select>
      <BaseInputTemplate {...props} options={{ ...props.options, inputType: 'tel' }} />
    </div>
  );
}
