// The logged-in user's own record, and the site configuration (the app compares `version`
// with its own to clear a stale web-view cache).
import { SITE_NAME } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { HandlerTable } from '../http/handler.ts';
import { toUserEntity } from '../users.ts';

export function userHandlers(ctx: AppContext): HandlerTable {
  return {
    getUserInfo: async (_input, { user }) => ({ userInfo: toUserEntity(user) }),
    getSite: async () => ({ version: ctx.version, name: SITE_NAME }),
  };
}
