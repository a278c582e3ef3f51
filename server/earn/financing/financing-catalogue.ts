// Financing products as operators manage them (`ops financing …` and the back office). Amounts are
// exact decimals in the product coin's decimals (coin table); every change is checked whole before
// anything is written, and applies to new purchases only: an order keeps the terms it was bought under.
import { formatUnits, STORAGE_SCALE } from '../../../contract/decimal.ts';
import type { AdminFinancingProduct } from '../../../contract/generated/types.ts';
import type { FinancingProductRow } from '../../core/db/types.ts';
import type { Tx } from '../../core/ledger.ts';
import type { ProductCatalogue, ProductDraft } from '../../core/product-catalogue.ts';
import { ratePercent } from '../products/earn-units.ts';
import {
  coinOf,
  localNamesLine,
  MAX_DAYS,
  minNotAboveMax,
  positiveUnits,
  productName,
  ratio,
  refuse,
  offerAndNames,
  requireFields,
  someChange,
  wholeNumber,
} from '../products/product-rules.ts';

/** Guards against typing 0.5 for 0.005: at most 5 % a day, at most 50 % penalty. */
const MAX_DAILY_RATE = '0.05';
const MAX_PENALTY_RATE = '0.5';
export const FINANCING_KEYS = ['name', 'coin', 'min', 'max', 'dailyRate', 'termDays', 'penaltyRate'] as const;

async function checked(db: Tx, d: ProductDraft) {
  const name = productName(d.name);
  const coin = await coinOf(db, 'coin', d.coin);
  const min = positiveUnits('min', d.min, coin.decimals);
  const max = positiveUnits('max', d.max, coin.decimals);
  minNotAboveMax(min, max, d);
  return {
    name,
    coin: coin.coin,
    min_amount: min.toString(),
    max_amount: max.toString(),
    daily_rate: ratio('dailyRate', d.dailyRate, MAX_DAILY_RATE, false),
    term_days: wholeNumber('termDays', d.termDays, 1, MAX_DAYS),
    penalty_rate: ratio('penaltyRate', d.penaltyRate, MAX_PENALTY_RATE, true),
  };
}

export async function financingProductRow(db: Tx, id: number): Promise<FinancingProductRow> {
  const row = await db.selectFrom('financing_products').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) refuse('id', 'unknown', { id });
  return row;
}

export async function financingDecimals(db: Tx, coin: string): Promise<number> {
  const row = await db.selectFrom('coins').select('decimals').where('coin', '=', coin).executeTakeFirst();
  return row ? Number(row.decimals) : STORAGE_SCALE;
}

const rateShown = (rate: string) => `${rate} (${ratePercent(rate)} %)`;

/** A product as operators see it: its fields as a create takes them, and what the list shows. */
export async function financingProductView(db: Tx, p: FinancingProductRow): Promise<AdminFinancingProduct> {
  const decimals = await financingDecimals(db, p.coin);
  return {
    id: Number(p.id),
    name: p.name,
    coin: p.coin,
    min: formatUnits(BigInt(p.min_amount), decimals),
    max: formatUnits(BigInt(p.max_amount), decimals),
    dailyRate: p.daily_rate,
    dailyRateShown: rateShown(p.daily_rate),
    termDays: Number(p.term_days),
    penaltyRate: p.penalty_rate,
    penaltyRateShown: rateShown(p.penalty_rate),
    status: Number(p.enabled) ? 'open' : 'closed',
    localNames: localNamesLine(p.names),
  };
}

/** Creates a product (open, paid daily) from every field. */
export async function createFinancingProduct(db: Tx, given: Partial<ProductDraft>, now: number): Promise<FinancingProductRow> {
  requireFields(given, FINANCING_KEYS);
  const values = await checked(db, given as ProductDraft);
  return db
    .insertInto('financing_products')
    .values({ ...values, cycle_days: 1, enabled: 1, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const financingCatalogue: ProductCatalogue<AdminFinancingProduct> = {
  kind: 'financing',
  async list(db) {
    const rows = await db.selectFrom('financing_products').selectAll().orderBy('id').execute();
    return Promise.all(rows.map((p) => financingProductView(db, p)));
  },
  row: async (db, id) => financingProductView(db, await financingProductRow(db, id)),
  create: async (db, given, now) => Number((await createFinancingProduct(db, given, now)).id),
  async update(db, id, changes) {
    const p = await financingProductRow(db, id);
    someChange(changes);
    const { name, coin, min, max, dailyRate, termDays, penaltyRate } = await financingProductView(db, p);
    const values = await checked(db, { name, coin, min, max, dailyRate, termDays: String(termDays), penaltyRate, ...changes } as ProductDraft);
    await db.updateTable('financing_products').set(values).where('id', '=', p.id).execute();
  },
  ...offerAndNames('financing_products', financingProductRow),
};
