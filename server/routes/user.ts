// The logged-in user's own record.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { addRoute } from '../http/route.ts';
import { toUserEntity } from '../users.ts';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute(app, ctx, {
    method: 'GET',
    path: '/user/getUserInfo',
    auth: true,
    handler: async (_input, _req, user) => ({ userInfo: toUserEntity(user) }),
  });
}
