// Requests Node's HTTP parser refuses before Fastify sees them (a request line and headers over
// Node's 16 KB limit, a malformed request, a request that took too long to arrive): answered in
// the envelope with the security headers, then the connection is closed. Fastify's own handler
// answers plain JSON without them, and on a reused keep-alive connection resets the socket instead.
// Requests that arrived whole before the bad bytes (pipelined, or a GET whose unframed body was
// read as the next request) are answered first: the refusal waits for their answers.
import type { ServerResponse } from 'node:http';
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

type AnsweringSocket = Socket & { _httpMessage?: ServerResponse | null };

/**
 * Runs `then` once the socket has no answer left to send: Node keeps the response being written
 * on the socket (`_httpMessage`) and hands it the next pipelined one when it finishes.
 */
function afterAnswers(socket: AnsweringSocket, then: () => void): void {
  const answering = socket._httpMessage;
  if (!answering) return then();
  const next = () => setImmediate(() => afterAnswers(socket, then));
  answering.once('finish', next);
  answering.once('close', next);
}

/** Fastify's `clientErrorHandler`. */
export function clientErrorHandler(i18n: I18n, config: SecurityConfig) {
  const t = i18n.translator(undefined);
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // requests before the bad one (pipelined on this connection) are answered first, then the refusal, then the close
    let refused = false;
    afterAnswers(socket as AnsweringSocket, () => {
      if (refused) return;
      refused = true;
      refuse(error, socket);
    });
  };

  function refuse(error: Error & { code?: string }, socket: Socket): void {
    if (!socket.writable) {
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
  }
}
