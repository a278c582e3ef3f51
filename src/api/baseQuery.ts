// Every call: API root + /api, X-Token and lang headers, JSON (or form) body,
// the {code,msg,data} envelope and the client reactions of spec §7 and §8.
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import appConfig from '../../schemas/config/app.json';
import timings from '../../schemas/config/timings.json';
import { ERROR, isBusinessCode, SESSION_ENDED, VERIFICATION_REQUIRED } from '../../contract/result-codes-app';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestArgs {
  path: string;
  method: Method;
  params?: Record<string, unknown>;
  body?: unknown;
  /** Send the body form-encoded (uploads) */
  form?: boolean;
  /** false for public endpoints: no token is sent */
  auth?: boolean;
  /** Show none of its errors (the endpoint's silentErrors): no toast or modal; a session end still signs out */
  silent?: boolean;
  /** Show a business error in a modal instead of a toast */
  throwError?: boolean;
  /** A form's fields and the codes its screen file maps to a field: the form shows its business errors (under the field, or above the submit button), not a toast */
  fieldErrors?: { fields: string[]; codes: number[] };
  /** Sent as the Idempotency-Key header of a POST or PUT: one key per user action, the same for its retries */
  idempotencyKey?: string;
}

/** What a generated mutation's argument may carry besides its payload. */
export interface Idempotent {
  /** One key per user action (src/api/actionKey.ts); never sent in the body */
  idempotencyKey?: string;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface ApiError {
  kind: 'business' | 'http' | 'network' | 'timeout';
  code?: number;
  status?: number;
  message: string;
  data?: unknown;
}

export interface ApiEffects {
  toast(message: string): void;
  modal(message: string): void;
  /** Clear the session and go to the login page */
  logout(): void;
  openRealName(): void;
  translate(key: string, vars?: Record<string, unknown>): string | undefined;
}

export interface ApiContext {
  apiRoot: string;
  getToken(): string | null;
  /** Short language prefix for the lang header */
  getLang(): string;
  fetch: typeof fetch;
  timeoutMs: number;
  effects: ApiEffects;
  schedule(fn: () => void, ms: number): void;
}

const noop = () => {};
let context: ApiContext = {
  apiRoot: '',
  getToken: () => null,
  getLang: () => 'en',
  fetch: (...a) => fetch(...a),
  timeoutMs: timings.requestTimeoutMs,
  effects: { toast: noop, modal: noop, logout: noop, openRealName: noop, translate: () => undefined },
  schedule: (fn, ms) => setTimeout(fn, ms),
};

export function configureApi(partial: Partial<ApiContext>): void {
  context = { ...context, ...partial };
}

/**
 * A file the server serves outside the JSON envelope to the session's owner (an uploaded image at
 * /uploads/<name>): fetched from the API root with the session's X-Token.
 */
export function fetchWithToken(path: string, signal?: AbortSignal, ctx: ApiContext = context): Promise<Response> {
  const token = ctx.getToken();
  const href = /^https?:\/\//.test(path) ? path : `${ctx.apiRoot}${path}`;
  return ctx.fetch(href, { headers: token ? { 'X-Token': token } : {}, signal });
}

const LOGOUT_CODES: ReadonlySet<number> = new Set(SESSION_ENDED);

function url(ctx: ApiContext, args: RequestArgs): string {
  const base = `${ctx.apiRoot}${appConfig.apiPrefix}${args.path}`;
  if (!args.params) return base;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(args.params)) if (v !== undefined && v !== null) q.set(k, String(v));
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}

function encode(args: RequestArgs): { body?: BodyInit; type?: string } {
  if (args.body === undefined) return {};
  if (args.form) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(args.body as Record<string, unknown>)) q.set(k, String(v ?? ''));
    return { body: q.toString(), type: 'application/x-www-form-urlencoded' };
  }
  return { body: JSON.stringify(args.body), type: 'application/json' };
}

/** Business error codes: translated message shown after a delay, logout, or the real-name page. */
function reactToCode(ctx: ApiContext, args: RequestArgs, code: number, msg: string, data: unknown, sentToken: string | null): ApiError {
  const { effects } = ctx;
  const translated = (isBusinessCode(code) && effects.translate(`errors.${code}`)) || msg;
  const error: ApiError = { kind: 'business', code, message: translated, data };
  const reload = (data as { reload?: unknown } | null)?.reload;
  if ((code === ERROR && reload) || LOGOUT_CODES.has(code)) {
    // calls that were in flight together end the session once, with one message; a call sent
    // without a session (a screen's refetch after it ended) has none to end
    if (sentToken !== ctx.getToken() || (sentToken === null && LOGOUT_CODES.has(code))) return error;
    effects.logout();
    effects.toast(translated);
  } else if (code === VERIFICATION_REQUIRED) {
    effects.toast(translated);
    ctx.schedule(() => effects.openRealName(), timings.realNameRedirectMs);
  } else if (args.fieldErrors) {
    // a form screen shows every refusal itself: under its field, or above the submit button
  } else if (args.throwError) {
    effects.modal(translated);
  } else {
    ctx.schedule(() => effects.toast(translated), timings.errorToastDelayMs);
  }
  return error;
}

/** This browser's random device id, kept in localStorage (a new one each time where storage is unavailable). */
function deviceId(): string {
  const fresh = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  try {
    return (localStorage['coinapp.device'] ||= fresh());
  } catch {
    return fresh();
  }
}

export async function callApi(args: RequestArgs, ctx: ApiContext = context): Promise<{ data: unknown } | { error: ApiError }> {
  // an endpoint whose errors are not shown (spec §7 findMyUser_card): a session end still signs out
  if (args.silent) ctx = { ...ctx, effects: { ...ctx.effects, toast: noop, modal: noop, openRealName: noop } };
  const headers: Record<string, string> = { lang: ctx.getLang() };
  const token = args.auth === false ? null : ctx.getToken();
  if (token) headers['X-Token'] = token;
  // sign-in calls say which device this is, so a sign-in from a new one alerts the account's owner
  if (args.auth === false) headers['X-Device-Id'] = deviceId();
  if (args.idempotencyKey && (args.method === 'POST' || args.method === 'PUT')) headers[IDEMPOTENCY_HEADER] = args.idempotencyKey;
  const { body, type } = encode(args);
  if (type) headers['Content-Type'] = type;

  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ctx.timeoutMs);
  let res: Response;
  let envelope: { code?: unknown; msg?: unknown; data?: unknown } | undefined;
  try {
    res = await ctx.fetch(url(ctx, args), { method: args.method, headers, body, signal: abort.signal });
    envelope = await res.json().catch(() => undefined);
  } catch {
    const timedOut = abort.signal.aborted;
    const message = ctx.effects.translate(timedOut ? 'common.timeout' : 'common.networkError') ?? 'Network error';
    ctx.effects.toast(message);
    return { error: { kind: timedOut ? 'timeout' : 'network', message } };
  } finally {
    clearTimeout(timer);
  }

  const msg = typeof envelope?.msg === 'string' ? envelope.msg : '';
  if (res.status !== 200 || !envelope || typeof envelope.code !== 'number') {
    const message = msg || (ctx.effects.translate('errors.http', { status: res.status }) ?? `HTTP ${res.status}`);
    ctx.effects.toast(message);
    return { error: { kind: 'http', status: res.status, message } };
  }
  if (envelope.code === 0) return { data: envelope.data ?? null };
  return { error: reactToCode(ctx, args, envelope.code, msg, envelope.data, token) };
}

export const apiBaseQuery: BaseQueryFn<RequestArgs, unknown, ApiError> = (args) => callApi(args);
