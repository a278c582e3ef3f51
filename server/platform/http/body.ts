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
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') throw new ApiError(ResultCode.error, 'errors.unsupportedCharset', null, undefined, 415);
  });
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonDepth(body as string, MAX_DEPTH) > MAX_DEPTH) return done(tooDeep(), undefined);
    parseJson(req, body as string, done);
  });
}
