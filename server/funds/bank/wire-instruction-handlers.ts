// The back office's follow-up step of a wire review (role finance): payment instructions for a
// waiting wire transfer. The same domain function as `npm run ops -- act wire instruct`, audited
// with the operator.
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import { setWireInstructions, toWireTransfer } from './wire.ts';

export function wireInstructionHandlers(ctx: AppContext): HandlerTable {
  return {
    adminWireInstructions: async (input, { session, req }) =>
      toWireTransfer(await setWireInstructions(ctx.db, operatorActor(session, req), input.id, input.text, ctx.now())),
  };
}
