// Records every API answer (operation, HTTP status, body) when API_ANSWERS_DIR is set, so that
// scripts/check-answers.ts can check each one against the OpenAPI document after a test run: the
// server tests' own requests prove the document, with no second copy of them. Off in production
// (the variable is unset). One JSON-lines file per process, appended as each answer leaves, so a
// worker that is killed keeps what it recorded.
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

export function recordAnswers(app: FastifyInstance, prefix: string, dir = process.env.API_ANSWERS_DIR): void {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `answers-${process.pid}.jsonl`);
  app.addHook('onSend', async (req, reply, payload) => {
    const route = req.routeOptions.url;
    if (route?.startsWith(`${prefix}/`) && typeof payload === 'string' && /json/.test(String(reply.getHeader('content-type') ?? ''))) {
      appendFileSync(file, JSON.stringify({ method: req.method, path: route.slice(prefix.length), status: reply.statusCode, body: payload }) + '\n');
    }
    return payload;
  });
}
