// The Customer 360 sections of /admin/user: balances, the ledger, the requests of every review kind, spot and futures orders, earn orders, the referral tree, operators' notes (GET, each
// paged on the server) and adding a note (POST, audited).
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import { onePage } from '../../platform/http/records.ts';
import { customerFuturesOrders, customerReferrals, customerSpotOrders } from '../customer-activity.ts';
import { customerEarnOrders } from '../customer-earn-orders.ts';
import { customerRequests } from '../review-records.ts';
import { addCustomerNote, customerBalances, customerId, customerLedger, customerNotes } from '../customer-360.ts';

export function customer360Handlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
    adminCustomerBalances: async (input) => onePage(await customerBalances(db, ctx.market, customerId(input.uid), ctx.now())),
    adminCustomerLedger: async (input) => customerLedger(db, customerId(input.uid), input),
    adminCustomerRequests: async (input) => customerRequests(db, customerId(input.uid), { ...input, kind: input.kind || undefined }),
    adminCustomerSpotOrders: async (input) => customerSpotOrders(db, customerId(input.uid), { ...input, status: input.status || undefined }),
    adminCustomerFuturesOrders: async (input) => customerFuturesOrders(db, customerId(input.uid), { ...input, status: input.status || undefined }),
    adminCustomerEarnOrders: async (input) => customerEarnOrders(db, customerId(input.uid), { ...input, kind: input.kind || undefined }),
    adminCustomerReferrals: async (input) => customerReferrals(db, customerId(input.uid), input),
    adminCustomerNotes: async (input) => customerNotes(db, customerId(input.uid), input),
    adminCustomerNoteAdd: async (input, { session, req }) =>
      addCustomerNote(db, operatorActor(session, req), session.operator.name, input, ctx.now()),
  };
}
