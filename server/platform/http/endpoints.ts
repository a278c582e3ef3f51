// Registers every endpoint the schema files declare: method, path, auth and request
// validation come from the file, the handler from the registry by the endpoint's `name`.
// Several files may declare one route (register by email or by phone; the spot order list
// and the open orders of the ticket): the first whose schema accepts the request runs.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EndpointDef, FilterDef, JsonSchema, ScreenFile } from '../../../contract/screen.ts';
import { type LoadedScreen, wirePayloadSchema } from '../../../contract/loader.ts';
import { limitViolations, pickSource, resolveLimits, shownLimit, type SourceDef } from '../../../contract/limits.ts';
import { messageKey } from '../../../contract/messages.ts';
import { isVerified, verificationRequired } from './verified.ts';
import { PAGE_SIZE_MAX } from '../../core/config.ts';
import type { AppContext } from './context.ts';
import { authenticate } from './auth.ts';
import { admitOperator } from './operator-gate.ts';
import { ok } from './envelope.ts';
import { ApiError, validationError } from '../../core/errors.ts';
import type { HandlerEntry, HandlerTable, IpLimit } from './handler.ts';
import { fingerprintOf, IdempotencyStore, idempotencyKeyOf } from './idempotency.ts';
import { REQUEST_DEADLINE_MS, runInRequestScope } from '../../core/request-scope.ts';
import type { FormRouteConfig } from './body.ts';
import { type Check, type Method, noInput, rawInput, runChecks, type Validator } from './validation.ts';

const MAX_ID = 2_147_483_647;

export interface EndpointSpec {
  name: string;
  method: Method;
  path: string;
  auth: boolean;
  /** A back-office endpoint (audience "operator"): X-Admin-Token and `roles` instead of X-Token */
  operator: boolean;
  /** The operator roles that may call it (operator endpoints) */
  roles: readonly string[];
  /** Needs a verified identity (the screen file's `verified`): 4025 otherwise, before the handler */
  verified: boolean;
  source: string;
  /** undefined: the endpoint takes no input */
  check?: Check;
  /** Also takes a form-encoded body (the endpoint's `formEncoded`) */
  formEncoded: boolean;
  /** Filled in where the request leaves them out (a list's page size) */
  defaults?: Record<string, unknown>;
  /** Live limits: the payload's x-limits over the screen's data sources */
  limits?: { payload: JsonSchema; sources: Record<string, SourceDef>; messages: Record<string, string>; codes: NonNullable<ScreenFile['limitCodes']> };
}

export interface Route {
  method: Method;
  path: string;
  auth: boolean;
  operator: boolean;
  endpoints: EndpointSpec[];
}

const ID_MESSAGES = {
  'ID.required': 'validation.invalid',
  'ID.type': 'validation.invalid',
  'ID.minimum': 'validation.invalid',
  'ID.maximum': 'validation.invalid',
};

function constOf(value: unknown): JsonSchema {
  const type = typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
  return { type, const: value };
}

/** Values the filter kinds that are not a fixed list of options take. */
export interface FilterValues {
  /** Every coin of config/coins.json */
  coins: string[];
  /** Every market symbol of config/markets.json */
  pairs: string[];
}

/** The values a filter allows ('' is "all"), by the filter's kind. */
const FILTER_KINDS: Record<NonNullable<FilterDef['kind']>, (f: FilterDef, v: FilterValues) => (string | number)[]> = {
  select: (f) => (f.options ?? []).map((o) => o.value),
  coin: (_f, v) => ['', ...v.coins],
  pair: (_f, v) => ['', ...v.pairs],
  text: () => [],
  date: () => [],
};

/** The longest value a text filter takes (src/engine/filters.ts TEXT_FILTER_MAX). */
const TEXT_FILTER_MAX = 64;

/** The query a list accepts: paging within bounds and each filter's allowed values. */
/** A list's `payload`, when it has one, adds query fields the screen does not offer as filters (the back office's audit: operator, time). */
function listQuery(
  e: EndpointDef,
  filters: FilterDef[],
  values: FilterValues,
  extra?: JsonSchema,
  extraMessages: Record<string, string> = {},
): { schema: JsonSchema; messages: Record<string, string> } {
  const properties: Record<string, JsonSchema> = { ...((extra?.properties as Record<string, JsonSchema> | undefined) ?? {}) };
  const messages: Record<string, string> = { ...extraMessages };
  if (e.paging) {
    properties.page = { type: 'integer', minimum: 1, maximum: MAX_ID };
    properties.pageSize = { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX };
    for (const f of ['page', 'pageSize']) for (const k of ['type', 'minimum', 'maximum']) messages[`${f}.${k}`] = 'validation.queryRange';
  }
  for (const f of filters) {
    if (f.kind === 'text') {
      properties[f.field] = { type: 'string', maxLength: TEXT_FILTER_MAX };
      for (const k of ['type', 'maxLength']) messages[`${f.field}.${k}`] = 'validation.queryText';
      continue;
    }
    if (f.kind === 'date') {
      // a day (the handler checks it is one on the calendar), or empty for any
      properties[f.field] = { type: 'string', pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' };
      for (const k of ['type', 'pattern']) messages[`${f.field}.${k}`] = 'validation.queryDate';
      continue;
    }
    properties[f.field] = { enum: FILTER_KINDS[f.kind ?? 'select'](f, values) };
    messages[`${f.field}.enum`] = 'validation.queryEnum';
  }
  for (const [k, v] of Object.entries(e.query ?? {})) properties[k] = constOf(v);
  return { schema: { type: 'object', additionalProperties: false, properties }, messages };
}

function withFixedQuery(payload: JsonSchema | undefined, query: Record<string, unknown> | undefined): JsonSchema | undefined {
  if (!query) return payload;
  const base = payload ?? { type: 'object', additionalProperties: false, properties: {} };
  const fixed = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, constOf(v)]));
  return { ...base, properties: { ...(base.properties as object), ...fixed }, required: [...((base.required as string[]) ?? []), ...Object.keys(fixed)] };
}

const ID_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['ID'],
  properties: { ID: { type: 'integer', minimum: 1, maximum: MAX_ID } },
};

/** Every endpoint of a screen file, with the check its requests must pass. */
export function endpointSpecs(screen: ScreenFile, source: string, validator: Validator, values: FilterValues): EndpointSpec[] {
  const auth = screen.auth !== false;
  const e = screen.endpoint;
  const spec = (def: EndpointDef, schema: JsonSchema | undefined, messages: Record<string, string> = {}): EndpointSpec => ({
    name: def.name,
    method: def.method,
    path: def.path,
    auth,
    operator: screen.audience === 'operator',
    roles: screen.roles ?? [],
    verified: screen.verified === true,
    formEncoded: def.formEncoded === true,
    source,
    check: schema ? validator.compile(schema, messages, source) : undefined,
  });
  switch (screen.kind) {
    case 'form':
    case 'action': {
      const own = spec(e, withFixedQuery(screen.payload && wirePayloadSchema(screen.payload), e.query), screen.messages);
      if (screen.sources && screen.payload)
        own.limits = { payload: screen.payload, sources: screen.sources, messages: screen.messages ?? {}, codes: screen.limitCodes ?? {} };
      return [own];
    }
    case 'list': {
      const q = listQuery(e, screen.filters ?? [], values, screen.payload, screen.messages);
      const actions = (screen.list?.rowActions ?? []).flatMap((a) => (a.endpoint ? [spec({ ...a.endpoint }, ID_SCHEMA, ID_MESSAGES)] : []));
      const list = { ...spec(e, q.schema, q.messages), defaults: e.paging ? { page: 1, pageSize: e.paging.pageSize } : undefined };
      return [list, ...actions];
    }
    case 'detail':
      // a detail named by more than an id (detail.query) takes its payload
      return [screen.payload ? spec(e, wirePayloadSchema(screen.payload), screen.messages) : spec(e, ID_SCHEMA, ID_MESSAGES)];
  }
}

function runOf<T>(entry: HandlerEntry<never>): { run: (input: T, call: unknown) => Promise<unknown>; limits: IpLimit[] } {
  return typeof entry === 'function' ? { run: entry as never, limits: [] } : { run: entry.run as never, limits: entry.limits };
}

/** Problems that must stop start-up: endpoints without a handler, handlers without an endpoint, routes that disagree. */
export function registryProblems(routes: Route[], handlers: HandlerTable): string[] {
  const problems: string[] = [];
  const declared = new Map(routes.flatMap((r) => r.endpoints.map((e) => [e.name, e] as const)));
  for (const [name, e] of declared) {
    if (!(name in handlers)) problems.push(`${e.source}: endpoint "${name}" (${e.method} ${e.path}) has no handler in server/composition/handlers.ts`);
  }
  for (const name of Object.keys(handlers)) {
    if (!declared.has(name)) problems.push(`server/composition/handlers.ts: handler "${name}" has no endpoint in any schema file`);
  }
  for (const e of declared.values()) {
    for (const [name, source] of Object.entries(e.limits?.sources ?? {})) {
      const from = declared.get(source.endpoint);
      if (!from) problems.push(`${e.source}: source "${name}" names endpoint "${source.endpoint}", which no schema file declares`);
      else if (from.method !== 'GET') problems.push(`${e.source}: source "${name}" must be a GET endpoint, "${source.endpoint}" is ${from.method}`);
      else if (from.auth && !e.auth) problems.push(`${e.source}: a public endpoint cannot read the authenticated source "${source.endpoint}"`);
    }
  }
  for (const e of declared.values()) {
    if (e.verified && !e.auth) problems.push(`${e.source}: "verified" needs an authenticated endpoint (auth is false)`);
    if (e.operator && e.auth && !e.roles.length) problems.push(`${e.source}: an operator endpoint names the roles that may call it ("roles")`);
    if ((!e.operator || !e.auth) && e.roles.length) problems.push(`${e.source}: "roles" belong to signed-in operator endpoints only`);
    if (e.operator && e.verified) problems.push(`${e.source}: "verified" is about customers; an operator endpoint cannot need it`);
  }
  for (const r of routes) {
    if (r.endpoints.some((e) => e.auth !== r.auth))
      problems.push(`${r.method} ${r.path}: its schema files disagree about auth (${r.endpoints.map((e) => e.source).join(', ')})`);
    if (r.endpoints.some((e) => e.operator !== r.operator || e.roles.join() !== r.endpoints[0].roles.join()))
      problems.push(`${r.method} ${r.path}: its schema files disagree about audience or roles (${r.endpoints.map((e) => e.source).join(', ')})`);
    if (r.operator !== r.path.startsWith('/admin/')) problems.push(`${r.method} ${r.path}: operator endpoints, and only they, live under /admin/`);
  }
  return problems;
}

export function routesOf(screens: LoadedScreen[], validator: Validator, values: FilterValues): Route[] {
  const routes = new Map<string, Route>();
  for (const { screen, source } of screens) {
    for (const e of endpointSpecs(screen, source, validator, values)) {
      const key = `${e.method} ${e.path}`;
      const route = routes.get(key) ?? { method: e.method, path: e.path, auth: e.auth, operator: e.operator, endpoints: [] };
      route.endpoints.push(e);
      routes.set(key, route);
    }
  }
  return [...routes.values()];
}

type Run = (input: unknown, call: unknown) => Promise<unknown>;

/**
 * The same x-limits the form checks, enforced here from the same declaration: each source
 * is read through its own handler for this user, then the payload is held against it.
 */
async function checkLimits(spec: EndpointSpec, input: Record<string, unknown>, call: unknown, runByName: (name: string) => Run): Promise<void> {
  if (!spec.limits) return;
  const data: Record<string, unknown> = {};
  for (const [name, source] of Object.entries(spec.limits.sources)) {
    data[name] = pickSource(source, await runByName(source.endpoint)(source.args ?? {}, call), input, data);
  }
  const limits = resolveLimits(spec.limits.payload, data);
  const [first] = limitViolations(input, limits);
  if (!first) return;
  const message = messageKey(first.field, first.limit, spec.limits.messages);
  const code = spec.limits.codes[first.limit];
  // a bound reads as the form's hint shows it: USDT's minimum "10.00", not "10.000000" (the display rule)
  const limit = first.limit === 'decimals' ? first.value : shownLimit(first.value, limits[first.field]);
  throw code === undefined ? validationError(first.field, message, { limit }) : new ApiError(code, message, { field: first.field }, { limit });
}

// ---- Idempotency (issue 10): every authenticated POST and PUT ----------------------------

/** Whether a route's requests may carry an Idempotency-Key: every authenticated POST and PUT (the create calls among them). */
export function isIdempotentRoute(route: Pick<Route, 'method' | 'auth' | 'operator'>): boolean {
  return route.auth && !route.operator && (route.method === 'POST' || route.method === 'PUT');
}

/**
 * Runs `work` (live limits and the handler) once per user and Idempotency-Key when the
 * request carries one: a repeat of the same request within 24 hours gets the first result
 * and writes nothing, even when sent while the first still runs (server/platform/http/idempotency.ts).
 */
function idempotently(
  store: IdempotencyStore,
  route: Route,
  req: FastifyRequest,
  user: { id: number } | undefined,
  work: () => Promise<unknown>,
): Promise<unknown> {
  const key = isIdempotentRoute(route) && user ? idempotencyKeyOf(req) : undefined;
  if (!key || !user) return work();
  return store.run(user.id, key, fingerprintOf(route.method, route.path, req.body), work);
}

export function registerEndpoints(app: FastifyInstance, ctx: AppContext, routes: Route[], handlers: HandlerTable): void {
  const problems = registryProblems(routes, handlers);
  if (problems.length) throw new Error(`The schema files and the handler registry disagree:\n  ${problems.join('\n  ')}`);
  const entryOf = (name: string) => runOf(handlers[name as keyof HandlerTable] as unknown as HandlerEntry<never>);
  const runByName = (name: string) => entryOf(name).run as Run;
  const idempotency = new IdempotencyStore(ctx.db, ctx.now);

  for (const route of routes) {
    const targets = route.endpoints.map((e) => ({ spec: e, ...entryOf(e.name) }));
    const checks = route.endpoints.map((e) => e.check).filter((c): c is Check => c !== undefined);
    app.route({
      method: route.method,
      url: route.path,
      config: { formEncoded: route.endpoints.some((e) => e.formEncoded) } satisfies FormRouteConfig,
      handler: (req, reply) => {
        // a customer's data, and a token a sign-in answers, must not stay in a shared or browser cache
        if (route.auth || route.method !== 'GET') reply.header('cache-control', 'no-store');
        return runInRequestScope({ deadline: Date.now() + REQUEST_DEADLINE_MS, gone: () => req.raw.socket?.destroyed === true }, () => handle(req));
      },
    });

    async function handle(req: FastifyRequest): Promise<unknown> {
      for (const t of targets) for (const { bucket, limit } of t.limits) await ctx.limiter.hit(bucket, req.ip, limit(ctx));
      const session = route.auth && route.operator ? await admitOperator(ctx, req, route.endpoints[0]) : undefined;
      const user = route.auth && !route.operator ? await authenticate(ctx, req) : undefined;
      const input = checks.length ? rawInput(req, checks) : noInput(req);
      const target = targets.find((t) => !t.spec.check || t.spec.check.validate(input));
      if (!target) throw runChecks(checks, input);
      const args = target.spec.defaults ? { ...target.spec.defaults, ...(input as object) } : input;
      // the verification gate: after authentication and validation, before limits, idempotency and the handler write anything
      if (target.spec.verified && (!user || !isVerified(user))) throw verificationRequired();
      const call = user ? { req, user } : session ? { req, session } : { req };
      const result = await idempotently(idempotency, route, req, user, async () => {
        await checkLimits(target.spec, args as Record<string, unknown>, call, runByName);
        return target.run(args, call);
      });
      return ok(ctx.i18n, req, result ?? null);
    }
  }
}
