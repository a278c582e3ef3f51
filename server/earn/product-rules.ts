// The checks every product (IEO project, financing product, mining machine) applies to what an
// operator types, in the CLI or the console: each refusal names the field, says the limit in
// English for the CLI and carries the locale key (admin.product.*) the console translates.
import { parseAmount, plainUnits, STORAGE_SCALE } from '../../contract/decimal.ts';
import type { Params } from '../core/errors.ts';
import type { Tx } from '../core/ledger.ts';
import { parseNames } from '../core/local-names.ts';
import { type ProductDraft, ProductRuleError } from '../core/product-catalogue.ts';
import { ratePercent } from './financing.ts';
import { NAME_LANGUAGES } from '../core/config.ts';

export const MAX_DAYS = 3650;
const NAME_MAX = 64;


export function refuse(field: string, key: string, message: string, params: Params = {}): never {
  throw new ProductRuleError(message, field, `admin.product.${key}`, params);
}

/** A positive decimal with at most `decimals` decimals, in ledger units. */
export function positiveUnits(field: string, text: string, decimals: number): bigint {
  const parsed = parseAmount(text);
  if (!parsed) refuse(field, 'amountFormat', `${field} must be a decimal number like 100 or 0.5, not "${text}".`);
  if (parsed.decimals > decimals) refuse(field, 'amountDecimals', `${field} has at most ${decimals} decimals ("${text}").`, { decimals });
  if (parsed.units <= 0n) refuse(field, 'positive', `${field} must be greater than zero, not "${text}".`);
  return parsed.units;
}

/** A ratio from 0 (or above 0) to `max`, as stored: "0.001". */
export function ratio(field: string, text: string, max: string, allowZero: boolean): string {
  const parsed = parseAmount(text);
  if (!parsed || parsed.decimals > STORAGE_SCALE)
    refuse(field, 'ratioFormat', `${field} must be a decimal ratio like 0.001 (0.1 %) with at most ${STORAGE_SCALE} decimals, not "${text}".`);
  if (!allowZero && parsed.units <= 0n) refuse(field, 'positive', `${field} must be greater than zero, not "${text}".`);
  const percent = ratePercent(max);
  if (parsed.units > parseAmount(max)!.units)
    refuse(field, 'ratioMax', `${field} must be at most ${max} (${percent} %), not "${text}". It is a ratio: 0.01 is 1 %.`, { max, percent });
  return plainUnits(parsed.units);
}

export function wholeNumber(field: string, text: string, min: number, max: number): number {
  if (!/^\d{1,5}$/.test(text) || Number(text) < min || Number(text) > max)
    refuse(field, 'wholeNumber', `${field} must be a whole number from ${min} to ${max}, not "${text}".`, { min, max });
  return Number(text);
}

export function productName(text: string): string {
  const name = text.trim();
  if (name.length < 2 || name.length > NAME_MAX) refuse('name', 'nameLength', `name must be 2 to ${NAME_MAX} characters, not "${text}".`);
  return name;
}

export function minNotAboveMax(min: bigint, max: bigint, d: ProductDraft): void {
  if (min > max) refuse('min', 'minAboveMax', `min (${d.min}) must not be above max (${d.max}).`, { min: d.min, max: d.max });
}

/** A coin of the coin table, by its symbol in any case. */
export async function coinOf(db: Tx, field: string, text: string): Promise<{ coin: string; decimals: number }> {
  const row = await db.selectFrom('coins').select(['coin', 'decimals']).where('coin', '=', text.trim().toUpperCase()).executeTakeFirst();
  if (!row) refuse(field, 'coinUnknown', `No coin "${text}" in the coin table. See: coin list.`, { coin: text });
  return { coin: row.coin, decimals: Number(row.decimals) };
}

/** An id the CLI was given as text. */
export function idOf(text: string | undefined, noun: string, listCommand: string): number {
  if (!text || !/^\d{1,10}$/.test(text)) refuse('id', 'unknown', `Name the ${noun} by its id (see: ${listCommand}), not "${text ?? ''}".`, { id: text ?? '' });
  return Number(text);
}

/** Fields a create needs and did not get. */
export function requireFields(given: Partial<ProductDraft>, required: readonly string[], what: string, help: string): void {
  const missing = required.filter((k) => given[k] === undefined);
  if (missing.length) refuse(missing[0], 'required', `${what} needs: ${missing.join(', ')}.\n${help}`, { fields: missing.join(', ') });
}

export function someChange(changes: Partial<ProductDraft>, usage: string, keys: readonly string[]): void {
  if (Object.keys(changes).length === 0) refuse('id', 'nothingToChange', `Name what to change: ${usage} key=value … (keys: ${keys.join(', ')}).`);
}

type NamedTable = 'ieo_projects' | 'financing_products' | 'mining_machines';

/** The product's name in one language ("-" or "" removes it: the English name shows). */
async function setLocalName(db: Tx, table: NamedTable, id: number, lang: string, text: string): Promise<void> {
  if (!NAME_LANGUAGES.includes(lang))
    refuse('lang', 'language', `Name the language: ${NAME_LANGUAGES.join(', ')} (English is the product's name itself; change it with update).`);
  const name = text.trim();
  if (name.length > NAME_MAX) refuse('name', 'localNameLength', `The name is ${name.length} characters; at most ${NAME_MAX}.`);
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
