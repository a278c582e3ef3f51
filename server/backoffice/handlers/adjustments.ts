// POST /admin/money/adjust, GET /admin/money/adjustments (and /detail), POST /admin/money/decide.
import type { ManualAdjustments } from '../../core/manual-adjustment.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import { adjustment, decideAdjustment, listAdjustments, requestAdjustment } from '../adjustments.ts';
import { onePage } from '../../platform/http/records.ts';

export function adjustmentHandlers(adjust: ManualAdjustments): (ctx: AppContext) => HandlerTable {
  return (ctx) => ({
    adminAdjust: async (input, { session, req }) => requestAdjustment(ctx.db, operatorActor(session, req), input, ctx.now()),
    // '' (the screen's "all") is no filter
    adminAdjustments: async (input) => {
      const list = await listAdjustments(ctx.db, { status: input.status || undefined });
      return onePage(list);
    },
    adminAdjustment: async (input) => adjustment(ctx.db, input.id),
    adminDecideAdjustment: async (input, { session, req }) => decideAdjustment(ctx.db, adjust, operatorActor(session, req), input, ctx.now()),
  });
}
