// Route definition: rate limits, then authentication, then validation of the payload,
// then the handler; its result goes out as {code: 0, msg, data}.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Limit } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/types.ts';
import { authenticate } from './auth.ts';
import { ok } from './envelope.ts';
import { type Check, type Method, rawInput, runChecks } from './validation.ts';

export interface IpLimit {
  bucket: string;
  limit: (ctx: AppContext) => Limit;
}

interface BaseSpec {
  method: Method;
  /** Path under the API prefix, e.g. "/base/login" */
  path: string;
  /** "schema": the schema files for method + path; a list: the route's own checks; none: no payload */
  input?: 'schema' | Check[];
  /** Per-IP limits applied before anything else */
  limits?: IpLimit[];
}

export interface PublicRoute<I> extends BaseSpec {
  auth?: false;
  handler: (input: I, req: FastifyRequest) => Promise<unknown>;
}

export interface UserRoute<I> extends BaseSpec {
  auth: true;
  handler: (input: I, req: FastifyRequest, user: UserRow) => Promise<unknown>;
}

export function addRoute<I = Record<string, never>>(app: FastifyInstance, ctx: AppContext, spec: PublicRoute<I> | UserRoute<I>): void {
  let checks: Check[] = [];
  if (spec.input === 'schema') {
    const found = ctx.validator.forRoute(spec.method, spec.path);
    if (!found) throw new Error(`No schema file has a payload for ${spec.method} ${spec.path}`);
    checks = found;
  } else if (spec.input) {
    checks = spec.input;
  }

  app.route({
    method: spec.method,
    url: spec.path,
    handler: async (req) => {
      for (const { bucket, limit } of spec.limits ?? []) ctx.limiter.hit(bucket, req.ip, limit(ctx));
      const user = spec.auth ? await authenticate(ctx, req) : null;
      let input = {} as I;
      if (checks.length > 0) {
        const data = rawInput(req, checks);
        const failure = runChecks(checks, data);
        if (failure) throw failure;
        input = data as I;
      }
      const result = spec.auth ? await spec.handler(input, req, user as UserRow) : await spec.handler(input, req);
      return ok(ctx.i18n, req, result ?? null);
    },
  });
}
