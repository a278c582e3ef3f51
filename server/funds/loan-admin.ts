// Loan products as operators change them, from the back office or `npm run ops -- loan …`: every
// change is checked whole before anything is written, and written with one audit row holding the
// product before and after, in the same transaction. A change applies to new applications only:
// an order keeps the terms it was made under.
import { formatUnits, parseAmount, plainUnits, STORAGE_SCALE } from '../../contract/decimal.ts';
import type { AdminLoanProduct } from '../../contract/generated/types.ts';
import type { AmountInput } from '../core/amounts.ts';
import type { Db } from '../core/db/index.ts';
import type { LoanProductRow } from '../core/db/types.ts';
import { validationError } from '../core/errors.ts';
import type { Tx } from '../core/ledger.ts';
import { parseNames } from '../core/local-names.ts';
import { type AuditActor, appendAudit } from '../platform/audit/audit.ts';
import { exactDecimal, requireCoinRow } from './coin-admin.ts';
import { coinDecimalsMap, ratePercent } from './loan-products.ts';
import { NAME_LANGUAGES } from '../core/config.ts';

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

/** Runs `write` on the product in a transaction and audits it with the product before and after. */
async function auditedChange(db: Db, actor: AuditActor, id: number, action: string, now: number, write: (trx: Tx, p: LoanProductRow) => Promise<unknown>) {
  return db.transaction().execute(async (trx) => {
    const row = await productRow(trx, id);
    const before = adminLoanProduct(row, await decimalsOf(trx, row.coin));
    await write(trx, row);
    const after = await adminLoanProductById(trx, id);
    await appendAudit(trx, { ...actor, action, targetKind: 'loanProduct', targetId: id, before, after }, now);
    return after;
  });
}

/** A new product, open for applications. */
export async function createLoanProduct(db: Db, actor: AuditActor, draft: LoanDraft, now: number): Promise<AdminLoanProduct> {
  return db.transaction().execute(async (trx) => {
    const values = await checked(trx, draft);
    const row = await trx
      .insertInto('loan_products')
      .values({ ...values, enabled: 1, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = adminLoanProduct(row, await decimalsOf(trx, row.coin));
    await appendAudit(trx, { ...actor, action: 'loanProduct.create', targetKind: 'loanProduct', targetId: after.id, before: null, after }, now);
    return after;
  });
}

/** Changes the fields given, checked together with the product's others. */
export async function updateLoanProduct(db: Db, actor: AuditActor, id: number, changes: Partial<LoanDraft>, now: number): Promise<AdminLoanProduct> {
  const given = Object.fromEntries(Object.entries(changes).filter(([k, v]) => (DRAFT_KEYS as readonly string[]).includes(k) && v !== undefined));
  return auditedChange(db, actor, id, 'loanProduct.update', now, async (trx, p) => {
    if (Object.keys(given).length === 0) throw validationError('id', 'admin.nothingToChange');
    const current = adminLoanProduct(p, await decimalsOf(trx, p.coin));
    const values = await checked(trx, { ...current, ...given });
    await trx.updateTable('loan_products').set(values).where('id', '=', p.id).execute();
  });
}

/** Opens or closes a product; `changed` is false when it already was so (nothing written). */
export async function setLoanProductOpen(
  db: Db,
  actor: AuditActor,
  id: number,
  open: boolean,
  now: number,
): Promise<{ changed: boolean; product: AdminLoanProduct }> {
  const current = await adminLoanProductById(db, id);
  if (current.open === open) return { changed: false, product: current };
  const product = await auditedChange(db, actor, id, open ? 'loanProduct.open' : 'loanProduct.close', now, (trx, p) =>
    trx
      .updateTable('loan_products')
      .set({ enabled: open ? 1 : 0 })
      .where('id', '=', p.id)
      .execute(),
  );
  return { changed: true, product };
}

/** The product's name in one language; empty or "-" removes it (the language shows the English name). */
export async function nameLoanProduct(db: Db, actor: AuditActor, id: number, lang: string, text: string, now: number): Promise<AdminLoanProduct> {
  if (!NAME_LANGUAGES.includes(lang)) throw validationError('lang', 'admin.loanLanguage', { allowed: NAME_LANGUAGES.join(', ') });
  const name = text.trim();
  if (name.length > MAX_NAME) throw validationError('name', 'admin.loanLocalNameFormat');
  return auditedChange(db, actor, id, 'loanProduct.name', now, async (trx, p) => {
    const names = parseNames(p.names);
    if (name === '' || name === '-') delete names[lang];
    else names[lang] = name;
    await trx
      .updateTable('loan_products')
      .set({ names: JSON.stringify(names) })
      .where('id', '=', p.id)
      .execute();
  });
}
