// Fixed-term financing (server/earn/financing/financing.ts): the open products, purchases, the caller's
// orders, totals and payouts, and early redemption. Another user's order is never listed and
// answers like a missing one; a closed product answers like a missing one.
import type { FinancingProduct } from '../../../contract/generated/types.ts';
import type { Page } from '../../../contract/screen.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { type FinancingOrderRow, FinancingStatus } from '../../core/db/types.ts';
import { buyFinancing, financingTotals, openProducts, productNames, redeemFinancing, toFinancingOrder, toFinancingPayout, toFinancingProduct } from './financing.ts';
import { coinDecimals } from '../products/earn-units.ts';
import { notFound } from '../../core/errors.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { pageOf, pageOfRows, type PagingInput } from '../../platform/http/records.ts';

const STATUS_FILTER = new Set<number>(Object.values(FinancingStatus));

export function financingHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;

  async function products(input: PagingInput, lang: unknown): Promise<Page<FinancingProduct>> {
    const t = ctx.i18n.translator(lang);
    const { page, pageSize, offset } = pageOf(input);
    const base = openProducts(db);
    const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await base.selectAll('financing_products').select('coins.decimals as coin_decimals').orderBy('financing_products.id').limit(pageSize).offset(offset).execute();
    return { list: rows.map((r) => toFinancingProduct(r, Number(r.coin_decimals), t, lang)), total: Number(n), page, pageSize };
  }

  return {
    getFinancingList: async (input, { req }) => products(input, req.headers.lang),
    findFinancing: async (input, { req }) => {
      const row = await openProducts(db).selectAll('financing_products').select('coins.decimals as coin_decimals').where('financing_products.id', '=', input.ID).executeTakeFirst();
      if (!row) throw notFound();
      return toFinancingProduct(row, Number(row.coin_decimals), ctx.i18n.translator(req.headers.lang), req.headers.lang);
    },

    createFinancingOrder: async (input, { user }) => buyFinancing(ctx, user.id, input),
    redeemFinancingOrder: async (input, { user, req }) => {
      await redeemFinancing(ctx, user.id, input.ID, req.headers.lang);
      return null;
    },

    getFinancingOrders: async (input, { user, req }) => {
      let base = db.selectFrom('financing_orders').where('user_id', '=', user.id);
      if (input.status !== undefined && input.status !== '' && STATUS_FILTER.has(Number(input.status))) base = base.where('status', '=', Number(input.status));
      const page = await pageOfRows(base, input, (row: FinancingOrderRow) => row);
      const names = await productNames(
        db,
        page.list.map((o) => Number(o.product_id)),
        req.headers.lang,
      );
      const decimals = await coinDecimals(db);
      return { ...page, list: page.list.map((o) => toFinancingOrder(o, names.get(Number(o.product_id)) ?? '', decimals.get(o.coin) ?? 8)) };
    },

    getFinancingTotals: async (input, { user }) => {
      const list = await financingTotals(db, user.id);
      const { page, pageSize, offset } = pageOf(input);
      return { list: list.slice(offset, offset + pageSize), total: list.length, page, pageSize };
    },

    getFinancingPayouts: async (input, { user, req }) => {
      const { page, pageSize, offset } = pageOf(input);
      const base = db.selectFrom('financing_payouts').innerJoin('financing_orders', 'financing_orders.id', 'financing_payouts.order_id').where('financing_payouts.user_id', '=', user.id);
      const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .select([
          'financing_payouts.id',
          'financing_payouts.order_id',
          'financing_payouts.day',
          'financing_payouts.amount',
          'financing_payouts.paid_at',
          'financing_orders.coin',
          'financing_orders.product_id',
        ])
        .orderBy('financing_payouts.id', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute();
      const names = await productNames(
        db,
        rows.map((r) => Number(r.product_id)),
        req.headers.lang,
      );
      const decimals = await coinDecimals(db);
      return { list: rows.map((r) => toFinancingPayout(r, names.get(Number(r.product_id)) ?? '', decimals.get(r.coin) ?? 8)), total: Number(n), page, pageSize };
    },
  };
}
