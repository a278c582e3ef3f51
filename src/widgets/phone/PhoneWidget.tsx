import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MobileCheck } from '../../../contract/phone';
import { formContextOf } from '../formContext';
import { COUNTRIES, countryName } from '../country/countries';
import { BaseInputTemplate } from '../templates/BaseInputTemplate';

type Checker = (countryCode: string, phone: string) => MobileCheck;

/** The per-country check (libphonenumber-js and its metadata), loaded when a phone field first shows. */
let checker: Promise<Checker> | undefined;
function loadChecker(): Promise<Checker> {
  checker ??= import('../../../contract/phone').then((m) => m.checkMobile);
  return checker;
}

/** The example of a valid number when `phone` is not a mobile number of `countryCode` (the server says the same on submit). */
function useMobileProblem(countryCode: string, phone: unknown): string | undefined {
  const [check, setCheck] = useState<Checker>();
  useEffect(() => {
    let live = true;
    void loadChecker().then((c) => live && setCheck(() => c));
    return () => {
      live = false;
    };
  }, []);
  if (!check || typeof phone !== 'string' || !/^[0-9]{4,17}$/.test(phone)) return undefined;
  const result = check(countryCode, phone);
  return result.valid ? undefined : result.example;
}

/** Mobile number with a country-code picker that fills the field named by ui:options.countryField. */
export function PhoneWidget(props: WidgetProps) {
  const { t, i18n } = useTranslation();
  const ctx = formContextOf(props.registry);
  const field = String(props.options.countryField ?? 'countryCode');
  const current = String(ctx.formData[field] ?? COUNTRIES[0].dial);
  const [touched, setTouched] = useState(false);
  const example = useMobileProblem(current, props.value);
  return (
    <>
      <div className="input-row">
        <select className="input country-code" aria-label={t('field.countryCode')} value={current} onChange={(e) => ctx.setField(field, e.target.value)}>
          {COUNTRIES.map((c) => (
            <option key={c.iso} value={c.dial}>
              {c.dial} {countryName(c.iso, i18n.language)}
            </option>
          ))}
        </select>
        <BaseInputTemplate
          {...props}
          options={{ ...props.options, inputType: 'tel', inputMode: 'numeric' }}
          onBlur={(id, value) => {
            setTouched(true);
            props.onBlur(id, value);
          }}
        />
      </div>
      {touched && example !== undefined && !props.rawErrors?.length && (
        <p className="field-message" role="alert">
          {t('checks.phoneInvalidFor', { code: current, example })}
        </p>
      )}
    </>
  );
}
