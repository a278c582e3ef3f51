// Wire transfers (/wire_transfer/*) of the logged-in user. The rules live in
// server/funds/bank/wire.ts; another user's record is answered exactly like a missing one.
import type { AppContext } from '../../platform/http/context.ts';
import { requestWire, toWireTransfer, wireCurrencies, type WireInput } from './wire.ts';
import { notFound } from '../../core/errors.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import type { UserRow } from '../../core/db/types.ts';
import { pageOfRows } from '../../platform/http/records.ts';

export function wireHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  const createWire = async (input: WireInput, user: UserRow) => toWireTransfer(await requestWire(db, user, input, ctx.now()));
  return {
    getWireCurrencies: async () => wireCurrencies(),
    createWireTransfer: async (input, { user }) => createWire(input, user),
    findWireTransfer: async (input, { user }) => {
      const row = await db.selectFrom('wire_transfers').selectAll().where('id', '=', input.ID).where('user_id', '=', user.id).executeTakeFirst();
      if (!row) throw notFound();
      return toWireTransfer(row);
    },
    getWireTransfers: async (input, { user }) => {
      let base = db.selectFrom('wire_transfers').where('user_id', '=', user.id);
      if (input.status) base = base.where('status', '=', input.status);
      return pageOfRows(base, input, toWireTransfer);
    },
  };
}
