// The customer's side of live support (/user/service): the conversation, polled while the chat is
// open, and sending a message.
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { customerSend, customerThread, SEND_RATE } from '../conversations.ts';

export function supportChatHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
    supportThread: async (_input, { user }) => customerThread(db, user.id, ctx.now()),
    supportSend: async (input, { user }) => {
      await ctx.limiter.hit('supportSend', String(user.id), SEND_RATE);
      return customerSend(db, user.id, input, ctx.now());
    },
  };
}
