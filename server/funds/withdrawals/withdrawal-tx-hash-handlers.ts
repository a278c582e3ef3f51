// The back office's follow-up step of a paid crypto withdrawal (role finance): its transaction
// hash, in the network's format, audited with the operator. It moves no money.
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import { recordWithdrawalTxHash } from './withdrawal-tx-hash.ts';

export function withdrawalTxHashHandlers(ctx: AppContext): HandlerTable {
  return {
    adminWithdrawalTxHash: async (input, { session, req }) =>
      recordWithdrawalTxHash(ctx.db, operatorActor(session, req), input.id, input.txHash, ctx.now()),
  };
}
