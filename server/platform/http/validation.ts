// Request validation with the schema files the app is generated from (scripts/lib/schemas.ts).
// Failures answer code 7 with the field and the screen's message for "field.keyword".
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { FastifyRequest } from 'fastify';
import { multilineFields, passwordFields } from '../../../contract/limits.ts';
import { CUSTOM_KEYWORDS, type JsonSchema } from '../../../contract/loader.ts';
import { resultCodeNamed } from '../../../contract/result-codes.ts';
import type { Params } from '../i18n/i18n.ts';
import { ApiError, validationError } from '../../core/errors.ts';

export interface Check {
  /** Where the schema came from, e.g. "screens/login.json" */
  source: string;
  schema: JsonSchema;
  validate: ValidateFunction;
  messages: Record<string, string>;
  /** The payload's password fields (x-password), read once from the schema */
  passwords: ReadonlySet<string>;
  /** The payload's multi-line text fields (x-multiline) */
  multiline: ReadonlySet<string>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const FALLBACK: Record<string, string> = {
  additionalProperties: 'validation.unknownField',
  required: 'validation.required',
  minLength: 'validation.tooShort',
  maxLength: 'validation.tooLong',
  minimum: 'validation.minimum',
  exclusiveMinimum: 'validation.minimum',
  maximum: 'validation.maximum',
  exclusiveMaximum: 'validation.maximum',
  // the server names what is allowed; the client's select shows the options instead
  enum: 'validation.queryEnum',
  const: 'validation.queryEnum',
};

/** Compiles request schemas (strict Ajv, our x- keywords allowed). */
export class Validator {
  private readonly ajv = new Ajv({ strict: true, allErrors: true, keywords: [...CUSTOM_KEYWORDS] });

  compile(schema: JsonSchema, messages: Record<string, string> = {}, source = 'server'): Check {
    return {
      source,
      schema,
      validate: this.ajv.compile(schema),
      messages,
      passwords: new Set(passwordFields(schema)),
      multiline: new Set(multilineFields(schema)),
    };
  }
}

function fieldOf(error: ErrorObject): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  if (error.keyword === 'required' && params.missingProperty) return params.missingProperty;
  if (error.keyword === 'additionalProperties' && params.additionalProperty) return params.additionalProperty;
  return error.instancePath.replace(/^\//, '').replace(/\//g, '.');
}

function describe(check: Check, error: ErrorObject): ApiError {
  const field = fieldOf(error);
  // a value inside an object field (filters.uid) takes the object's own message when it has none
  const key =
    check.messages[`${field}.${error.keyword}`] ?? check.messages[`${field.split('.')[0]}.${error.keyword}`] ?? FALLBACK[error.keyword] ?? 'validation.invalid';
  const params: Params = { field };
  const { limit, allowedValues, allowedValue } = error.params as { limit?: unknown; allowedValues?: unknown[]; allowedValue?: unknown };
  if (typeof limit === 'number' || typeof limit === 'string') params.limit = limit;
  if (Array.isArray(allowedValues)) params.allowed = [...new Set(allowedValues.filter((v) => v !== '').map(String))].join(', ');
  if (error.keyword === 'const') params.allowed = String(allowedValue);
  const prop = (check.schema.properties as Record<string, JsonSchema> | undefined)?.[field];
  if (typeof prop?.minimum === 'number') params.min = prop.minimum;
  if (typeof prop?.maximum === 'number') params.max = prop.maximum;
  // a field whose schema names a catalogue code for a refused value (x-code: an e-mail address answers 4003)
  const code = error.keyword === 'required' ? undefined : resultCodeNamed(prop?.['x-code']);
  return code === undefined ? validationError(field, key, params) : new ApiError(code, key, { field }, params);
}

/**
 * Valid when any check accepts the data; otherwise the first error of the check with
 * the fewest errors (for paths with variants, e.g. register by email or by phone).
 */
export function runChecks(checks: Check[], data: unknown): ApiError | null {
  let best: { check: Check; errors: ErrorObject[]; fixed: boolean } | null = null;
  for (const check of checks) {
    if (check.validate(data)) return null;
    const errors = [...(check.validate.errors ?? [])];
    // a const is a screen's fixed query (/coin/getCoinList czstatus 1): on a tie the general file on the route explains better
    const fixed = errors.some((e) => e.keyword === 'const');
    if (!best || errors.length < best.errors.length || (errors.length === best.errors.length && best.fixed && !fixed)) best = { check, errors, fixed };
  }
  if (!best) return null;
  const first = best.errors[0];
  return first ? describe(best.check, first) : validationError('', 'validation.invalid');
}

/** The types a property takes, from `type` or else from the values of `enum` / `const`. */
function schemaTypes(schema: JsonSchema | undefined): string[] {
  const type = schema?.type;
  if (Array.isArray(type)) return type as string[];
  if (typeof type === 'string') return [type];
  const values = Array.isArray(schema?.enum) ? (schema.enum as unknown[]) : schema && 'const' in schema ? [schema.const] : [];
  return values.map((v) => (typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v)).filter((t) => t !== 'string');
}

/** Query strings carry text: turn numeric and boolean text into values where the schema wants them. */
export function coerceQuery(checks: Check[], query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...query };
  for (const [key, value] of Object.entries(query)) {
    if (typeof value !== 'string') continue;
    const types = new Set(checks.flatMap((c) => schemaTypes((c.schema.properties as Record<string, JsonSchema> | undefined)?.[key])));
    if (types.has('string')) continue;
    if (types.has('integer') && /^-?\d{1,15}$/.test(value)) out[key] = Number(value);
    else if (types.has('number') && /^-?\d{1,15}(\.\d+)?$/.test(value)) out[key] = Number(value);
    else if (types.has('boolean') && (value === 'true' || value === 'false')) out[key] = value === 'true';
  }
  return out;
}

function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The request's payload, cleaned (cleanText): the query for GET, query and JSON body merged for DELETE, else the body. */
export function rawInput(req: FastifyRequest, checks: Check[]): unknown {
  return cleanText(
    payloadOf(req, checks),
    '',
    { has: (field) => checks.some((c) => c.passwords.has(field)) },
    { has: (field) => checks.some((c) => c.multiline.has(field)) },
  );
}

/** The payload of an endpoint that takes none: {}; any field sent (query or body) is refused as undeclared. */
export function noInput(req: FastifyRequest): Record<string, never> {
  const sent = [...Object.keys(asObject(req.query)), ...(req.method === 'GET' || req.method === 'HEAD' ? [] : Object.keys(asObject(req.body)))];
  if (sent.length > 0) throw validationError(sent[0], FALLBACK.additionalProperties);
  return {};
}

function payloadOf(req: FastifyRequest, checks: Check[]): unknown {
  const query = asObject(req.query);
  if (req.method === 'GET' || req.method === 'HEAD') return coerceQuery(checks, query);
  if (req.method === 'DELETE') {
    const body = req.body === undefined || req.body === null ? {} : req.body;
    if (typeof body !== 'object' || Array.isArray(body)) return body;
    return coerceQuery(checks, { ...query, ...(body as Record<string, unknown>) });
  }
  return req.body === undefined || req.body === null ? {} : req.body;
}

// ---- text fields: trimmed, NFC, no control or bidi characters -------------------------

/** C0 and C1 controls (NUL, tab and line breaks included), DEL, and the bidi marks, embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const PLAIN_ASCII = /^[\u0020-\u007e]*$/;
/** The same, line feeds allowed (carriage returns are made line feeds first). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_IN_LINES = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

function cleanString(raw: string, field: string, lines = false): string {
  const value = lines ? raw.replace(/\r\n?/g, '\n') : raw;
  if ((lines ? FORBIDDEN_IN_LINES : FORBIDDEN).test(value)) throw validationError(field, 'checks.controlCharacters');
  const text = PLAIN_ASCII.test(value) ? value.trim() : value.normalize('NFC').trim();
  if (text === '' && value !== '') throw validationError(field, 'checks.blank');
  return text;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * Every string of a request, at any depth, trimmed and in NFC; control characters, NULs and bidi
 * overrides refused (code 7 naming the field), and text that was only spaces refused too.
 * The payload's password fields (`passwords`, marked x-password in the schema) pass untouched;
 * its multi-line fields (`multiline`, x-multiline) keep their line breaks.
 */
export function cleanText(
  value: unknown,
  field = '',
  passwords: Pick<ReadonlySet<string>, 'has'> = NONE,
  multiline: Pick<ReadonlySet<string>, 'has'> = NONE,
): unknown {
  if (typeof value === 'string') return cleanString(value, field, multiline.has(field));
  if (Array.isArray(value)) return value.map((v, i) => cleanText(v, field ? `${field}.${i}` : String(i)));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>))
    out[k] = field === '' && passwords.has(k) ? v : cleanText(v, field ? `${field}.${k}` : k, NONE, multiline);
  return out;
}
