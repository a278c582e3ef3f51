// A form screen from its schema file: rjsf with our theme and the precompiled validator,
// translated messages, live limits read from the screen's data sources (checked here and,
// from the same declaration, by the server), server errors shown under their field,
// success toast and navigation, or the answer's fields shown once (success.show).
import Form from '@rjsf/core';
import { deepEquals, type UiSchema } from '@rjsf/utils';
import { lazy, type RefObject, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import type { JsonSchema } from '../../contract/screen';
import type { ResolvedLimits } from '../../contract/limits';
import type { FormContext } from '../widgets/formContext';
import type { RootState } from '../store';
import { REAL_NAME } from '../../contract/app-path';
import type { SummarySpec } from '../widgets/purchase-summary/rows';
import { confirmDialog, type DialogRow } from '../ui/overlays';
import { templates, widgets } from '../widgets/theme/theme';
import { conditionalFields, uiWithHidden, uiWithVariants } from './conditionalFields';
import { BlockNotice, FormLinks, FormNotices, VERIFIED, VerificationNotice } from './FormNotices';
import { SourceProbes } from './FormSourceProbes';
import type { ScreenModule } from './types';
import { useFormSchema } from './useFormSchema';
import { useFormSources } from './useFormSources';
import { useFormSubmit } from './useFormSubmit';
import type { ConfirmSpec } from './confirmRows';

type Data = Record<string, unknown>;

function defaultsOf(payload: JsonSchema | undefined): Data {
  const props = (payload?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries(Object.entries(props).flatMap(([k, p]) => ('default' in p ? [[k, p.default]] : [])));
}

/** The first of a field's query names (ui:fromQuery, else the field's own) the route's query has. */
function queryValue(field: string, ui: UiSchema | undefined, params: URLSearchParams): string | null {
  const names = (ui?.[field] as { 'ui:fromQuery'?: string[] } | undefined)?.['ui:fromQuery'] ?? [field];
  return names.map((name) => params.get(name)).find(Boolean) ?? null;
}

/**
 * Fields the route's query names (/bitcoin/payment?coin=BTC): a payload property's value, typed as the schema says.
 * A field may take another name's value (ui:fromQuery: the IEO's pid from the detail's ?id=).
 */
function fromQuery(payload: JsonSchema | undefined, ui: UiSchema | undefined, params: URLSearchParams): Data {
  const props = (payload?.properties ?? {}) as Record<string, JsonSchema>;
  const out: Data = {};
  for (const [field, prop] of Object.entries(props)) {
    const raw = queryValue(field, ui, params);
    if (raw === null || raw === '') continue;
    const numeric = prop.type === 'integer' || prop.type === 'number';
    if (numeric && !/^\d+(\.\d+)?$/.test(raw)) continue;
    out[field] = numeric ? Number(raw) : raw;
  }
  return out;
}

/**
 * Sibling writes (captcha id, country code) go through rjsf, which queues every
 * change in order; our state only mirrors rjsf's data for the widgets to read.
 */
function useFieldWriter(payload: JsonSchema | undefined, ui: UiSchema | undefined, params: URLSearchParams) {
  const formRef = useRef<Form<Data>>(null);
  const setField = useCallback((name: string, value: unknown) => formRef.current?.setFieldValue(name, value as never), []);
  // rjsf keeps the data (a formData prop would reset what the user types): the route's query goes in once
  useEffect(() => {
    for (const [field, value] of Object.entries(fromQuery(payload, ui, params))) setField(field, value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the screen opens
  }, []);
  return { formRef, setField };
}

// only forms that show their answer (success.show: a new operator's credentials) load it and the detail formats
const FormResult = lazy(() => import('./FormResult').then((m) => ({ default: m.FormResult })));

// only the buy forms (ui:summary: IEO, financing, mining) load their purchase summary
const PurchaseSummary = lazy(() => import('../widgets/purchase-summary/PurchaseSummary'));

type FormUi = UiSchema & { 'ui:links'?: { to: string; label: string }[]; 'ui:submitLabel'?: string; 'ui:summary'?: SummarySpec; 'ui:confirm'?: ConfirmSpec };

/**
 * A form with a purchase summary or a quote (the exchange) asks before it sends, repeating their
 * lines; a form with ui:confirm asks with its own message and fields; any other sends at once.
 */
function useSummaryConfirm(ui: FormUi, t: (k: string) => string, locale: string, sources: ScreenModule['sources']) {
  const rows = useRef<DialogRow[] | null>(null);
  const dispatch = useDispatch();
  const onRows = useCallback((next: DialogRow[] | null) => void (rows.current = next), []);
  const own = ui['ui:confirm'];
  const ask = (source: string, args: Data) => dispatch(sources?.[source].initiate(args, { subscribe: false, forceRefetch: true })).unwrap();
  const confirmed = (formData: unknown) =>
    own
      ? // only the forms that ask (a broadcast) load what repeats their fields: the login form stays within its budget
        import('./confirmRows').then((m) => m.askToConfirm(own, ui, (formData ?? {}) as Data, t, ask, locale))
      : rows.current
        ? confirmDialog(t('preview.confirm'), rows.current)
        : Promise.resolve(true);
  return { onRows, confirmed };
}

/**
 * A limit read from a source follows another field (the wire minimum of the currency, the balance
 * of the coin), and a message's text follows the language and the texts operators publish: once
 * errors are shown, they are checked again against the new limit and worded with the new `t`.
 */
function useLimitsRecheck(formRef: RefObject<Form<Data> | null>, limits: ResolvedLimits, submitted: boolean, t: unknown) {
  const limitsKey = JSON.stringify(limits);
  useEffect(() => {
    if (submitted) formRef.current?.validateForm();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a change of the limits or the texts only
  }, [limitsKey, t]);
}

/** A form that needs a verified identity says so up front (the server refuses it with 4025 too): the user's status while not verified. */
function useVerificationNeeded(verified: boolean | undefined): number | undefined {
  const realName = useSelector((s: RootState) => s.session.user?.realNameStatus);
  return verified && realName !== undefined && realName !== VERIFIED ? realName : undefined;
}

/**
 * The form data mirror's update, keeping the same object when nothing changed: rjsf reports its
 * defaults from its constructor, a Form that suspends (a lazy widget) is constructed again on each
 * retry, and a new object each time re-rendered the screen until React gave up (error #185).
 */
const keepIfEqual = (next: Data) => (prev: Data) => (deepEquals(prev, next) ? prev : next);

export default function FormScreen({ module }: { module: ScreenModule }) {
  const { screen, endpoint } = module;
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const { formRef, setField } = useFieldWriter(screen.payload, screen.ui as UiSchema | undefined, params);
  const [submitted, setSubmitted] = useState(false);
  // a field emptied after success (success.clear) is a fresh entry, not an error to show
  const clearField = (name: string, value: unknown) => {
    setSubmitted(false);
    setField(name, value);
  };
  // rjsf starts from the schema's defaults without an onChange; the mirror starts there too
  const [formData, setFormData] = useState<Data>(() => defaultsOf(screen.payload));
  const { sourceDefs, reporters, responses, picked, limits, block, notices, resubmitFields } = useFormSources(screen, formData);
  const submit = useFormSubmit(screen, endpoint, params, t, clearField, { resubmit: module.resubmit, resubmitFields });
  const conditional = useMemo(() => conditionalFields(screen.ui, picked), [screen.ui, picked]);
  const { schema, validator, customValidate } = useFormSchema(module, limits, t, i18n.language, conditional.required);
  const summary = useSummaryConfirm((screen.ui ?? {}) as FormUi, t, i18n.language, module.sources);
  const realName = useVerificationNeeded(screen.verified);
  const formContext: FormContext = { formData, setField, captchaNonce: submit.captchaNonce, limits, sources: responses, picked, schema: schema as Data };
  formContext.confirmRows = summary.onRows;
  useLimitsRecheck(formRef, limits, submitted, t);

  const ui = uiWithHidden(uiWithVariants((screen.ui ?? {}) as FormUi, picked), conditional.hidden) as FormUi;
  if (submit.result) {
    return (
      <Suspense fallback={null}>
        <FormResult views={screen.success?.show ?? []} note={screen.success?.toast} record={submit.result} onDone={submit.clearResult} />
      </Suspense>
    );
  }
  return (
    <div className="form-screen">
      <SourceProbes sourceDefs={sourceDefs} endpoints={module.sources} reporters={reporters} />
      {/* a blocked form says only why (an ended IEO said so twice: its block and its timing notice) */}
      {realName !== undefined ? (
        <VerificationNotice status={realName} to={REAL_NAME} />
      ) : block ? (
        <BlockNotice block={block} />
      ) : (
        <FormNotices notices={notices} />
      )}
      <Form
        ref={formRef}
        schema={schema}
        uiSchema={ui}
        validator={validator}
        formContext={formContext}
        widgets={widgets}
        templates={templates}
        customValidate={customValidate as never}
        extraErrors={submit.serverErrors}
        showErrorList={false}
        noHtml5Validate
        liveValidate={submitted ? 'onChange' : undefined}
        onChange={(e, changedId) => {
          setFormData(keepIfEqual((e.formData ?? {}) as Data));
          submit.fieldEdited(changedId, e.formData as Data | undefined);
        }}
        onError={() => setSubmitted(true)}
        onSubmit={(e) => {
          setSubmitted(true);
          // after a refusal the fields the form renews (the captcha) are not errors until the next submit
          void summary.confirmed(e.formData).then((go) => go && submit.onSubmit(e as { formData?: Data }).then((ok) => ok === false && setSubmitted(false)));
        }}
      >
        {ui['ui:summary'] && (
          <Suspense fallback={null}>
            <PurchaseSummary spec={ui['ui:summary']} picked={picked} formData={formData} onRows={summary.onRows} />
          </Suspense>
        )}
        {submit.formError && (
          <p className="form-error" role="alert">
            {submit.formError}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={submit.busy || Boolean(block) || realName !== undefined}>
          {t(ui['ui:submitLabel'] ?? 'common.submit')}
        </button>
      </Form>
      <FormLinks links={ui['ui:links']} />
    </div>
  );
}
