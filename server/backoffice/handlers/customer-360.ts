// The Customer 360 sections of /admin/user: balances, the ledger, operators' notes (GET, each
// paged on the server) and adding a note (POST, audited).
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import { onePage } from '../../platform/http/records.ts';
import { addCustomerNote, customerBalances, customerId, customerLedger, customerNotes } from '../customer-360.ts';

export function customer360Handlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
    adminCustomerBalances: async (input) => onePage(await customerBalances(db, ctx.market, customerId(input.uid), ctx.now())),
    adminCustomerLedger: async (input) => customerLedger(db, customerId(input.uid), input),
    adminCustomerNotes: async (input) => customerNotes(db, customerId(input.uid), input),
    adminCustomerNoteAdd: async (input, { session, req }) =>
      addCustomerNote(db, operatorActor(session, req), session.operator.name, input, ctx.now()),
  };
}
