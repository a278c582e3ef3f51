// Request bodies: UTF-8 only, and JSON nested no deeper than MAX_DEPTH. Both are checked before
// anything walks the body (the text cleaner, the validators and the idempotency fingerprint all
// recurse), so no body of any shape can exhaust the stack.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../core/errors.ts';
import { ResultCode } from '../../../contract/result-codes.ts';

/** Deepest nesting of arrays and objects a JSON body may have; the app's payloads use 2. */
export const MAX_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/** The deepest nesting in JSON text, counted without parsing (strings skipped); stops counting past `limit`. */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (OPENERS.has(c)) {
      if (++depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (CLOSERS.has(c)) depth--;
  }
  return deepest;
}

/** The charset a Content-Type names, lower-cased, or undefined when it names none. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1].toLowerCase();
}

function tooDeep(): ApiError {
  return new ApiError(ResultCode.error, 'errors.tooDeep', null, { max: MAX_DEPTH }, 400);
}

/** Call before any route is registered: the JSON parser every route inherits, and the charset check. */
export function installBodyParsing(app: FastifyInstance): void {
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const charset = charsetOf(req.headers['content-type']);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
      throw new ApiError(ResultCode.error, 'errors.unsupportedCharset', null, undefined, 415);
  });
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonDepth(body as string, MAX_DEPTH) > MAX_DEPTH) return done(tooDeep(), undefined);
    parseJson(req, body as string, done);
  });
}

/** Most fields a form-encoded body may carry (the upload takes one). */
export const MAX_FORM_FIELDS = 16;

/** Route config of an endpoint whose schema file says `formEncoded`. */
export interface FormRouteConfig {
  formEncoded?: boolean;
}

function badForm(): ApiError {
  return new ApiError(ResultCode.error, 'errors.badForm', null, { max: MAX_FORM_FIELDS }, 400);
}

function unsupportedType(): ApiError {
  return new ApiError(ResultCode.error, 'errors.unsupportedType', null, undefined, 415);
}

/** A form's entries as a plain object: text as sent, a file part as a data URL of its bytes; a repeated name or too many fields is refused. */
async function formObject(entries: Iterable<[string, FormDataEntryValue]>): Promise<Record<string, string>> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  let n = 0;
  for (const [name, value] of entries) {
    if (++n > MAX_FORM_FIELDS || name in out) throw badForm();
    out[name] =
      typeof value === 'string'
        ? value
        : `data:${value.type || 'application/octet-stream'};base64,${Buffer.from(await value.arrayBuffer()).toString('base64')}`;
  }
  return { ...out };
}

/**
 * multipart/form-data and application/x-www-form-urlencoded, parsed by the platform's own
 * parsers (WHATWG URLSearchParams, and undici's FormData behind Response.formData) within the
 * app's body limit, for the routes whose config says `formEncoded`; any other route answers
 * 415 as before. A body that does not parse answers 400 errors.badForm.
 */
export function installFormParsing(app: FastifyInstance): void {
  const allowed = (req: FastifyRequest) => (req.routeOptions.config as FormRouteConfig | undefined)?.formEncoded === true;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (req, body, done) => {
    if (!allowed(req)) return done(unsupportedType(), undefined);
    formObject(new URLSearchParams(body as string)).then(
      (form) => done(null, form),
      (error: unknown) => done(error instanceof ApiError ? error : badForm(), undefined),
    );
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (req, body, done) => {
    if (!allowed(req)) return done(unsupportedType(), undefined);
    const contentType = req.headers['content-type'] ?? '';
    new Response(new Uint8Array(body as Buffer), { headers: { 'content-type': contentType } })
      .formData()
      .then((form) => formObject(form.entries()))
      .then(
        (form) => done(null, form),
        (error: unknown) => done(error instanceof ApiError ? error : badForm(), undefined),
      );
  });
}
