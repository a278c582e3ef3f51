// Every review item in any state (issue 41): a customer's requests of every kind for the customer
// 360 (what they asked for, its state, newest first, paged on the server), and one item's record
// after the fact — the decision (who, when, the reason), the amount, the images the operator saw
// (identity photos reopen after the decision), a paid withdrawal's transaction hash or bank reference.
import { REVIEW_KIND_REGISTRY, type ReviewKindName } from '../../contract/review-kinds.ts';
import { formatUnits } from '../../contract/decimal.ts';
import type { AdminCustomerRequest, AdminReviewRecord } from '../../contract/generated/types.ts';
import type { Page } from '../../contract/screen.ts';
import { coinDecimals } from '../core/coins.ts';
import type { Db } from '../core/db/index.ts';
import { businessError, validationError } from '../core/errors.ts';
import { userLabel, type ReviewKind } from '../core/review-kind.ts';
import { OperatorCode } from '../../contract/result-codes.ts';
import { isoTime, pageOf, type PagingInput } from '../platform/http/records.ts';
import { customerOnReview, existingCustomer } from './customer-360.ts';
import { reviewImageUrls } from './review-decisions.ts';
import { MONEY_COLUMNS, operatorsOf } from './review-history.ts';
import { kindNamed, type QueueReader } from './review-queue.ts';
import { mayDecide } from './review-rules.ts';

/** The most requests of one kind a customer's list reads. */
export const REQUESTS_SCAN = 10_000;

type RequestStatus = AdminCustomerRequest['status'];

/** Every kind's table: 1 waits for a decision, 3 was rejected; 2 (and a loan repaid or a machine ended, 4) was approved. */
const statusOf = (status: number): RequestStatus => (status === 1 ? 'waiting' : status === 3 ? 'rejected' : 'approved');

interface ItemRow {
  id: number;
  user_id: number;
  status: number;
  reason: string;
  created_at: number;
  amount?: string;
  coin?: string;
}

function itemsOfKind(db: Db, kind: ReviewKindName) {
  const { table } = REVIEW_KIND_REGISTRY.find((k) => k.name === kind)!;
  const money = MONEY_COLUMNS[kind];
  const q = db.selectFrom(table as 'deposits').select(['id', 'user_id', 'status', 'reason', 'created_at']);
  return money ? q.select([`${money.amount} as amount`, `${money.coin} as coin`] as never) : q;
}

const amountOf = (row: ItemRow) => (row.coin ? formatUnits(BigInt(row.amount ?? 0), coinDecimals(row.coin)) : '');

/** One page of the customer's requests of every kind (or one), newest first. */
export async function customerRequests(db: Db, uid: number, filter: PagingInput & { kind?: ReviewKindName }): Promise<Page<AdminCustomerRequest>> {
  await existingCustomer(db, uid);
  const kinds = filter.kind ? [filter.kind] : REVIEW_KIND_REGISTRY.map((k) => k.name);
  const all: AdminCustomerRequest[] = [];
  for (const kind of kinds) {
    const rows = (await itemsOfKind(db, kind).where('user_id', '=', uid).orderBy('id', 'desc').limit(REQUESTS_SCAN).execute()) as ItemRow[];
    for (const r of rows) all.push({ kind, id: Number(r.id), status: statusOf(Number(r.status)), amount: amountOf(r), coin: r.coin ?? '', created: isoTime(r.created_at) });
  }
  all.sort((a, b) => Date.parse(b.created) - Date.parse(a.created) || b.id - a.id);
  const { page, pageSize, offset } = pageOf(filter);
  return { list: all.slice(offset, offset + pageSize), total: all.length, page, pageSize };
}

/** The final decision of an item in the audit trail, if it was decided. */
async function finalDecision(db: Db, kind: ReviewKindName, id: number) {
  return db
    .selectFrom('audit_log')
    .select(['actor', 'after_json', 'at'])
    .where('target_kind', '=', kind)
    .where('target_id', '=', String(id))
    .where('action', 'in', ['review.approve', 'review.reject'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** One item of a kind the operator decides, in whatever state it is in. */
export async function reviewRecord(db: Db, kinds: readonly ReviewKind[], reader: QueueReader, kindName: string, id: number): Promise<AdminReviewRecord> {
  const kind = kindNamed(kinds, kindName);
  if (!mayDecide(kind.kind, reader.roles)) throw businessError(OperatorCode.notPermitted);
  const row = (await itemsOfKind(db, kind.kind).where('id', '=', id).executeTakeFirst()) as ItemRow | undefined;
  if (!row) throw validationError('id', 'admin.history.itemUnknown', { kind: kind.kind, id });
  const customer = await db.selectFrom('users').select(['email', 'phone', 'country_code']).where('id', '=', row.user_id).executeTakeFirstOrThrow();
  const decision = await finalDecision(db, kind.kind, id);
  const urls = await reviewImageUrls(db, kind, id);
  const tx = kind.kind === 'withdrawal' ? await db.selectFrom('withdrawals').select('tx_hash').where('id', '=', id).executeTakeFirst() : undefined;
  const bank = kind.kind === 'bank-withdrawal' ? await db.selectFrom('bank_withdrawals').select('bank_reference').where('id', '=', id).executeTakeFirst() : undefined;
  const { riskFlags, customerNotes } = await customerOnReview(db, kind.kind, id);
  const status = statusOf(Number(row.status));
  return {
    kind: kind.kind,
    id,
    uid: Number(row.user_id),
    user: userLabel(customer),
    status,
    amount: amountOf(row),
    coin: row.coin ?? '',
    created: isoTime(row.created_at),
    ...(decision && { operators: operatorsOf(decision.actor, decision.after_json), decidedAt: isoTime(decision.at) }),
    ...(status === 'rejected' && row.reason && { reason: row.reason }),
    ...(tx?.tx_hash && { txHash: tx.tx_hash }),
    ...(bank?.bank_reference && { bankReference: bank.bank_reference }),
    ...urls,
    ...(riskFlags && { riskFlags }),
    ...(customerNotes && { customerNotes }),
  };
}
