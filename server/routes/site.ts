// Site configuration: the app compares `version` with its own to clear a stale web-view cache.
import type { FastifyInstance } from 'fastify';
import { SITE_NAME } from '../config.ts';
import type { AppContext } from '../context.ts';
import { addRoute } from '../http/route.ts';

export function registerSiteRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute(app, ctx, {
    method: 'GET',
    path: '/base/site',
    handler: async () => ({ version: ctx.version, name: SITE_NAME }),
  });
}
