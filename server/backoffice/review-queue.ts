// The review queue as the back office lists it: what waits of the kinds the operator's roles
// decide, filtered (a kind; waiting for a first decision, for a second approval, or for this
// operator's approval), with each item's customer, who has taken it, its age against the SLA of
// schemas/config/reviews.json, ordered and paged on the server across the whole queue.
import type { AdminReviewItem } from '../../contract/generated/types.ts';
import type { Page } from '../../contract/screen.ts';
import { compare } from '../../contract/decimal.ts';
import { reviewKindEntry } from '../../contract/review-kinds.ts';
import type { Db } from '../core/db/index.ts';
import type { OperatorRole } from '../core/db/types.ts';
import { validationError } from '../core/errors.ts';
import type { ReviewItem, ReviewKind } from '../core/review-kind.ts';
import { pageOf, type PagingInput } from '../platform/http/records.ts';
import { type Claim, liveClaims } from './review-claims.ts';
import { mayDecide, reviewRules } from './review-rules.ts';

export type WaitingReview = AdminReviewItem;

/** pending: every waiting item; awaitingSecond: those with a first approval; mine: those with a first approval by someone else, for this operator to give the second. */
export type QueueStatus = 'pending' | 'awaitingSecond' | 'mine';

export type QueueSort = 'created' | '-created' | 'age' | '-age' | 'kind' | '-kind' | 'user' | '-user';

export interface QueueFilter extends PagingInput {
  kind?: string;
  status?: QueueStatus;
  sort?: QueueSort;
}

/** Who is asking: their roles choose the kinds, their id tells their own first approvals apart. */
export interface QueueReader {
  roles: readonly OperatorRole[];
  operatorId: number | null;
}

export function kindNamed(kinds: readonly ReviewKind[], name: string): ReviewKind {
  const k = kinds.find((r) => r.kind === name);
  if (!k) throw validationError('kind', 'admin.reviewKindUnknown', { kinds: kinds.map((r) => r.kind).join(', ') });
  return k;
}

/** The SLA state of an item waiting `seconds`: ok, warn (past warnAfterMinutes) or late (past lateAfterMinutes). */
export function slaOf(seconds: number, sla = reviewRules().sla): AdminReviewItem['sla'] {
  if (seconds >= sla.lateAfterMinutes * 60) return 'late';
  return seconds >= sla.warnAfterMinutes * 60 ? 'warn' : 'ok';
}

interface FirstApproval {
  name: string;
  operatorId: number;
}

async function firstApprovals(db: Db): Promise<Map<string, FirstApproval>> {
  const open = await db
    .selectFrom('approvals')
    .innerJoin('operators', 'operators.id', 'approvals.first_operator_id')
    .select(['approvals.target_kind', 'approvals.target_id', 'operators.name', 'operators.id'])
    .where('approvals.action', '=', 'approve')
    .where('approvals.status', '=', 'pending')
    .execute();
  return new Map(open.map((a) => [`${a.target_kind}:${a.target_id}`, { name: a.name, operatorId: Number(a.id) }]));
}

/** What is open on waiting items: first approvals and operators' holds ("take it"), by "kind:id". */
interface Held {
  firstBy: Map<string, FirstApproval>;
  claims: Map<string, Claim>;
}

/** The customer of each waiting row, from the kind's table (contract/review-kinds.ts names it). */
async function customersOf(db: Db, kind: ReviewKind, items: readonly ReviewItem[]): Promise<Map<number, number>> {
  if (items.length === 0) return new Map();
  const table = reviewKindEntry(kind.kind).table as 'deposits';
  const rows = await db
    .selectFrom(table)
    .select(['id', 'user_id'])
    .where(
      'id',
      'in',
      items.map((i) => i.id),
    )
    .execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.user_id)]));
}

/**
 * The kinds whose first approval rests on what the queue row shows (amount, coin, where it goes),
 * so it may be given from the row. A deposit's proof, a wire's arrival, a loan's amount and an
 * identity's documents are judged in the detail; their second approval completes what the first
 * recorded, so it may come from the row too.
 */
const FIRST_APPROVAL_IN_ROW = new Set(['withdrawal', 'bank-withdrawal', 'mining']);

const approvableInRow = (kind: string, approvals: number, approvedByMe: boolean) =>
  !approvedByMe && kind !== 'kyc' && (approvals > 0 || FIRST_APPROVAL_IN_ROW.has(kind));

async function itemsOf(db: Db, kind: ReviewKind, reader: QueueReader, held: Held, now: number): Promise<WaitingReview[]> {
  const pending = await kind.pending(db);
  const customers = await customersOf(db, kind, pending);
  return pending.map((item) => {
    const first = held.firstBy.get(`${kind.kind}:${item.id}`);
    const claim = held.claims.get(`${kind.kind}:${item.id}`);
    const age = Math.max(0, Math.floor((now - Date.parse(item.created)) / 1000));
    const approvedByMe = first !== undefined && first.operatorId === reader.operatorId;
    return {
      ...item,
      uid: customers.get(item.id) ?? null,
      approvals: first ? 1 : 0,
      firstApprover: first?.name ?? null,
      approvedByMe,
      approveInRow: approvableInRow(kind.kind, first ? 1 : 0, approvedByMe),
      age,
      sla: slaOf(age),
      takenBy: claim?.operator ?? null,
    };
  });
}

const SORT_KEYS: Record<string, (r: WaitingReview) => string | number> = {
  created: (r) => Date.parse(r.created),
  age: (r) => r.age,
  kind: (r) => r.kind,
  user: (r) => r.user.toLowerCase(),
};

function ordered(items: WaitingReview[], sort: QueueSort = 'created'): WaitingReview[] {
  const key = SORT_KEYS[sort.replace(/^-/, '')];
  const dir = sort.startsWith('-') ? -1 : 1;
  const cmp = (a: string | number, b: string | number) =>
    typeof a === 'number' && typeof b === 'number' ? compare(String(a), String(b)) : String(a).localeCompare(String(b));
  // ties by request time, kind and id, in the same direction: descending is the ascending order reversed
  return [...items].sort((a, b) => (cmp(key(a), key(b)) || Date.parse(a.created) - Date.parse(b.created) || a.kind.localeCompare(b.kind) || a.id - b.id) * dir);
}

const WANTED: Record<QueueStatus, (r: WaitingReview) => boolean> = {
  pending: () => true,
  awaitingSecond: (r) => r.approvals > 0,
  mine: (r) => r.approvals > 0 && !r.approvedByMe,
};

/** Every waiting item the filter keeps, of the kinds the reader decides, in the asked order (oldest first by default). */
export async function waitingReviews(db: Db, kinds: readonly ReviewKind[], reader: QueueReader, filter: QueueFilter, now: number): Promise<WaitingReview[]> {
  // only the kinds the operator's roles decide, whichever is asked for
  const chosen = (filter.kind ? [kindNamed(kinds, filter.kind)] : kinds).filter((k) => mayDecide(k.kind, reader.roles));
  const held: Held = { firstBy: await firstApprovals(db), claims: await liveClaims(db, now) };
  const items: WaitingReview[] = [];
  for (const k of chosen) items.push(...(await itemsOf(db, k, reader, held, now)));
  return ordered(items.filter(WANTED[filter.status ?? 'pending']), filter.sort);
}

/** One page of the queue, with the count of the whole filtered queue. */
export async function reviewQueuePage(
  db: Db,
  kinds: readonly ReviewKind[],
  reader: QueueReader,
  filter: QueueFilter,
  now: number,
): Promise<Page<WaitingReview>> {
  const { page, pageSize, offset } = pageOf(filter);
  const items = await waitingReviews(db, kinds, reader, filter, now);
  return { list: items.slice(offset, offset + pageSize), total: items.length, page, pageSize };
}
