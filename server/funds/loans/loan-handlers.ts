// Loans (server/funds/loans/): the loan products, applications and the customer's loans. Another
// user's loan is never listed; a product that is closed is answered like a missing one.
import type { LoanProduct } from '../../../contract/generated/types.ts';
import type { Page } from '../../../contract/screen.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { type LoanOrderRow, LoanStatus } from '../../core/db/types.ts';
import { applyForLoan, toLoanOrder } from './loan-applications.ts';
import { repayOwnLoan } from './loan-repayment.ts';
import { balanceOf } from '../../core/ledger.ts';
import { coinDecimalsMap, openProducts, productNames, toLoanProduct } from './loan-products.ts';
import { notFound } from '../../core/errors.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { pageOf, pageOfRows, type PagingInput } from '../../platform/http/records.ts';

const LOAN_STATUS_FILTER = new Set<number>(Object.values(LoanStatus));

export function loanHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;

  /** The open products, one page (the list screen and the application form's source). */
  async function loanProducts(input: PagingInput, lang: unknown): Promise<Page<LoanProduct>> {
    const t = ctx.i18n.translator(lang);
    const { page, pageSize, offset } = pageOf(input);
    const base = openProducts(db);
    const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('loan_products')
      .select('coins.decimals as coin_decimals')
      .orderBy('loan_products.id')
      .limit(pageSize)
      .offset(offset)
      .execute();
    return { list: rows.map((r) => toLoanProduct(r, Number(r.coin_decimals), t, lang)), total: Number(n), page, pageSize };
  }

  /** The caller's loans as the screens show them, with the available balance of each active one's coin (what a repayment may take). */
  async function ownLoans(rows: LoanOrderRow[], userId: number, lang: unknown) {
    const names = await productNames(
      db,
      rows.map((o) => Number(o.loan_id)),
      lang,
    );
    const decimals = await coinDecimalsMap(db);
    const available = new Map<string, bigint>();
    for (const o of rows)
      if (Number(o.status) === LoanStatus.active && !available.has(o.coin)) available.set(o.coin, (await balanceOf(db, userId, o.coin)).available);
    const now = ctx.now();
    return rows.map((o) => toLoanOrder(o, names.get(Number(o.loan_id)) ?? '', decimals.get(o.coin) ?? 8, now, available.get(o.coin)));
  }

  return {
    getLoanList: async (input, { req }) => loanProducts(input, req.headers.lang),
    findLoan: async (input, { req }) => {
      const row = await openProducts(db)
        .selectAll('loan_products')
        .select('coins.decimals as coin_decimals')
        .where('loan_products.id', '=', input.ID)
        .executeTakeFirst();
      if (!row) throw notFound();
      return toLoanProduct(row, Number(row.coin_decimals), ctx.i18n.translator(req.headers.lang), req.headers.lang);
    },

    createLoanOrder: async (input, { user }) => applyForLoan(ctx, user, input),
    // the spec's payload {loan_id, min, max}: the product's range as shown, applying for up to its max
    createLoanOrderSpec: async (input, { user }) => applyForLoan(ctx, user, { loan_id: input.loan_id, amount: input.max, min: input.min, max: input.max }),
    findLoanOrder: async (input, { user, req }) => {
      const row = await db.selectFrom('loan_orders').selectAll().where('id', '=', input.ID).where('user_id', '=', user.id).executeTakeFirst();
      if (!row) throw notFound();
      return (await ownLoans([row], user.id, req.headers.lang))[0];
    },
    getLoanOrders: async (input, { user, req }) => {
      let base = db.selectFrom('loan_orders').where('user_id', '=', user.id);
      if (input.status !== undefined && input.status !== '' && LOAN_STATUS_FILTER.has(Number(input.status)))
        base = base.where('status', '=', Number(input.status));
      const page = await pageOfRows(base, input, (row: LoanOrderRow) => row);
      return { ...page, list: await ownLoans(page.list, user.id, req.headers.lang) };
    },
    repayLoanOrder: async (input, { user, req }) => {
      const r = await repayOwnLoan(db, user.id, input.id, input.amount, ctx.now());
      return (await ownLoans([r.order], user.id, req.headers.lang))[0];
    },
  };
}
