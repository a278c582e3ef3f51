// A form screen from its schema file: rjsf with our theme and the precompiled validator,
// translated messages, live limits read from the screen's data sources (checked here and,
// from the same declaration, by the server), server errors shown under their field,
// success toast and navigation.
import Form from '@rjsf/core';
import type { ErrorSchema, FormValidation, RJSFSchema, UiSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { limitViolations, mismatchedFields, passwordFields, pickSource, resolveLimits, valueAt } from '../../contract/limits';
import { createLocalizer, messageKey } from '../../contract/messages';
import { formatAmount } from '../../contract/number-format';
import { formSchemaOf, type JsonSchema } from '../../contract/screen';
import timings from '../../schemas/config/timings.json';
import { createActionKey } from '../api/actionKey';
import { api } from '../api/base';
import { errorField } from '../api/baseQuery';
import { loggedOut, sessionStarted } from '../store/session';
import { toast } from '../ui/overlays';
import type { FormContext } from '../widgets/formContext';
import { templates, widgets } from '../widgets/theme/theme';
import { formatDateTime } from './formats';
import { createSubmitGuard } from './submitGuard';
import type { ScreenModule } from './types';

type Data = Record<string, unknown>;

interface ProbeProps {
  endpoint: ScreenModule['endpoint'];
  args: unknown;
  onData(data: unknown): void;
}

/** Loads one data source with its RTK Query hook and reports the response. */
function SourceProbe({ endpoint, args, onData }: ProbeProps) {
  const { data } = endpoint.useQuery(args);
  useEffect(() => onData(data), [data, onData]);
  return null;
}

/** A paged list as a source (a list screen's endpoint): its first page, as the server reads it too. */
function PagedSourceProbe({ endpoint, args, onData }: ProbeProps) {
  const { data } = endpoint.useInfiniteQuery(args);
  const first = data?.pages?.[0];
  useEffect(() => onData(first), [first, onData]);
  return null;
}

function defaultsOf(payload: JsonSchema | undefined): Data {
  const props = (payload?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries(Object.entries(props).flatMap(([k, p]) => ('default' in p ? [[k, p.default]] : [])));
}

/** Fields the route's query names (/bitcoin/payment?coin=BTC): a payload property's value, typed as the schema says. */
function fromQuery(payload: JsonSchema | undefined, params: URLSearchParams): Data {
  const props = (payload?.properties ?? {}) as Record<string, JsonSchema>;
  const out: Data = {};
  for (const [field, prop] of Object.entries(props)) {
    const raw = params.get(field);
    if (raw === null || raw === '') continue;
    const numeric = prop.type === 'integer' || prop.type === 'number';
    if (numeric && !/^\d+(\.\d+)?$/.test(raw)) continue;
    out[field] = numeric ? Number(raw) : raw;
  }
  return out;
}

/** What stops the form being sent (a source's block: reason, end time, where to lift it). */
interface Block {
  reason: string;
  until?: number | null;
  link?: string | null;
}

/** Where a form opened from another screen returns after success: ?back=<route of this app>. */
function backRoute(params: URLSearchParams): string | undefined {
  const back = params.get('back');
  return back && /^\/[A-Za-z]/.test(back) ? back : undefined;
}

function BlockNotice({ block }: { block: Block }) {
  const { t, i18n } = useTranslation();
  const here = useLocation();
  const until = typeof block.until === 'number' ? formatDateTime(new Date(block.until).toISOString(), i18n.language) : '';
  return (
    <div className="notice notice-block" role="alert">
      <p>{t(`funds.block.${block.reason}`, { until })}</p>
      {block.link && (
        <Link className="btn btn-primary btn-block" to={`${block.link}?back=${encodeURIComponent(here.pathname + here.search)}`}>
          {t('funds.block.setPayPassword')}
        </Link>
      )}
    </div>
  );
}

/** A business error from the api layer: { code, message, data }. */
interface FailedCall {
  code?: number;
  message?: string;
  data?: unknown;
}

export default function FormScreen({ module }: { module: ScreenModule }) {
  const { screen, endpoint, validate } = module;
  const schema = useMemo(() => formSchemaOf(screen.payload, screen.validatorId) as RJSFSchema, [screen.payload, screen.validatorId]);
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [trigger] = endpoint.useMutation();
  // rjsf starts from the schema's defaults without an onChange; the mirror starts there too
  const [params] = useSearchParams();
  const [formData, setFormData] = useState<Data>(() => defaultsOf(screen.payload));
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [captchaNonce, setCaptchaNonce] = useState(0);
  const [serverErrors, setServerErrors] = useState<ErrorSchema<Data>>({});
  const [responses, setResponses] = useState<Record<string, unknown>>({});
  const guard = useRef(createSubmitGuard(timings.doubleSubmitMs)).current;
  // One Idempotency-Key per submit, the same for a retry of that submit (src/api/actionKey.ts)
  const actionKey = useRef(createActionKey()).current;

  // t changes with the language, so the messages follow it
  const validator = useMemo(() => createPrecompiledValidator(validate as never, schema, createLocalizer(screen.messages, t) as never), [validate, schema, screen.messages, t]);

  const sourceDefs = useMemo(() => screen.sources ?? {}, [screen.sources]);
  const reporters = useMemo(
    () => Object.fromEntries(Object.keys(sourceDefs).map((name) => [name, (data: unknown) => setResponses((r) => (r[name] === data ? r : { ...r, [name]: data }))])),
    [sourceDefs],
  );
  const picked = useMemo(() => Object.fromEntries(Object.entries(sourceDefs).map(([name, def]) => [name, pickSource(def, responses[name], formData)])), [sourceDefs, responses, formData]);
  const limits = useMemo(() => resolveLimits(screen.payload, picked), [picked, screen.payload]);
  const passwords = useMemo(() => passwordFields(screen.payload), [screen.payload]);
  const block = screen.block ? (valueAt(picked, screen.block) as Block | null | undefined) : undefined;
  // a notice shows while its path holds true or a non-empty text, which its message may quote as {{value}}
  const notices = (screen.notices ?? []).flatMap((n) => {
    const value = valueAt(picked, n.when);
    return value === true || (typeof value === 'string' && value !== '') ? [{ ...n, value }] : [];
  });

  // Sibling writes (captcha id, country code) go through rjsf, which queues every
  // change in order; our state only mirrors rjsf's data for the widgets to read.
  const formRef = useRef<Form<Data>>(null);
  const setField = useCallback((name: string, value: unknown) => formRef.current?.setFieldValue(name, value as never), []);
  // rjsf keeps the data (a formData prop would reset what the user types): the route's query goes in once
  useEffect(() => {
    for (const [field, value] of Object.entries(fromQuery(screen.payload, params))) setField(field, value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the screen opens
  }, []);
  const formContext: FormContext = { formData, setField, captchaNonce, limits, sources: responses, picked, schema: schema as Data };

  const props = (screen.payload?.properties ?? {}) as Record<string, JsonSchema>;
  const decimalsOf = (field: string) => Number(limits[field]?.decimals ?? 6);
  const customValidate = (data: Data | undefined, errors: FormValidation<Data>) => {
    const values = data ?? {};
    const fieldErrors = errors as unknown as Record<string, { addError(m: string): void }>;
    for (const field of mismatchedFields(screen.payload, values)) {
      fieldErrors[field]?.addError(t(messageKey(field, 'matches', screen.messages)));
    }
    for (const v of limitViolations(values, limits)) {
      const shown = v.limit === 'decimals' ? v.value : formatAmount(v.value, decimalsOf(v.field), i18n.language);
      fieldErrors[v.field]?.addError(t(messageKey(v.field, v.limit, screen.messages), { limit: shown }));
    }
    return errors;
  };

  /** A server answer that belongs to a field goes under it; anything else the api layer has toasted. */
  const showServerError = (error: FailedCall) => {
    const code = error.code ?? 0;
    const where = errorField({ fieldErrors: { fields: Object.keys(props), codes: Object.keys(screen.fieldErrors ?? {}).map(Number) } }, code, error.data);
    if (where === undefined) return;
    const field = screen.fieldErrors?.[where] ?? where;
    setServerErrors({ [field]: { __errors: [error.message ?? t('validation.invalid')] } } as ErrorSchema<Data>);
  };

  const onSubmit = ({ formData: data }: { formData?: Data }) =>
    guard.run(async () => {
      setBusy(true);
      setServerErrors({});
      try {
        // text goes out trimmed, as the server keeps it; passwords (x-password) exactly as typed
        const payload = Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [k, typeof v === 'string' && !passwords.includes(k) ? v.trim() : v]));
        const res = await trigger({ ...payload, idempotencyKey: actionKey.keyFor(payload) });
        actionKey.settle(res);
        if ('error' in res) {
          setCaptchaNonce((n) => n + 1);
          showServerError(res.error as FailedCall);
          return;
        }
        const success = screen.success ?? {};
        if (success.session) dispatch(sessionStarted(res.data));
        if (success.logout) {
          dispatch(loggedOut());
          dispatch(api.util.resetApiState());
        }
        // the response's fields fill the toast's placeholders (an exchange states the amounts that moved)
        if (success.toast) toast(t(success.toast, res.data && typeof res.data === 'object' ? (res.data as Record<string, unknown>) : {}));
        const next = backRoute(params) ?? success.navigate;
        if (next) navigate(next, { replace: true });
      } finally {
        setBusy(false);
      }
    });

  const ui = (screen.ui ?? {}) as UiSchema & { 'ui:links'?: { to: string; label: string }[]; 'ui:submitLabel'?: string };
  return (
    <div className="form-screen">
      {Object.entries(sourceDefs).map(([name, def]) => {
        const endpoint = module.sources?.[name];
        const Probe = typeof endpoint?.useInfiniteQuery === 'function' ? PagedSourceProbe : SourceProbe;
        return <Probe key={name} endpoint={endpoint} args={def.args ?? {}} onData={reporters[name]} />;
      })}
      {block && <BlockNotice block={block} />}
      {notices.map((n) => (
        <p key={n.text} className="notice" role="status">
          {t(n.text, { value: n.value })}
        </p>
      ))}
      <Form
        ref={formRef}
        schema={schema}
        uiSchema={ui}
        validator={validator}
        formContext={formContext}
        widgets={widgets}
        templates={templates}
        customValidate={customValidate as never}
        extraErrors={serverErrors}
        showErrorList={false}
        noHtml5Validate
        liveValidate={submitted ? 'onChange' : undefined}
        onChange={(e, changedId) => {
          setFormData((e.formData ?? {}) as Data);
          // a server message goes away once its field is edited
          const changed = typeof changedId === 'string' ? changedId.replace(/^root_/, '') : undefined;
          if (changed && changed in serverErrors) setServerErrors({});
        }}
        onError={() => setSubmitted(true)}
        onSubmit={(e) => {
          setSubmitted(true);
          void onSubmit(e as { formData?: Data });
        }}
      >
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || Boolean(block)}>
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
