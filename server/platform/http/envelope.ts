// The response envelope {code, msg, data}, the error handler and the not-found handler.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { I18n } from '../i18n/i18n.ts';
import { ApiError } from '../../core/errors.ts';
import { ResultCode } from '../../../contract/result-codes.ts';
import { BODY_LIMIT } from './security.ts';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function ok<T>(i18n: I18n, req: FastifyRequest, data: T): Envelope<T> {
  return { code: ResultCode.ok, msg: i18n.translator(req.headers.lang)('common.ok'), data };
}

function send(reply: FastifyReply, status: number, body: Envelope): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** The body limit as errors.tooLarge states it: whole megabytes (14) */
const BODY_LIMIT_MB = Math.floor(BODY_LIMIT / (1024 * 1024));

const BAD_JSON_CODES = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/** Locale keys of the framework's request errors; any other 4xx is errors.badRequest. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'errors.tooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'errors.unsupportedType',
  FST_ERR_BAD_URL: 'errors.badEncoding',
};

/**
 * A request the framework refuses (bad JSON, body too large, unsupported content type, bad
 * percent-encoding): its own 4xx status, envelope code 7 and a translated message.
 */
function frameworkError(i18n: I18n, error: FastifyError, req: FastifyRequest, reply: FastifyReply, status: number): FastifyReply {
  const t = i18n.translator(req.headers.lang);
  const badJson = BAD_JSON_CODES.has(error.code) || error instanceof SyntaxError;
  const key = badJson ? 'validation.badJson' : (FRAMEWORK_MESSAGES[error.code] ?? 'errors.badRequest');
  return send(reply, status, { code: ResultCode.error, msg: t(key, key === 'errors.tooLarge' ? { max: BODY_LIMIT_MB } : undefined), data: null });
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (bad URL encoding; a path
 * parameter over 100 characters is errors.badRequest, though the app's one parameter is an
 * upload's name, and a GET of a longer one finds the static files' route: 404 like any unknown name).
 */
export function routingErrors(i18n: I18n, headers?: (req: FastifyRequest, reply: FastifyReply) => void) {
  return (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    headers?.(req, reply);
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    return frameworkError(i18n, error, req, reply, status);
  };
}

/** `spa`: serve index.html for unknown non-API GETs (the static plugin is registered). */
/** The back office's page (the admin build in <static>/admin/): every /admin/… route the server does not have as a file. */
export const ADMIN_PAGE = 'admin/admin.html';

export function installErrorHandling(app: FastifyInstance, i18n: I18n, prefix: string, spa: boolean, adminSpa = false): void {
  app.setErrorHandler((error: FastifyError | ApiError, req, reply) => {
    const t = i18n.translator(req.headers.lang);
    if (error instanceof ApiError) {
      return send(reply, error.httpStatus, { code: error.code, msg: t(error.msgKey, error.params), data: error.data });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) return frameworkError(i18n, error, req, reply, status);
    // the route pattern, not the URL: a query may hold a token; never the body
    req.log.error({ err: error, method: req.method, route: req.routeOptions.url }, 'unhandled error');
    return send(reply, 500, { code: 500, msg: t('errors.internal'), data: { requestId: req.id } });
  });

  app.setNotFoundHandler((req, reply) => {
    const t = i18n.translator(req.headers.lang);
    const path = req.url.split('?')[0];
    const isApi = path === prefix || path.startsWith(`${prefix}/`);
    if (!isApi && (req.method === 'GET' || req.method === 'HEAD') && !/\.[A-Za-z0-9]+$/.test(path)) {
      const admin = path === '/admin' || path.startsWith('/admin/');
      if (admin && adminSpa) return reply.header('cache-control', 'no-cache').sendFile(ADMIN_PAGE);
      if (!admin && spa) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return send(reply, 404, { code: 404, msg: t('errors.notFound'), data: null });
  });
}
