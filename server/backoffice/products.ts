// The products customers buy (IEO projects, financing products, mining machines) in the back
// office: the earn domain's catalogue checks and writes them as the CLI does; here each write runs
// in one transaction with its audit row (the product before and after); a refusal of the
// product rules is the domain's ApiError, answered translated under its field.
import type { Db } from '../core/db/index.ts';
import type { Tx } from '../core/ledger.ts';
import type { ProductAdmin, ProductCatalogue, ProductDraft } from '../core/product-catalogue.ts';
import { appendAudit } from '../platform/audit/audit.ts';
import type { Actor } from '../platform/audit/actor.ts';
import { onePage } from '../platform/http/records.ts';

/** The console's fields as the CLI's key=value text (whole numbers as their digits); the id names the product. */
export function draftOf(input: object): Partial<ProductDraft> {
  return Object.fromEntries(
    Object.entries(input)
      .filter(([key, value]) => key !== 'id' && value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
}

export function productAdmin<Row>(db: Db, catalogue: ProductCatalogue<Row>): ProductAdmin<Row, Actor> {
  /**
   * One write and its audit row; `id` is null for a create (the write returns the new id). A write
   * that returns null changed nothing (opening an open product): no audit row, the product as it is.
   */
  const audited = (actor: Actor, action: string, id: number | null, write: (trx: Tx) => Promise<number | null>, now: number) =>
    db.transaction().execute(async (trx) => {
      const before = id === null ? undefined : await catalogue.row(trx, id, now);
      const target = await write(trx);
      if (target === null) return before as Row;
      const after = await catalogue.row(trx, target, now);
      await appendAudit(trx, { ...actor, action: `${catalogue.kind}.${action}`, targetKind: catalogue.kind, targetId: target, before, after }, now);
      return after;
    });
  return {
    async list(now) {
      const list = await catalogue.list(db, now);
      return onePage(list);
    },
    row: (id, now) => catalogue.row(db, id, now),
    create: (actor, input, now) => audited(actor, 'create', null, (trx) => catalogue.create(trx, draftOf(input), now), now),
    update: (actor, input, now) =>
      audited(
        actor,
        'update',
        input.id,
        async (trx) => {
          await catalogue.update(trx, input.id, draftOf(input));
          return input.id;
        },
        now,
      ),
    setOpen: (actor, { id, status }, now) =>
      audited(actor, status === 'open' ? 'open' : 'close', id, async (trx) => ((await catalogue.setOpen(trx, id, status === 'open')) ? id : null), now),
    setName: (actor, { id, lang, localName }, now) =>
      audited(
        actor,
        'name',
        id,
        async (trx) => {
          await catalogue.setName(trx, id, lang, localName ?? '');
          return id;
        },
        now,
      ),
  };
}
