// Security headers on every response (static files, API, errors, 404), CORS for configured
// origins only, and the request limits the error envelope translates (server/platform/http/envelope.ts).
import { createHash } from 'node:crypto';
import { relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { inlineScripts } from '../../../contract/inline-scripts.ts';
import type { SecurityConfig } from '../../core/config.ts';
import { ApiError } from '../../core/errors.ts';
import { ResultCode } from '../../../contract/result-codes.ts';

/** Longest request target (path + query) answered; longer is 414 errors.urlTooLong. */
export const MAX_URL_LENGTH = 8 * 1024;
/** Largest request body: a 10 MB upload sent as base64 (4/3) plus the rest of the form. */
export const BODY_LIMIT = 14 * 1024 * 1024;

/** Request headers the app sends (src/api/baseQuery.ts); a CORS preflight may ask for these. */
export const CORS_ALLOW_HEADERS = ['X-Token', 'lang', 'Content-Type', 'Idempotency-Key', 'X-Device-Id'];
const CORS_ALLOW_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];
const CORS_MAX_AGE_S = 600;

const HSTS = 'max-age=31536000; includeSubDomains';

/** camera: document photos; geolocation: the location pickers; every other powerful feature off. */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'geolocation=(self)',
  'microphone=()',
  'payment=()',
  'usb=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
].join(', ');

// host[:port] or [v6]:port — only such a Host header is echoed into connect-src
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The CSP hash source of each inline script `html` runs, as the browser hashes it. */
export function inlineScriptHashes(html: string): string[] {
  return inlineScripts(html).map((script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
}

/**
 * The policy for a request to `host`: scripts only from this origin and the inline scripts hashed
 * in `scriptHashes` (index.html's boot script), no other inline script, no eval; inline styles
 * are allowed because React `style` props and echarts' tooltips set them.
 */
export function contentSecurityPolicy(connectSrc: readonly string[], host: string | undefined, scriptHashes: readonly string[] = []): string {
  const feed = host && HOST.test(host) ? [`ws://${host}`, `wss://${host}`] : [];
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...feed, ...connectSrc].join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  const text = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  const names = text.split(',').map((v) => v.trim().toLowerCase()).filter(Boolean);
  if (names.includes('*') || names.includes(name.toLowerCase())) return;
  reply.header('vary', text ? `${text}, ${name}` : name);
}

function allowedOrigin(config: SecurityConfig, req: FastifyRequest): string | undefined {
  const origin = req.headers.origin;
  return typeof origin === 'string' && config.corsOrigins.includes(origin) ? origin : undefined;
}

/** Call right after creating the app, before any route or plugin, so every response passes here. */
export function installSecurity(app: FastifyInstance, config: SecurityConfig): void {
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.length > MAX_URL_LENGTH) throw new ApiError(ResultCode.error, 'errors.urlTooLong', null, { max: MAX_URL_LENGTH }, 414);
    // CORS preflight: answered here for any path; only a configured origin gets the allow headers
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined && req.headers.origin !== undefined) {
      const origin = allowedOrigin(config, req);
      if (origin) {
        reply
          .header('access-control-allow-methods', CORS_ALLOW_METHODS.join(', '))
          .header('access-control-allow-headers', CORS_ALLOW_HEADERS.join(', '))
          .header('access-control-max-age', String(CORS_MAX_AGE_S));
      }
      return reply.code(204).send();
    }
  });

  const headers = securityHeaders(config);
  app.addHook('onSend', async (req, reply, payload) => {
    headers(req, reply);
    return payload;
  });
}

/** The headers every response carries but CORS's, for a request to `host` (undefined when its headers could not be read). */
export function baseSecurityHeaders(config: SecurityConfig, host: string | undefined, https: boolean): [string, string][] {
  const headers: [string, string][] = [
    ['content-security-policy', contentSecurityPolicy(config.connectSrc, host, config.scriptHashes)],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'no-referrer'],
    ['permissions-policy', PERMISSIONS_POLICY],
    ['x-frame-options', 'DENY'],
    ['cross-origin-opener-policy', 'same-origin'],
  ];
  if (config.hsts || https) headers.push(['strict-transport-security', HSTS]);
  return headers;
}

/** Sets the headers every response carries; also called for errors raised before routing (no hooks run there). */
export function securityHeaders(config: SecurityConfig) {
  return (req: FastifyRequest, reply: FastifyReply): void => {
    for (const [name, value] of baseSecurityHeaders(config, req.headers.host, req.protocol === 'https')) reply.header(name, value);
    if (config.corsOrigins.length > 0) {
      addVary(reply, 'Origin');
      const origin = allowedOrigin(config, req);
      if (origin) reply.header('access-control-allow-origin', origin);
    }
  };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * @fastify/static `setHeaders` for `root` (`path` may be the .br/.gz copy it chose): hashed build
 * output in assets/ never changes, so a year and immutable; everything else (index.html…) is revalidated.
 */
export function staticCacheHeaders(root: string) {
  return (reply: { header(name: string, value: string): unknown }, path: string): void => {
    const file = relative(root, path.replace(/\.(br|gz)$/, '')).split(sep).join('/');
    reply.header('cache-control', /^assets\/[^/]+$/.test(file) ? IMMUTABLE : 'no-cache');
  };
}
