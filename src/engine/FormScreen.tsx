// A form screen from its schema file: rjsf with our theme, the precompiled
// validator, translated messages, runtime limits, success toast and navigation.
import Form from '@rjsf/core';
import type { FormValidation, RJSFSchema, UiSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link, useNavigate } from 'react-router-dom';
import timings from '../../schemas/config/timings.json';
import { toast } from '../ui/overlays';
import { sessionStarted } from '../store/session';
import { templates, widgets } from '../widgets/theme';
import type { FormContext } from '../widgets/formContext';
import { limitViolations, mismatchedFields, resolveLimits } from '../../contract/limits';
import { createLocalizer, messageKey } from '../../contract/messages';
import { createSubmitGuard } from './submitGuard';
import type { ScreenModule } from './types';
import { formSchemaOf } from '../../contract/screen';

type Data = Record<string, unknown>;

export interface FormScreenProps {
  module: ScreenModule;
  /** Runtime data the schema's x-limits paths point into */
  limitData?: unknown;
}

export default function FormScreen({ module, limitData }: FormScreenProps) {
  const { screen, endpoint, validate } = module;
  // the precompiled validator finds its code by the schema's $id
  const schema = useMemo(() => formSchemaOf(screen.payload, screen.validatorId) as RJSFSchema, [screen.payload, screen.validatorId]);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [trigger] = endpoint.useMutation();
  const [formData, setFormData] = useState<Data>({});
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [captchaNonce, setCaptchaNonce] = useState(0);
  const guard = useRef(createSubmitGuard(timings.doubleSubmitMs)).current;

  // t changes with the language, so the messages follow it
  const validator = useMemo(
    () => createPrecompiledValidator(validate as never, schema, createLocalizer(screen.messages, t) as never),
    [validate, schema, screen.messages, t],
  );
  const limits = useMemo(() => resolveLimits(screen.payload, limitData), [screen.payload, limitData]);

  // Sibling writes (captcha id, country code) go through rjsf, which queues every
  // change in order; our state only mirrors rjsf's data for the widgets to read.
  const formRef = useRef<Form<Data>>(null);
  const setField = useCallback((name: string, value: unknown) => formRef.current?.setFieldValue(name, value as never), []);
  const formContext: FormContext = { formData, setField, captchaNonce, limits, schema: schema as Data };

  const customValidate = (data: Data | undefined, errors: FormValidation<Data>) => {
    const values = data ?? {};
    const fieldErrors = errors as unknown as Record<string, { addError(m: string): void }>;
    for (const field of mismatchedFields(screen.payload, values)) {
      fieldErrors[field]?.addError(t(messageKey(field, 'matches', screen.messages)));
    }
    for (const v of limitViolations(values, limits)) {
      fieldErrors[v.field]?.addError(t(messageKey(v.field, v.limit, screen.messages), { limit: v.value }));
    }
    return errors;
  };

  const onSubmit = ({ formData: data }: { formData?: Data }) =>
    guard.run(async () => {
      setBusy(true);
      try {
        const res = await trigger(data ?? {});
        if ('error' in res) {
          setCaptchaNonce((n) => n + 1);
          return;
        }
        const success = screen.success ?? {};
        if (success.session) dispatch(sessionStarted(res.data));
        if (success.toast) toast(t(success.toast));
        if (success.navigate) navigate(success.navigate, { replace: true });
      } finally {
        setBusy(false);
      }
    });

  const ui = (screen.ui ?? {}) as UiSchema & { 'ui:links'?: { to: string; label: string }[]; 'ui:submitLabel'?: string };
  return (
    <div className="form-screen">
      <Form
        ref={formRef}
        schema={schema}
        uiSchema={ui}
        validator={validator}
        formContext={formContext}
        widgets={widgets}
        templates={templates}
        customValidate={customValidate as never}
        showErrorList={false}
        noHtml5Validate
        liveValidate={submitted ? 'onChange' : undefined}
        onChange={(e) => setFormData((e.formData ?? {}) as Data)}
        onError={() => setSubmitted(true)}
        onSubmit={(e) => {
          setSubmitted(true);
          void onSubmit(e as { formData?: Data });
        }}
      >
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {t(ui['ui:submitLabel'] ?? 'common.submit')}
        </button>
      </Form>
      {ui['ui:links'] && (
        <nav className="form-links">
          {ui['ui:links'].map((l) => (
            <Link key={l.to} to={l.to} replace>
              {t(l.label)}
            </Link>
          ))}
        </nav>
      )}
    </div>
  );
}
