// Sending a form screen: trimmed payload with its Idempotency-Key, a server error under its
// field, then the screen's success steps (session, logout, toast, navigation).
import type { ErrorSchema } from '@rjsf/utils';
import { useMemo, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { passwordFields } from '../../contract/limits';
import type { Translate } from '../../contract/messages';
import type { JsonSchema } from '../../contract/screen';
import timings from '../../schemas/config/timings.json';
import { createActionKey } from '../api/actionKey';
import { api } from '../api/base';
import { ERROR } from '../../contract/result-codes-app';
import { loggedOut, sessionStarted } from '../store/session';
import { toast } from '../ui/overlays';
import { currentPath } from './routeNow';
import { createSubmitGuard } from './submitGuard';
import type { ScreenDef, ScreenModule } from './types';

type Data = Record<string, unknown>;

/** A business error from the api layer: { code, message, data }. */
interface FailedCall {
  code?: number;
  message?: string;
  data?: unknown;
}

/** Where a form opened from another screen returns after success: ?back=<route of this app>. */
function backRoute(params: URLSearchParams): string | undefined {
  const back = params.get('back');
  return back && /^\/[A-Za-z]/.test(back) ? back : undefined;
}

/** A route with ?next=1 added to its query. */
function withNext(route: string): string {
  const [path, query = ''] = route.split('?');
  const params = new URLSearchParams(query);
  params.set('next', '1');
  return `${path}?${params}`;
}

/** Text goes out trimmed, as the server keeps it; passwords (x-password) exactly as typed. */
function trimmedPayload(data: Data | undefined, passwords: string[]): Data {
  return Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [k, typeof v === 'string' && !passwords.includes(k) ? v.trim() : v]));
}

const isHidden = (screen: ScreenDef, field: string) =>
  ((screen.ui ?? {}) as Record<string, { 'ui:widget'?: string } | undefined>)[field]?.['ui:widget'] === 'hidden';

/** The field a server answer belongs to, if any (anything else the form shows above its submit button). */
function serverErrorField(screen: ScreenDef, error: FailedCall): string | undefined {
  const named = (error.data as { field?: unknown } | null)?.field;
  // code 7 names its field (data.field); a business code goes under the field the screen maps it to (fieldErrors)
  const field =
    error.code === ERROR && typeof named === 'string' && named in ((screen.payload?.properties ?? {}) as JsonSchema)
      ? named
      : screen.fieldErrors?.[String(error.code)];
  // a hidden field (the IEO's pid) has nowhere to show it: the form shows it above the submit button
  return field === undefined || isHidden(screen, field) ? undefined : field;
}

/** What the screen does with a successful answer: start or end the session, empty fields for the next entry, toast, navigate. */
function useSuccessSteps(screen: ScreenDef, params: URLSearchParams, t: Translate, setField?: (name: string, value: unknown) => void) {
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useDispatch();
  // `left`: the operator went elsewhere while the answer was on its way: no navigation takes them back
  return (data: unknown, left = false) => {
    const success = screen.success ?? {};
    // a right password of an account with a second factor: no session yet, the sign-in goes on on its own page
    if (success.session && success.secondStep && data && typeof data === 'object' && 'ticket' in data) {
      const from = (location.state as { from?: unknown } | null)?.from;
      return void navigate({ pathname: success.secondStep, search: location.search }, { state: { ...data, from } });
    }
    if (success.session) dispatch(sessionStarted(data as Parameters<typeof sessionStarted>[0]));
    if (success.logout) {
      dispatch(loggedOut());
      dispatch(api.util.resetApiState());
    }
    // the response's fields fill the toast's placeholders (an exchange states the amounts that moved)
    for (const field of success.clear ?? []) setField?.(field, undefined);
    if (success.toast) toast(t(success.toast, data && typeof data === 'object' ? (data as Record<string, unknown>) : {}));
    if (left) return;
    const back = backRoute(params);
    // returnBack: to the page the form was opened from (the history entry before it, as the nav bar's back arrow)
    if (!back && success.returnBack && ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) return void navigate(-1);
    const to = back ?? success.navigate;
    // success.next: the list opens its next row (list.openNext), under the filters it was opened with
    if (to) navigate(success.next ? withNext(to) : to, { replace: true });
  };
}

/**
 * Where a submit goes: the form's own endpoint, or while screen.resubmit.when holds in the sources (a
 * rejected identity record) the resubmit endpoint with the fields it adds (the record's ID).
 */
export interface SubmitTarget {
  resubmit?: ScreenModule['resubmit'];
  /** The extra payload fields while resubmitting; undefined sends to the form's own endpoint */
  resubmitFields?: Data;
}

export function useFormSubmit(
  screen: ScreenDef,
  endpoint: ScreenModule['endpoint'],
  params: URLSearchParams,
  t: Translate,
  setField?: (name: string, value: unknown) => void,
  target: SubmitTarget = {},
) {
  const succeeded = useSuccessSteps(screen, params, t, setField);
  const [create] = endpoint.useMutation();
  // both hooks every render (a module either has a resubmit endpoint or not, for its whole life)
  const [update] = (target.resubmit ?? endpoint).useMutation();
  const [busy, setBusy] = useState(false);
  const [captchaNonce, setCaptchaNonce] = useState(0);
  const [serverErrors, setServerErrors] = useState<ErrorSchema<Data>>({});
  // a refusal that belongs to no field (a wrong password, a product that has ended), shown on the form
  const [formError, setFormError] = useState<string | undefined>();
  // success.show: the answer shown once in place of the form (a new operator's initial credentials)
  const [result, setResult] = useState<Data | null>(null);
  const guard = useRef(createSubmitGuard(timings.doubleSubmitMs)).current;
  // One Idempotency-Key per submit, the same for a retry of that submit (src/api/actionKey.ts)
  const actionKey = useRef(createActionKey()).current;
  const passwords = useMemo(() => passwordFields(screen.payload), [screen.payload]);
  // the page the submit was made on, by its path (the router may keep this form drawn while the next
  // page loads; a query the page rewrites itself is not leaving it)
  const leftSince = (path: string) => currentPath() !== path;

  const showServerError = (error: FailedCall) => {
    const message = error.message || t('validation.invalid');
    const field = serverErrorField(screen, error);
    if (field === undefined) setFormError(message);
    else setServerErrors({ [field]: { __errors: [message] } } as ErrorSchema<Data>);
  };

  const onSubmit = ({ formData: data }: { formData?: Data }) =>
    guard.run(async () => {
      const path = currentPath();
      setBusy(true);
      setServerErrors({});
      setFormError(undefined);
      try {
        const extra = target.resubmit ? target.resubmitFields : undefined;
        const payload = { ...trimmedPayload(data, passwords), ...extra };
        const trigger = extra ? update : create;
        const res = await trigger({ ...payload, idempotencyKey: actionKey.keyFor(payload) });
        actionKey.settle(res);
        if ('error' in res) {
          setCaptchaNonce((n) => n + 1);
          showServerError(res.error as FailedCall);
          return false;
        }
        succeeded(res.data, leftSince(path));
        if (screen.success?.show) setResult((res.data ?? {}) as Data);
        return true;
      } finally {
        setBusy(false);
      }
    });

  /**
   * A server message goes away once the customer edits any field (changedId: rjsf's id of the
   * field): it may depend on another one (not more than the balance of the coin chosen above); what
   * the form writes itself (a captcha renewed after a refusal: its field emptied, its hidden id) keeps it.
   */
  const fieldEdited = (changedId: unknown, formData: Data | undefined) => {
    const changed = typeof changedId === 'string' ? changedId.replace(/^root_/, '') : undefined;
    const value = changed ? formData?.[changed] : undefined;
    if (!changed || value === undefined || value === '' || isHidden(screen, changed)) return;
    if (Object.keys(serverErrors).length) setServerErrors({});
    if (formError) setFormError(undefined);
  };

  return { busy, captchaNonce, serverErrors, formError, onSubmit, fieldEdited, result, clearResult: () => setResult(null) };
}
