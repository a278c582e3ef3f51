// The checks every product (IEO project, financing product, mining machine) applies to what an
// operator types, in the CLI or the console: each refusal is the locale key admin.product.* under
// its field, which the console translates and the CLI prints in English after the field's name.
import { parseAmount, plainUnits, STORAGE_SCALE } from '../../../contract/decimal.ts';
import { type Params, refusal } from '../../core/errors.ts';
import type { Tx } from '../../core/ledger.ts';
import { parseNames } from '../../core/local-names.ts';
import type { ProductDraft } from '../../core/product-catalogue.ts';
import { ratePercent } from './earn-units.ts';
import { NAME_LANGUAGES } from '../../core/config.ts';

export const MAX_DAYS = 3650;
const NAME_MAX = 64;


export function refuse(field: string, key: string, params: Params = {}): never {
  throw refusal(`admin.product.${key}`, { ...params, field }, field);
}

/** A positive decimal with at most `decimals` decimals, in ledger units. */
export function positiveUnits(field: string, text: string, decimals: number): bigint {
  const parsed = parseAmount(text);
  if (!parsed) refuse(field, 'amountFormat');
  if (parsed.decimals > decimals) refuse(field, 'amountDecimals', { decimals });
  if (parsed.units <= 0n) refuse(field, 'positive');
  return parsed.units;
}

/** A ratio from 0 (or above 0) to `max`, as stored: "0.001". */
export function ratio(field: string, text: string, max: string, allowZero: boolean): string {
  const parsed = parseAmount(text);
  if (!parsed || parsed.decimals > STORAGE_SCALE) refuse(field, 'ratioFormat');
  if (!allowZero && parsed.units <= 0n) refuse(field, 'positive');
  const percent = ratePercent(max);
  if (parsed.units > parseAmount(max)!.units) refuse(field, 'ratioMax', { max, percent });
  return plainUnits(parsed.units);
}

export function wholeNumber(field: string, text: string, min: number, max: number): number {
  if (!/^\d{1,5}$/.test(text) || Number(text) < min || Number(text) > max) refuse(field, 'wholeNumber', { min, max });
  return Number(text);
}

export function productName(text: string): string {
  const name = text.trim();
  if (name.length < 2 || name.length > NAME_MAX) refuse('name', 'nameLength');
  return name;
}

export function minNotAboveMax(min: bigint, max: bigint, d: ProductDraft): void {
  if (min > max) refuse('min', 'minAboveMax', { min: d.min, max: d.max });
}

/** A coin of the coin table, by its symbol in any case. */
export async function coinOf(db: Tx, field: string, text: string): Promise<{ coin: string; decimals: number }> {
  const row = await db.selectFrom('coins').select(['coin', 'decimals']).where('coin', '=', text.trim().toUpperCase()).executeTakeFirst();
  if (!row) refuse(field, 'coinUnknown', { coin: text });
  return { coin: row.coin, decimals: Number(row.decimals) };
}

/** An id the CLI was given as text. */
export function idOf(text: string | undefined): number {
  if (!text || !/^\d{1,10}$/.test(text)) refuse('id', 'unknown', { id: text ?? '' });
  return Number(text);
}

/** Fields a create needs and did not get. */
export function requireFields(given: Partial<ProductDraft>, required: readonly string[]): void {
  const missing = required.filter((k) => given[k] === undefined);
  if (missing.length) refuse(missing[0], 'required', { fields: missing.join(', ') });
}

/** A change naming no field is refused. */
export function someChange(changes: Partial<ProductDraft>): void {
  if (Object.keys(changes).length === 0) refuse('id', 'nothingToChange');
}

type NamedTable = 'ieo_projects' | 'financing_products' | 'mining_machines';

/** The product's name in one language ("-" or "" removes it: the English name shows). */
async function setLocalName(db: Tx, table: NamedTable, id: number, lang: string, text: string): Promise<void> {
  if (!NAME_LANGUAGES.includes(lang)) refuse('lang', 'language');
  const name = text.trim();
  if (name.length > NAME_MAX) refuse('name', 'localNameLength');
  const row = await db.selectFrom(table).select('names').where('id', '=', id).executeTakeFirstOrThrow();
  const names = parseNames(row.names);
  if (name === '-' || name === '') delete names[lang];
  else names[lang] = name;
  await db
    .updateTable(table)
    .set({ names: JSON.stringify(names) })
    .where('id', '=', id)
    .execute();
}

/** The column that offers a product: IEO projects are closed by `prohibited`, the others opened by `enabled`. */
const OFFER_FLAG = {
  ieo_projects: { column: 'prohibited', whenOpen: 0 },
  financing_products: { column: 'enabled', whenOpen: 1 },
  mining_machines: { column: 'enabled', whenOpen: 1 },
} as const;

/** Opening, closing and naming, the same for every product table; `find` refuses an unknown id. */
export function offerAndNames(table: NamedTable, find: (db: Tx, id: number) => Promise<object>) {
  const { column, whenOpen } = OFFER_FLAG[table];
  return {
    async setOpen(db: Tx, id: number, open: boolean): Promise<boolean> {
      const row = (await find(db, id)) as Record<string, unknown>;
      const value = open ? whenOpen : 1 - whenOpen;
      if (Number(row[column]) === value) return false;
      await db
        .updateTable(table)
        .set({ [column]: value })
        .where('id', '=', id)
        .execute();
      return true;
    },
    async setName(db: Tx, id: number, lang: string, text: string): Promise<void> {
      await find(db, id);
      await setLocalName(db, table, id, lang, text);
    },
  };
}

/** The names in other languages as one line: "de: …; zh: …". */
export function localNamesLine(json: string): string {
  return Object.entries(parseNames(json))
    .map(([lang, name]) => `${lang}: ${name}`)
    .join('; ');
}
