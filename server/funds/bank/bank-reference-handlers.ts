// The back office's follow-up step of a paid bank withdrawal (role finance): the paying bank's
// reference, audited with the operator. It moves no money.
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import { recordBankReference } from './bank-reference.ts';

export function bankReferenceHandlers(ctx: AppContext): HandlerTable {
  return {
    adminBankReference: async (input, { session, req }) => recordBankReference(ctx.db, operatorActor(session, req), input.id, input.reference, ctx.now()),
  };
}
