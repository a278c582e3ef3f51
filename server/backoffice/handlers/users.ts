// The back office's customers (search, detail, freezes, sessions); operators are in operators.ts.
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import { endUserSessions, freezeUser, unfreezeUser, userDetail, userSignIns } from '../users.ts';
import { searchUsers } from '../user-search.ts';
import { resetTotp } from '../totp-reset.ts';
import { signInEntry } from '../../platform/sessions/sign-in-entry.ts';
import { validationError } from '../../core/errors.ts';
import { operatorAdminHandlers } from './operators.ts';
import { onePage } from '../../platform/http/records.ts';

export function userAdminHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
    ...operatorAdminHandlers(ctx),
    adminUsers: async (input) => searchUsers(db, input),
    adminUserDetail: async (input) => userDetail(db, input.uid),
    adminResetTotp: async (input, { session, req }) => {
      const step = await resetTotp(db, ctx.i18n, operatorActor(session, req), input.uid, input.reason, ctx.now());
      const note = ctx.i18n.translator(req.headers.lang)(step === 'done' ? 'admin.totpResetDone' : 'admin.totpResetRequested');
      return { step, note };
    },
    adminUserSignins: async (input, { req }) => {
      const uid = Number(input.uid ?? '');
      if (!Number.isSafeInteger(uid) || uid < 1) throw validationError('uid', 'admin.userUnknown');
      const t = ctx.i18n.translator(req.headers.lang);
      const list = (await userSignIns(db, uid)).map((row) => signInEntry(row, t));
      return onePage(list);
    },
    adminFreeze: async (input, { session, req }) => freezeUser(db, operatorActor(session, req), input.uid, input.what, input.reason, ctx.now()),
    adminUnfreeze: async (input, { session, req }) => unfreezeUser(db, operatorActor(session, req), input.uid, input.what, ctx.now()),
    adminEndSessions: async (input, { session, req }) => {
      await endUserSessions(db, operatorActor(session, req), input.uid, ctx.now());
      return null;
    },
  };
}
