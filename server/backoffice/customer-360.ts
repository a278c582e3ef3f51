// The customer in one view (issue 41): balances with their USDT value, the ledger filtered by
// type, coin and UTC days and paged on the server, and the operators' notes and risk flags. A note
// is appended with the operator's name and its audit row in one transaction; the review detail
// shows the customer's risk flags and latest notes beside every item of theirs.
import { REVIEW_KIND_REGISTRY, type ReviewKindName } from '../../contract/review-kinds.ts';
import { formatUnits, multiply, STORAGE_SCALE } from '../../contract/decimal.ts';
import type { AdminCustomerBalance, AdminCustomerNote, MoneyLog } from '../../contract/generated/types.ts';
import type { Page } from '../../contract/screen.ts';
import { coinDecimals } from '../core/coins.ts';
import type { Db } from '../core/db/index.ts';
import type { CustomerNoteRow, LedgerType } from '../core/db/types.ts';
import { balancesOf } from '../core/ledger.ts';
import { toMoneyLog } from '../core/money-log.ts';
import { validationError } from '../core/errors.ts';
import type { Actor } from '../platform/audit/actor.ts';
import { appendAudit } from '../platform/audit/audit.ts';
import { dayStart } from '../platform/audit/audit-query.ts';
import type { MarketData } from '../platform/market/types.ts';
import { usdtPriceOf } from '../platform/market/usdt-price.ts';
import { isoTime, pageOfRows, type PagingInput } from '../platform/http/records.ts';

const DAY_MS = 86_400_000;
/** How many of a customer's other notes a review shows beside its risk flags. */
const NOTES_ON_REVIEW = 5;

/** A customer id from a list filter (text), or the refusal every customer endpoint gives. */
export function customerId(text: string | number | undefined): number {
  const uid = Number(text ?? '');
  if (!Number.isSafeInteger(uid) || uid < 1 || uid > 2147483647) throw validationError('uid', 'admin.userUnknown');
  return uid;
}

export async function existingCustomer(db: Db, uid: number): Promise<number> {
  const row = await db.selectFrom('users').select('id').where('id', '=', uid).executeTakeFirst();
  if (!row) throw validationError('uid', 'admin.userUnknown');
  return uid;
}

/** Every coin the customer holds or held, in its display decimals, with the total's USDT value now. */
export async function customerBalances(db: Db, market: MarketData, uid: number, now: number): Promise<AdminCustomerBalance[]> {
  await existingCustomer(db, uid);
  return (await balancesOf(db, uid)).map((b) => {
    const d = coinDecimals(b.coin);
    const total = b.available + b.frozen;
    const price = usdtPriceOf(market, b.coin, now);
    return {
      coin: b.coin,
      available: formatUnits(b.available, d),
      frozen: formatUnits(b.frozen, d),
      total: formatUnits(total, d),
      usdtValue: price === null ? '' : multiply(formatUnits(total, STORAGE_SCALE), price, 2),
    };
  });
}

export interface LedgerFilter extends PagingInput {
  type?: string;
  coinname?: string;
  from?: string;
  to?: string;
}

/** A page of the customer's ledger, newest first; a bad day or a range that ends before it starts is refused. */
export async function customerLedger(db: Db, uid: number, f: LedgerFilter): Promise<Page<MoneyLog>> {
  const from = f.from ? dayStart('from', f.from) : undefined;
  const to = f.to ? dayStart('to', f.to) : undefined;
  if (from !== undefined && to !== undefined && from > to) throw validationError('from', 'admin.customer360.rangeInvalid');
  await existingCustomer(db, uid);
  let base = db.selectFrom('ledger').where('user_id', '=', uid);
  if (f.type) base = base.where('type', '=', f.type as LedgerType);
  if (f.coinname) base = base.where('coin', '=', f.coinname);
  if (from !== undefined) base = base.where('created_at', '>=', from);
  if (to !== undefined) base = base.where('created_at', '<', to + DAY_MS);
  return pageOfRows(base, f, toMoneyLog);
}

const noteOf = (n: CustomerNoteRow): AdminCustomerNote => ({
  id: Number(n.id),
  operator: n.operator,
  body: n.body,
  riskFlag: Number(n.risk_flag) === 1,
  created: isoTime(n.created_at),
});

export async function customerNotes(db: Db, uid: number, paging: PagingInput): Promise<Page<AdminCustomerNote>> {
  await existingCustomer(db, uid);
  return pageOfRows(db.selectFrom('customer_notes').where('user_id', '=', uid), paging, noteOf);
}

export interface NewNote {
  uid: number;
  body: string;
  riskFlag?: boolean;
}

/** Appends a note under the operator's name, with its audit row in the same transaction. */
export async function addCustomerNote(db: Db, actor: Actor, operatorName: string, note: NewNote, now: number): Promise<AdminCustomerNote> {
  const body = note.body.trim();
  if (!body) throw validationError('body', 'admin.customer360.noteRequired');
  return db.transaction().execute(async (trx) => {
    await existingCustomer(trx, note.uid);
    const row = await trx
      .insertInto('customer_notes')
      .values({ user_id: note.uid, operator: operatorName, body, risk_flag: note.riskFlag ? 1 : 0, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = noteOf(row);
    await appendAudit(trx, { ...actor, action: after.riskFlag ? 'user.riskFlag' : 'user.note', targetKind: 'user', targetId: note.uid, before: null, after }, now);
    return after;
  });
}

const noteLine = (n: CustomerNoteRow) => `${isoTime(n.created_at).slice(0, 16).replace('T', ' ')} UTC · ${n.operator}: ${n.body}`;

/** The customer whose request a review item is (every kind's table names one in user_id). */
async function customerOfItem(db: Db, kind: ReviewKindName, id: number): Promise<number | undefined> {
  const table = REVIEW_KIND_REGISTRY.find((k) => k.name === kind)!.table;
  const row = (await db
    .selectFrom(table as 'deposits')
    .select('user_id')
    .where('id', '=', id)
    .executeTakeFirst()) as { user_id: number } | undefined;
  return row ? Number(row.user_id) : undefined;
}

/** What a review shows about its customer: the id, every risk flag and the latest other notes, one a line. */
export async function customerOnReview(db: Db, kind: ReviewKindName, id: number): Promise<{ uid?: number; riskFlags?: string; customerNotes?: string }> {
  const uid = await customerOfItem(db, kind, id);
  if (uid === undefined) return {};
  const notes = db.selectFrom('customer_notes').selectAll().where('user_id', '=', uid).orderBy('id', 'desc');
  const flags = await notes.where('risk_flag', '=', 1).execute();
  const others = await notes.where('risk_flag', '=', 0).limit(NOTES_ON_REVIEW).execute();
  const lines = (rows: CustomerNoteRow[]) => (rows.length ? rows.map(noteLine).join('\n') : undefined);
  return { uid, riskFlags: lines(flags), customerNotes: lines(others) };
}
