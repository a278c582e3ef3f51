// Requests Node's HTTP parser refuses before Fastify sees them (a request line and headers over
// Node's 16 KB limit, a malformed request, a request that took too long to arrive): answered in
// the envelope with the security headers, then the connection is closed. Fastify's own handler
// answers plain JSON without them, and on a reused keep-alive connection resets the socket instead.
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { SecurityConfig } from '../../core/config.ts';
import type { I18n } from '../i18n/i18n.ts';

import { baseSecurityHeaders } from './security.ts';
import { ResultCode } from '../../../contract/result-codes.ts';

const REFUSALS: Record<string, [status: number, reason: string, key: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'errors.headersTooLarge'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'errors.timeout'],
};
const BAD_REQUEST: [number, string, string] = [400, 'Bad Request', 'errors.badRequest'];

/** Fastify's `clientErrorHandler`. */
export function clientErrorHandler(i18n: I18n, config: SecurityConfig) {
  const t = i18n.translator(undefined);
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // Node keeps the response being written on the socket; between keep-alive requests there is none
    const answering = (socket as Socket & { _httpMessage?: unknown })._httpMessage;
    if (!socket.writable || answering) {
      socket.destroy();
      return;
    }
    const [status, reason, key] = REFUSALS[error.code ?? ''] ?? BAD_REQUEST;
    const body = JSON.stringify({ code: ResultCode.error, msg: t(key), data: null });
    const headers = [
      ['content-type', 'application/json; charset=utf-8'],
      ['content-length', String(Buffer.byteLength(body))],
      ['connection', 'close'],
      ...baseSecurityHeaders(config, undefined, (socket as TLSSocket).encrypted === true),
    ];
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`);
  };
}
