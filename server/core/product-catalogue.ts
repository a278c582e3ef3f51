// What the back office does to the products customers buy (IEO projects, financing products,
// mining machines, loan products): implemented by the domain that owns them, run by the back
// office inside its audited transaction (server/backoffice/products.ts), and by the operator CLI.
// A refusal is an ApiError (./errors.ts) under the field it belongs to.
import type { Tx } from './ledger.ts';

/** A product's fields as text, by the CLI's key=value names (min, max, termDays…). */
export type ProductDraft = Record<string, string>;

export interface ProductCatalogue<Row> {
  /** The audit trail's target kind and action prefix: ieo, financing, mining */
  kind: string;
  list(db: Tx, now: number): Promise<Row[]>;
  /** One product as the list shows it; refuses an unknown id */
  row(db: Tx, id: number, now: number): Promise<Row>;
  /** A new product (open) from every required field; its id */
  create(db: Tx, given: Partial<ProductDraft>, now: number): Promise<number>;
  /** Changes the given fields; the whole product is checked again before anything is written */
  update(db: Tx, id: number, changes: Partial<ProductDraft>): Promise<void>;
  /** Offers the product, or stops offering it; false when it already was so */
  setOpen(db: Tx, id: number, open: boolean): Promise<boolean>;
  /** The name in one language other than English; "-" or "" removes it */
  setName(db: Tx, id: number, lang: string, text: string): Promise<void>;
}

/**
 * A catalogue as the back office runs it (server/backoffice/products.ts): each write in one
 * transaction with one audit row holding the product before and after, none when nothing changed.
 * `Actor` is whom the audit row names (platform/audit's actor).
 */
export interface ProductAdmin<Row, Actor> {
  list(now: number): Promise<{ list: Row[]; total: number; page: number; pageSize: number }>;
  row(id: number, now: number): Promise<Row>;
  create(actor: Actor, input: object, now: number): Promise<Row>;
  update(actor: Actor, input: { id: number }, now: number): Promise<Row>;
  setOpen(actor: Actor, input: { id: number; status: 'open' | 'closed' }, now: number): Promise<Row>;
  setName(actor: Actor, input: { id: number; lang: string; localName?: string }, now: number): Promise<Row>;
}
