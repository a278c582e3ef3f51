// The support desk's side (roles support and admin): the inbox, one conversation, answers, closing.
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import { closeConversation, inbox, operatorConversation, reply } from '../conversations.ts';
import { onePage } from '../../platform/http/records.ts';

export function supportInboxHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
    adminSupportInbox: async (input) => {
      const list = await inbox(db, input.status ?? 'open');
      return onePage(list);
    },
    adminSupportConversation: async (input) => operatorConversation(db, input.id),
    adminSupportReply: async (input, { session, req }) => reply(db, operatorActor(session, req), input.id, input.text, ctx.now()),
    adminSupportClose: async (input, { session, req }) => closeConversation(db, operatorActor(session, req), input.id, ctx.now()),
  };
}
