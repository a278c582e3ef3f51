// POST /admin/money/adjust, GET /admin/money/adjustments, POST /admin/money/decide.
import type { ManualAdjustments } from '../../core/manual-adjustment.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import { decideAdjustment, listAdjustments, requestAdjustment } from '../adjustments.ts';

export function adjustmentHandlers(adjust: ManualAdjustments): (ctx: AppContext) => HandlerTable {
  return (ctx) => ({
    adminAdjust: async (input, { session, req }) => requestAdjustment(ctx.db, operatorActor(session, req), input, ctx.now()),
    adminAdjustments: async (input) => ({ list: await listAdjustments(ctx.db, input) }),
    adminDecideAdjustment: async (input, { session, req }) => decideAdjustment(ctx.db, adjust, operatorActor(session, req), input, ctx.now()),
  });
}
