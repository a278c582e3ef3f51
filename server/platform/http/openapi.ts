// The OpenAPI 3.1 document of the API, built from the same data the endpoint registry uses
// (server/platform/http/endpoints.ts routesOf): method, path, auth and the JSON schema each request is
// checked with, plus the response shapes of the schema files and the entities they $ref.
// Served at GET /api/openapi.json (server/composition/app.ts) and rendered by public/api.html.
import { dirname, resolve } from 'node:path';
import { type EndpointSpec, isIdempotentRoute, type Route } from './endpoints.ts';
import { BEFORE_PASSWORD_CHANGE } from './operator-gate.ts';
import { BUSINESS_CODES, OPERATOR_CODES, OperatorCode, ResultCode, resultCodeNamed } from '../../../contract/result-codes.ts';
import type { EndpointName } from '../../../contract/generated/endpoints.ts';

type Schema = { [key: string]: unknown };

/** A schema file as the loader gives it (contract/loader.ts LoadedScreen): file $refs kept in `raw`. */
export interface DocScreen {
  /** e.g. "screens/login.json": matches EndpointSpec.source */
  source: string;
  /** Absolute folder of the file, to resolve its file $refs */
  dir: string;
  raw: {
    id: string;
    kind: string;
    title?: string;
    endpoint: { name: string };
    response?: Schema;
    record?: Schema;
    fieldErrors?: Record<string, string>;
    limitCodes?: Record<string, number>;
    /** Result codes by name (contract/result-codes.ts) the endpoint answers beside those every call of its kind can */
    codes?: string[];
  };
}

/** An entity of schemas/entities/ (contract/loader.ts LoadedEntity). */
export interface DocEntity {
  file: string;
  raw: Schema;
}

export interface OpenApiOptions {
  /** The API prefix every path is under (config apiPrefix, "/api") */
  prefix: string;
  version: string;
  /** The English text of a business code (errors.<code>) */
  describeCode?: (code: number) => string;
}

export type OpenApiDocument = Schema & {
  openapi: string;
  paths: Record<string, Record<string, Schema>>;
  components: Schema & { schemas: Record<string, Schema> };
};

/** What any signed-in customer call can answer: no, a bad or an expired token; a barred or frozen account */
const AUTH_CODES = [ResultCode.noToken, ResultCode.tokenInvalid, ResultCode.tokenExpired, ResultCode.barred, ResultCode.frozen];
const OPERATOR_AUTH_CODES = [OperatorCode.sessionEnded, OperatorCode.passwordChangeRequired, OperatorCode.notPermitted];

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const NULL: Schema = { type: 'null' };

// ---- JSON Schema draft-07 → 2020-12 (the OpenAPI 3.1 dialect) ------------------------------

const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_ONE = [
  'items',
  'additionalItems',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
];

/**
 * A draft-07 schema in the 2020-12 dialect: `definitions` → `$defs` (and their refs),
 * tuple `items` → `prefixItems`, `dependencies` → `dependentRequired`/`dependentSchemas`;
 * `$schema` and `$id` dropped. Our `x-` keywords stay: OpenAPI allows extensions on schemas.
 */
export function toOas31(schema: unknown): unknown {
  if (Array.isArray(schema) || schema === null || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema as Schema)) {
    // json-schema-to-typescript's keywords are for the generator, not a reader of the document
    if (key === '$schema' || key === '$id' || key === 'tsType' || key === 'tsEnumNames') continue;
    if (key === '$ref' && typeof value === 'string') out.$ref = value.replace('#/definitions/', '#/$defs/');
    else if (SCHEMA_MAPS.includes(key) && value && typeof value === 'object') {
      const target = key === 'definitions' ? '$defs' : key;
      out[target] = Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [k, toOas31(v)]));
    } else if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) out[key] = value.map(toOas31);
    else if (key === 'items' && Array.isArray(value)) out.prefixItems = value.map(toOas31);
    else if (key === 'additionalItems' && Array.isArray((schema as Schema).items)) out.items = toOas31(value);
    else if (key === 'dependencies' && value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Schema)) {
        const target = Array.isArray(v) ? 'dependentRequired' : 'dependentSchemas';
        out[target] = { ...(out[target] as Schema | undefined), [k]: Array.isArray(v) ? v : toOas31(v) };
      }
    } else if (SCHEMA_ONE.includes(key)) out[key] = toOas31(value);
    else out[key] = value;
  }
  return out;
}

/** Replaces each file $ref (an entity) with a $ref to its component, recursively. */
function refEntities(value: unknown, baseDir: string, titleOf: (file: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => refEntities(v, baseDir, titleOf));
  if (value === null || typeof value !== 'object') return value;
  const obj = value as Schema;
  if (typeof obj.$ref === 'string' && !obj.$ref.startsWith('#')) return ref(titleOf(resolve(baseDir, obj.$ref)));
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, refEntities(v, baseDir, titleOf)]));
}

function unique(schemas: Schema[]): Schema[] {
  const seen = new Map<string, Schema>();
  for (const s of schemas) seen.set(JSON.stringify(s), s);
  return [...seen.values()];
}

const oneOrAny = (schemas: Schema[]): Schema => {
  const u = unique(schemas);
  return u.length === 1 ? u[0] : { anyOf: u };
};

function pageOf(record: Schema): Schema {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['list', 'total', 'page', 'pageSize'],
    properties: {
      list: { type: 'array', items: record },
      total: { type: 'integer', minimum: 0 },
      page: { type: 'integer', minimum: 1 },
      pageSize: { type: 'integer', minimum: 1 },
    },
  };
}

/** What the parts of the document are built with: the schema files by source, entity titles, the text of a code. */
interface DocContext {
  bySource: Map<string, DocScreen>;
  titleOf: (file: string) => string;
  describe: (code: number) => string;
}

function entityTitles(entities: DocEntity[]): (file: string) => string {
  const titles = new Map(entities.map((e) => [e.file, e.raw.title]));
  return (file) => {
    const title = titles.get(file);
    if (typeof title !== 'string') throw new Error(`${file} is $ref'd but is not an entity with a title under schemas/entities/`);
    return title;
  };
}

function codeDescriber(options: OpenApiOptions): (code: number) => string {
  return (code) => {
    if (code === ResultCode.error) return '7: invalid request (data.field names the field) or another error';
    const text = options.describeCode?.(code).replace(/\.$/, '');
    return text ? `${code}: ${text}` : String(code);
  };
}

/** The `data` of a success: a list's page of records, a detail's record, a form's or action's response. */
function successData(e: EndpointSpec, s: DocScreen | undefined, titleOf: DocContext['titleOf']): Schema {
  if (!s) return {};
  const shape = (part: 'record' | 'response'): Schema => {
    const schema = s.raw[part];
    return schema ? (toOas31(refEntities(schema, s.dir, titleOf)) as Schema) : NULL;
  };
  if (s.raw.kind === 'list') return e.name === s.raw.endpoint.name ? pageOf(shape('record')) : NULL;
  if (s.raw.kind === 'detail') return shape('record');
  return shape('response');
}

/** A GET's or DELETE's query parameters, or another method's JSON body, from the schemas requests are checked with. */
function requestOf(route: Route, inputs: Schema[]): { parameters: Schema[]; requestBody?: Schema } {
  const parameters: Schema[] = [{ $ref: '#/components/parameters/Lang' }];
  if (isIdempotentRoute(route)) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  if (route.method === 'GET' || route.method === 'DELETE') {
    const names = [...new Set(inputs.flatMap((s) => Object.keys((s.properties as Schema | undefined) ?? {})))];
    for (const name of names) {
      const variants = inputs.map((s) => (s.properties as Record<string, Schema> | undefined)?.[name]).filter((p): p is Schema => p !== undefined);
      const required = inputs.length === route.endpoints.length && inputs.every((s) => ((s.required as string[] | undefined) ?? []).includes(name));
      parameters.push({ name, in: 'query', required, schema: toOas31(oneOrAny(variants)) });
    }
    return { parameters };
  }
  if (!inputs.length) return { parameters };
  const schema = toOas31(oneOrAny(inputs)) as Schema;
  return {
    parameters,
    requestBody: { required: inputs.some((s) => ((s.required as string[] | undefined) ?? []).length > 0), content: { 'application/json': { schema } } },
  };
}

function operationOf(route: Route, tag: string, { bySource, titleOf, describe }: DocContext): Schema {
  const files = route.endpoints.map((e) => ({ e, s: bySource.get(e.source) }));
  const inputs = route.endpoints.map((e) => e.check?.schema).filter((s): s is Schema => s !== undefined);
  const fieldCodes = files.flatMap(({ s }) => Object.entries(s?.raw.fieldErrors ?? {}).map(([code, field]) => ({ code: Number(code), field })));
  const codes = [
    ...new Set([
      ResultCode.error,
      ...(route.auth ? (route.operator ? OPERATOR_AUTH_CODES : AUTH_CODES) : []),
      ...(route.endpoints.some((e) => e.verified) ? [ResultCode.verificationRequired] : []),
      ResultCode.rateLimited,
      ...fieldCodes.map((f) => f.code),
      ...files.flatMap(({ s }) => Object.values(s?.raw.limitCodes ?? {})),
      ...files.flatMap(({ e, s }) => (s?.raw.codes ?? []).map((name) => codeNamed(name, e.source))),
    ]),
  ].sort((a, b) => a - b);
  const { parameters, requestBody } = requestOf(route, inputs);

  const success: Schema = {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: { code: { const: ResultCode.ok }, msg: { type: 'string' }, data: oneOrAny(files.map(({ e, s }) => successData(e, s, titleOf))) },
  };
  const failure: Schema = { ...ref('Error'), properties: { code: { enum: codes } } };
  const description = [
    `Declared by ${files.map(({ e }) => `${e.source} (${e.name})`).join(', ')}.`,
    route.endpoints.length > 1 ? 'The first declaration whose schema accepts the request runs.' : '',
    inputs.length ? 'Unknown fields are refused with code 7 and data.field.' : '',
    ...fieldCodes.map((f) => `Code ${f.code} belongs under the field "${f.field}".`),
  ].filter(Boolean);
  return {
    operationId: route.endpoints[0].name,
    summary: files.map(({ e, s }) => (s ? `${s.raw.id}${s.raw.title ? ` (${s.raw.title})` : ''}` : e.name)).join(' / '),
    description: description.join(' '),
    tags: [tag],
    security: route.auth ? [route.operator ? { AdminToken: [] } : { XToken: [] }] : [],
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses: {
      '200': {
        description: ['The envelope: code 0 with data, or one of:', ...codes.map((c) => `- ${describe(c)}`)].join('\n'),
        content: { 'application/json': { schema: { oneOf: [success, failure] } } },
      },
      ...Object.fromEntries(Object.entries(REFUSALS).map(([status, { name }]) => [status, { $ref: `#/components/responses/${name}` }])),
      ...(refusesRoles(route) ? { '403': { $ref: '#/components/responses/RoleRefused' } } : {}),
      '500': { $ref: '#/components/responses/ServerError' },
    },
    'x-endpoints': route.endpoints.map((e) => ({ name: e.name, source: e.source })),
    ...(route.operator && route.auth ? { 'x-roles': route.endpoints[0].roles } : {}),
    'x-codes': codes,
  };
}

/** A code of the catalogues by its name (ResultCode or OperatorCode), as a schema file's `codes` lists it. */
function codeNamed(name: string, source: string): number {
  const code = resultCodeNamed(name) ?? (Object.hasOwn(OperatorCode, name) ? OperatorCode[name as keyof typeof OperatorCode] : undefined);
  if (code === undefined) throw new Error(`${source}: "codes" names ${name}, which is not a result code of contract/result-codes.ts`);
  return code;
}

/**
 * The HTTP statuses of a request refused before or around its handler, each in the envelope with
 * code 7 and a translated msg (server/platform/http/envelope.ts, body.ts, security.ts, request-scope.ts).
 */
const REFUSALS: Record<string, { name: string; description: string }> = {
  '400': { name: 'BadRequest', description: 'Not JSON, nested too deep, too many form fields, or a malformed URL' },
  '413': { name: 'TooLarge', description: 'The body is over the size limit (msg states it)' },
  '414': { name: 'UrlTooLong', description: 'The URL is over the length limit (msg states it)' },
  '415': { name: 'UnsupportedType', description: 'A content type or charset the endpoint does not take' },
  '503': { name: 'Unavailable', description: 'A service the request needs did not answer in time; nothing was changed' },
};

/** A back-office endpoint that the operator gate refuses to an operator without one of its roles (operator-gate.ts). */
function refusesRoles(route: Route): boolean {
  return route.operator && route.auth && !BEFORE_PASSWORD_CHANGE.has(route.endpoints[0].name);
}

/** The envelope of every answer other than success, with the whole catalogue of codes. */
function errorSchema(describe: DocContext['describe']): Schema {
  const catalogue = [ResultCode.error, ...BUSINESS_CODES, ...OPERATOR_CODES];
  return {
    title: 'Error',
    description: ['A business outcome other than success, in the envelope (HTTP 200). Codes (spec §8):', ...catalogue.map((c) => `- ${describe(c)}`)].join(
      '\n',
    ),
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: {
      code: { type: 'integer', enum: catalogue },
      msg: { type: 'string', description: 'Translated into the language of the lang header' },
      data: {
        anyOf: [
          NULL,
          {
            type: 'object',
            properties: {
              field: { type: 'string', description: 'The request field the error belongs to (code 7, and codes a form maps to a field)' },
              reload: { type: 'boolean', description: 'With code 7: the session ended, log out' },
            },
          },
        ],
      },
    },
  };
}

/** The components every operation refers to besides the schemas: headers, the 500 answer, the token. */
/** The endpoint that hands out operator tokens, by name: its method and path come from its schema file. */
const OPERATOR_SIGN_IN: EndpointName = 'adminLogin';

/** "POST /admin/login", as the routes declare it (the operator sign-in's schema file), for the token's description */
function signInCall(routes: Route[], name: EndpointName): string {
  const route = routes.find((r) => r.endpoints.some((e) => e.name === name));
  return route ? `${route.method} ${route.path}` : name;
}

function sharedComponents(routes: Route[]): Schema {
  return {
    parameters: {
      Lang: {
        name: 'lang',
        in: 'header',
        required: false,
        description: 'Language of msg: a short language prefix (en, de, zh…) or a locale code (de-DE); anything else gets English',
        schema: { type: 'string' },
      },
      IdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'A repeat of the same request with the same key within 24 hours gets the first result and writes nothing',
        schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
      },
    },
    responses: {
      ...Object.fromEntries(
        Object.values(REFUSALS).map(({ name, description }) => [
          name,
          { description, content: { 'application/json': { schema: { ...ref('Error'), properties: { code: { const: ResultCode.error } } } } } },
        ]),
      ),
      RoleRefused: {
        description: 'The operator holds none of the roles in x-roles: msg names, in their language, the roles that would do; data.roles lists them',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['code', 'msg', 'data'],
              properties: {
                code: { const: OperatorCode.notPermitted },
                msg: { type: 'string' },
                data: { type: 'object', required: ['roles'], properties: { roles: { type: 'array', items: { type: 'string' } } } },
              },
            },
          },
        },
      },
      ServerError: {
        description: 'An unexpected failure: code 500 in the envelope, with the request id to quote to support',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['code', 'msg', 'data'],
              properties: {
                code: { const: 500 },
                msg: { type: 'string' },
                data: { type: 'object', required: ['requestId'], properties: { requestId: { type: 'string' } } },
              },
            },
          },
        },
      },
    },
    securitySchemes: {
      XToken: { type: 'apiKey', in: 'header', name: 'X-Token', description: 'The session token of login or registration' },
      AdminToken: {
        type: 'apiKey',
        in: 'header',
        name: 'X-Admin-Token',
        description: `An operator session token of ${signInCall(routes, OPERATOR_SIGN_IN)} (back office); x-roles lists the roles that may call the endpoint`,
      },
    },
  };
}

/** What each path family is, for a reader of the document (the wire names are the spec's, §7) */
const TAG_DESCRIPTIONS: Record<string, string> = {
  admin: 'The back office: operators, reviews under four eyes, coins, products, content, the audit trail',
  base: 'Site settings, captchas, sending codes',
  bborder: 'Spot orders',
  coin: 'Coins and their networks',
  financing: 'DeFi (financing) products',
  financing_order: 'DeFi subscriptions and their earnings',
  hyorder: 'Second-level futures',
  issue: 'New coins (IEO)',
  loan: 'Loan products',
  loan_order: 'Loan applications and repayments',
  mining_machine: 'Mining machines',
  mining_machine_order: 'Mining machine orders and their output',
  notice: 'Announcements and notifications',
  recharge: 'Crypto deposits and coin exchange',
  support: 'Support chat',
  user: 'Account: sign-in, registration, security, identity verification, referrals',
  user_bank: 'Bank cards for fiat withdrawals',
  user_card: 'Identity documents',
  user_money_log: 'Financial records (the ledger as the customer sees it)',
  user_qianbao: 'Saved withdrawal addresses',
  wire_transfer: 'Fiat deposits by bank wire',
  withdraw: 'Crypto withdrawals',
  withdraw_bank: 'Fiat withdrawals to a bank card',
};

export function openApiDocument(routes: Route[], entities: DocEntity[], screens: DocScreen[], options: OpenApiOptions): OpenApiDocument {
  const titleOf = entityTitles(entities);
  const schemas: Record<string, Schema> = {};
  for (const e of entities) schemas[titleOf(e.file)] = toOas31(refEntities(e.raw, dirname(e.file), titleOf)) as Schema;
  const context: DocContext = { bySource: new Map(screens.map((s) => [s.source, s])), titleOf, describe: codeDescriber(options) };

  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const route of routes) {
    const tag = route.path.split('/')[1] || 'api';
    tags.add(tag);
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operationOf(route, tag, context) };
  }
  schemas.Error = errorSchema(context.describe);

  return {
    openapi: '3.1.0',
    info: {
      title: 'CoinApp API',
      version: options.version,
      description:
        'Generated from the schema files in schemas/ (the same declarations the server registers and validates with). Every response is the envelope {code, msg, data}: code 0 is success.',
    },
    servers: [{ url: options.prefix }],
    tags: [...tags].sort().map((name) => (TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name })),
    paths,
    components: { schemas, ...sharedComponents(routes) },
  };
}
