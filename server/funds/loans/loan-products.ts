// Loan products: what the operator offers (`npm run ops -- loan …`, server/funds/loans/loan-ops.ts)
// as customers see them, and which of them they can apply for.
import type { LoanProduct } from '../../../contract/generated/types.ts';
import { formatUnits, plainUnits, roundTo, STORAGE_ONE, units } from '../../../contract/decimal.ts';
import type { LoanProductRow } from '../../core/db/types.ts';
import type { Translate } from '../../platform/i18n/i18n.ts';
import type { Tx } from '../../core/ledger.ts';
import { localName } from '../../core/local-names.ts';

/** A ratio as a percent: "0.0005" → "0.05". */
export function ratePercent(rate: string): string {
  return plainUnits(units(rate) * 100n);
}

/** Decimals of each coin of the coin table (enabled or not). */
export async function coinDecimalsMap(db: Tx): Promise<Map<string, number>> {
  const rows = await db.selectFrom('coins').select(['coin', 'decimals']).execute();
  return new Map(rows.map((r) => [r.coin, Number(r.decimals)]));
}

/** The terms in one sentence, with the interest on the largest amount over the full term as an example. */
export function productTerms(p: LoanProductRow, decimals: number, t: Translate): string {
  const days = BigInt(Math.max(0, Number(p.term_days) - Number(p.free_days)));
  const example = roundTo((BigInt(p.max_amount) * units(p.daily_rate) * days) / STORAGE_ONE, decimals, 'down');
  return t('loan.terms', {
    coin: p.coin,
    rate: ratePercent(p.daily_rate),
    free: Number(p.free_days),
    term: Number(p.term_days),
    max: plainUnits(BigInt(p.max_amount)),
    interest: plainUnits(example),
  });
}

/** A product as shown in the caller's language (`lang`: the request's language prefix). */
export function toLoanProduct(p: LoanProductRow, decimals: number, t: Translate, lang: unknown): LoanProduct {
  return {
    ID: Number(p.id),
    name: localName(p, lang),
    coin: p.coin,
    decimals,
    min: formatUnits(BigInt(p.min_amount), decimals),
    max: formatUnits(BigInt(p.max_amount), decimals),
    freeDays: Number(p.free_days),
    dailyRate: p.daily_rate,
    termDays: Number(p.term_days),
    terms: productTerms(p, decimals, t),
  };
}

/** Products a customer can apply for: open, and their coin enabled in the coin table. */
export function openProducts(db: Tx) {
  return db
    .selectFrom('loan_products')
    .innerJoin('coins', 'coins.coin', 'loan_products.coin')
    .where('loan_products.enabled', '=', 1)
    .where('coins.enabled', '=', 1);
}

/** Product names by id, for a page of orders. */
export async function productNames(db: Tx, ids: number[], lang: unknown): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('loan_products')
    .select(['id', 'name', 'names'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), localName(r, lang)]));
}
