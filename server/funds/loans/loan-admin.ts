// Loan products as operators change them: the funds domain's product catalogue
// (server/core/product-catalogue.ts), which the back office runs in its audited transaction
// (server/backoffice/products.ts) for the console and `npm run ops -- loan …` alike. Every change
// is checked whole before anything is written. A change applies to new applications only: an
// order keeps the terms it was made under.
import { formatUnits, parseAmount, plainUnits, STORAGE_SCALE } from '../../../contract/decimal.ts';
import type { AdminLoanProduct } from '../../../contract/generated/types.ts';
import type { AmountInput } from '../../core/amounts.ts';
import type { LoanProductRow } from '../../core/db/types.ts';
import { validationError } from '../../core/errors.ts';
import type { Tx } from '../../core/ledger.ts';
import type { ProductCatalogue, ProductDraft } from '../../core/product-catalogue.ts';
import { parseNames } from '../../core/local-names.ts';
import { exactDecimal, requireCoinRow } from '../coins/coin-admin.ts';
import { coinDecimalsMap, ratePercent } from './loan-products.ts';
import { NAME_LANGUAGES } from '../../core/config.ts';

/** Largest daily rate a product may have: 5 % a day (a guard against typing 0.5 for 0.005). */
export const MAX_DAILY_RATE = '0.05';
const MAX_DAYS = 3650;
const MAX_NAME = 64;

export interface LoanDraft {
  name: string;
  coin: string;
  min: AmountInput;
  max: AmountInput;
  freeDays: number | string;
  dailyRate: AmountInput;
  termDays: number | string;
}

export const DRAFT_KEYS = ['name', 'coin', 'min', 'max', 'freeDays', 'dailyRate', 'termDays'] as const;

function days(field: 'freeDays' | 'termDays', value: number | string, min: number): number {
  const n = typeof value === 'number' ? value : /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min || n > MAX_DAYS) throw validationError(field, 'admin.loanDays', { field });
  return n;
}

function amount(field: 'min' | 'max', value: AmountInput, coin: string, decimals: number): bigint {
  const parsed = parseAmount(exactDecimal(value, field));
  if (!parsed) throw validationError(field, 'admin.decimalFormat', { field });
  if (parsed.decimals > decimals) throw validationError(field, 'admin.amountDecimals', { field, coin, decimals });
  if (parsed.units <= 0n) throw validationError(field, 'admin.amountPositive', { field });
  return parsed.units;
}

function dailyRate(value: AmountInput): string {
  const parsed = parseAmount(exactDecimal(value, 'dailyRate'));
  if (!parsed) throw validationError('dailyRate', 'admin.dailyRateFormat');
  if (parsed.decimals > STORAGE_SCALE) throw validationError('dailyRate', 'admin.dailyRateDecimals', { decimals: STORAGE_SCALE });
  if (parsed.units > parseAmount(MAX_DAILY_RATE)!.units)
    throw validationError('dailyRate', 'admin.dailyRateMax', { max: MAX_DAILY_RATE, percent: ratePercent(MAX_DAILY_RATE) });
  // stored as the plain ratio, without trailing zeros
  return plainUnits(parsed.units);
}

/** The columns of a whole, checked product. */
async function checked(db: Tx, d: LoanDraft) {
  const name = d.name.trim();
  if (name.length < 2 || name.length > MAX_NAME) throw validationError('name', 'admin.loanNameFormat');
  const coin = await requireCoinRow(db, d.coin);
  const decimals = Number(coin.decimals);
  const min = amount('min', d.min, coin.coin, decimals);
  const max = amount('max', d.max, coin.coin, decimals);
  if (min > max) throw validationError('min', 'admin.minAboveMax', { min: String(d.min), max: String(d.max) });
  const termDays = days('termDays', d.termDays, 1);
  const freeDays = days('freeDays', d.freeDays, 0);
  if (freeDays > termDays) throw validationError('freeDays', 'admin.freeDaysAboveTerm', { free: freeDays, term: termDays });
  return {
    name,
    coin: coin.coin,
    min_amount: min.toString(),
    max_amount: max.toString(),
    free_days: freeDays,
    daily_rate: dailyRate(d.dailyRate),
    term_days: termDays,
  };
}

async function decimalsOf(db: Tx, coin: string): Promise<number> {
  return (await coinDecimalsMap(db)).get(coin) ?? STORAGE_SCALE;
}

function adminLoanProduct(p: LoanProductRow, decimals: number): AdminLoanProduct {
  return {
    id: Number(p.id),
    name: p.name,
    names: Object.entries(parseNames(p.names))
      .map(([lang, text]) => `${lang}: ${text}`)
      .join('; '),
    coin: p.coin,
    min: formatUnits(BigInt(p.min_amount), decimals),
    max: formatUnits(BigInt(p.max_amount), decimals),
    freeDays: Number(p.free_days),
    dailyRate: p.daily_rate,
    termDays: Number(p.term_days),
    open: Number(p.enabled) === 1,
  };
}

async function productRow(db: Tx, id: number): Promise<LoanProductRow> {
  const row = await db.selectFrom('loan_products').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw validationError('id', 'admin.loanProductUnknown');
  return row;
}

/** A product as the back office shows it; code 7 admin.loanProductUnknown when there is none. */
export async function adminLoanProductById(db: Tx, id: number): Promise<AdminLoanProduct> {
  const p = await productRow(db, id);
  return adminLoanProduct(p, await decimalsOf(db, p.coin));
}

/** Every product, open or closed, by id. */
export async function adminLoanProducts(db: Tx): Promise<AdminLoanProduct[]> {
  const rows = await db.selectFrom('loan_products').selectAll().orderBy('id').execute();
  const decimals = await coinDecimalsMap(db);
  return rows.map((p) => adminLoanProduct(p, decimals.get(p.coin) ?? STORAGE_SCALE));
}

/** The product's fields as given (the CLI's key=value text, the console's fields as text), the others left out. */
function draftFields(given: Partial<ProductDraft>): Partial<LoanDraft> {
  return Object.fromEntries(Object.entries(given).filter(([k, v]) => (DRAFT_KEYS as readonly string[]).includes(k) && v !== undefined));
}

export const loanCatalogue: ProductCatalogue<AdminLoanProduct> = {
  kind: 'loanProduct',
  list: (db) => adminLoanProducts(db),
  row: (db, id) => adminLoanProductById(db, id),

  /** A new product, open for applications; every field is required (the payload's schema, the CLI's check). */
  async create(db, given, now) {
    const values = await checked(db, draftFields(given) as LoanDraft);
    const row = await db
      .insertInto('loan_products')
      .values({ ...values, enabled: 1, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },

  /** Changes the fields given, checked together with the product's others. */
  async update(db, id, changes) {
    const p = await productRow(db, id);
    const given = draftFields(changes);
    if (Object.keys(given).length === 0) throw validationError('id', 'admin.nothingToChange');
    const current = adminLoanProduct(p, await decimalsOf(db, p.coin));
    const values = await checked(db, { ...current, ...given });
    await db.updateTable('loan_products').set(values).where('id', '=', p.id).execute();
  },

  async setOpen(db, id, open) {
    const p = await productRow(db, id);
    if ((Number(p.enabled) === 1) === open) return false;
    await db
      .updateTable('loan_products')
      .set({ enabled: open ? 1 : 0 })
      .where('id', '=', p.id)
      .execute();
    return true;
  },

  /** Empty or "-" removes the language's name (the language shows the English name). */
  async setName(db, id, lang, text) {
    if (!NAME_LANGUAGES.includes(lang)) throw validationError('lang', 'admin.loanLanguage', { allowed: NAME_LANGUAGES.join(', ') });
    const name = text.trim();
    if (name.length > MAX_NAME) throw validationError('name', 'admin.loanLocalNameFormat');
    const p = await productRow(db, id);
    const names = parseNames(p.names);
    if (name === '' || name === '-') delete names[lang];
    else names[lang] = name;
    await db
      .updateTable('loan_products')
      .set({ names: JSON.stringify(names) })
      .where('id', '=', p.id)
      .execute();
  },
};
