// Mining machines (server/earn/mining-*.ts): the open machines, purchases (sole and shared; the wire
// names sharbltxt and gxfe are the share percent and the share amount), and the caller's orders.
// Another user's order is never listed; a closed machine answers like a missing one.
import type { MiningMachine } from '../../../contract/generated/types.ts';
import type { Page } from '../../../contract/screen.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { type MiningOrderRow, MiningType } from '../../core/db/types.ts';
import { coinDecimals } from '../products/earn-units.ts';
import { machineNames, openMachines, toMiningMachine } from './mining-machines.ts';
import { buyMining, miningStatusOfWire, toMiningOrder } from './mining-purchase.ts';
import { notFound } from '../../core/errors.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { pageOf, pageOfRows, type PagingInput } from '../../platform/http/records.ts';

const TYPE_FILTER = new Set<number>(Object.values(MiningType));

/** A list filter's value when it is one of `allowed`; undefined for "all" or anything else. */
function filterValue(value: unknown, allowed: Set<number>): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  return allowed.has(n) ? n : undefined;
}

export function miningHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;

  async function machines(input: PagingInput & { type?: unknown }, lang: unknown): Promise<Page<MiningMachine>> {
    const t = ctx.i18n.translator(lang);
    const { page, pageSize, offset } = pageOf(input);
    const type = filterValue(input.type, TYPE_FILTER);
    const base = type === undefined ? openMachines(db) : openMachines(db).where('mining_machines.type', '=', type);
    const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('mining_machines')
      .select('coins.decimals as coin_decimals')
      .orderBy('mining_machines.id')
      .limit(pageSize)
      .offset(offset)
      .execute();
    // each day's output is rounded down to the output coin's decimals: the buy form's preview needs them
    const decimals = await coinDecimals(db);
    const list = rows.map((r) => toMiningMachine(r, Number(r.coin_decimals), t, lang, ctx.i18n.resolve(lang), decimals.get(r.output_coin)));
    return { list, total: Number(n), page, pageSize };
  }

  return {
    getMiningMachines: async (input, { req }) => machines(input, req.headers.lang),
    findMiningMachine: async (input, { req }) => {
      const row = await openMachines(db)
        .selectAll('mining_machines')
        .select('coins.decimals as coin_decimals')
        .where('mining_machines.id', '=', input.ID)
        .executeTakeFirst();
      if (!row) throw notFound();
      const output = (await coinDecimals(db)).get(row.output_coin);
      return toMiningMachine(
        row,
        Number(row.coin_decimals),
        ctx.i18n.translator(req.headers.lang),
        req.headers.lang,
        ctx.i18n.resolve(req.headers.lang),
        output,
      );
    },

    buySoleMining: async (input, { user }) => buyMining(ctx, user.id, { id: input.id, num: input.num }),
    buyShareMining: async (input, { user }) => buyMining(ctx, user.id, { id: input.id, sharePercent: input.sharbltxt, shareAmount: input.gxfe }),

    getMiningOrders: async (input, { user, req }) => {
      let base = db.selectFrom('mining_orders').where('user_id', '=', user.id);
      const status = input.status === undefined || input.status === '' ? undefined : miningStatusOfWire(Number(input.status));
      if (status !== undefined) base = base.where('status', '=', status);
      const type = filterValue(input.type, TYPE_FILTER);
      if (type !== undefined) base = base.where('type', '=', type);
      const page = await pageOfRows(base, input, (row: MiningOrderRow) => row);
      const names = await machineNames(
        db,
        page.list.map((o) => Number(o.machine_id)),
        req.headers.lang,
      );
      const decimals = await coinDecimals(db);
      return { ...page, list: page.list.map((o) => toMiningOrder(o, names.get(Number(o.machine_id)) ?? '', decimals)) };
    },
  };
}
