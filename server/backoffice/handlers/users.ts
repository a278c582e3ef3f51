// The back office's customers (search, detail, freezes, sessions) and operators (admins only).
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import { addOperator, listOperators, operatorDetail, updateOperator } from '../operator-admin.ts';
import { endUserSessions, freezeUser, searchUsers, unfreezeUser, userDetail } from '../users.ts';

export function userAdminHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
    adminUsers: async (input) => {
      const list = await searchUsers(db, input.q ?? '');
      return { list, total: list.length, page: 1, pageSize: list.length };
    },
    adminUserDetail: async (input) => userDetail(db, input.uid),
    adminFreeze: async (input, { session, req }) => freezeUser(db, operatorActor(session, req), input.uid, input.what, input.reason, ctx.now()),
    adminUnfreeze: async (input, { session, req }) => unfreezeUser(db, operatorActor(session, req), input.uid, input.what, ctx.now()),
    adminEndSessions: async (input, { session, req }) => {
      await endUserSessions(db, operatorActor(session, req), input.uid, ctx.now());
      return null;
    },
    adminOperators: async () => {
      const list = await listOperators(db, ctx.now());
      return { list, total: list.length, page: 1, pageSize: list.length };
    },
    adminOperator: async (input) => operatorDetail(db, input.name, ctx.now()),
    adminAddOperator: async (input, { session, req }) => addOperator(db, operatorActor(session, req), input.name, input.roles, ctx.now()),
    adminUpdateOperator: async (input, { session, req }) => updateOperator(db, operatorActor(session, req), input, ctx.now()),
  };
}
