// What operators decided (issue 41, History): the final decisions of the audit trail
// (`review.approve`, `review.reject`; a first of two approvals is not a decision) of one review
// kind, with the item's customer, amount and coin read from the kind's table
// (contract/review-kinds.ts), filtered by status, UTC days, coin, customer and amount range,
// sorted and paged on the server. Amounts are compared as exact units in JS (never in SQL), over
// at most HISTORY_SCAN decisions of the filter, newest first. The export is the same rows as CSV.
import { REVIEW_KIND_REGISTRY, type ReviewKindName } from '../../contract/review-kinds.ts';
import { formatUnits, parseAmount } from '../../contract/decimal.ts';
import type { AdminHistoryItem } from '../../contract/generated/types.ts';
import type { Page } from '../../contract/screen.ts';
import { coinDecimals } from '../core/coins.ts';
import type { Db } from '../core/db/index.ts';
import { validationError } from '../core/errors.ts';
import { userLabel } from '../core/review-kind.ts';
import { dayStart } from '../platform/audit/audit-query.ts';
import { findUser } from '../platform/sessions/users.ts';
import { csvOf } from '../platform/http/csv.ts';
import { isoTime, pageOf, type PagingInput } from '../platform/http/records.ts';

const DAY_MS = 86_400_000;
/** The most decisions one filter reads before the amount range and the order apply. */
export const HISTORY_SCAN = 10_000;

/** Each kind's amount and coin columns (an identity check has neither). */
export const MONEY_COLUMNS: Record<ReviewKindName, { amount: string; coin: string } | null> = {
  deposit: { amount: 'amount', coin: 'coin' },
  withdrawal: { amount: 'amount', coin: 'coin' },
  'bank-withdrawal': { amount: 'amount', coin: 'coin' },
  wire: { amount: 'amount', coin: 'currency' },
  loan: { amount: 'amount', coin: 'coin' },
  kyc: null,
  mining: { amount: 'amount', coin: 'price_coin' },
};

export interface HistoryFilter extends PagingInput {
  kind: ReviewKindName;
  status?: string;
  from?: string;
  to?: string;
  coin?: string;
  customer?: string;
  min?: string;
  max?: string;
  sort?: '-decidedAt' | 'decidedAt' | '-amount' | 'amount';
}

function unitsOf(field: 'min' | 'max', text: string | undefined): bigint | undefined {
  if (!text?.trim()) return undefined;
  const parsed = parseAmount(text.trim());
  if (!parsed || parsed.units < 0n) throw validationError(field, 'admin.history.amountInvalid');
  return parsed.units;
}

interface Decision {
  id: number;
  uid: number;
  user: string;
  approved: boolean;
  operators: string;
  at: number;
  units: bigint;
  coin: string;
}

export const operatorsOf = (actor: string, after: string | null): string => {
  const a = (after ? JSON.parse(after) : {}) as { firstApprover?: string; secondApprover?: string };
  return a.firstApprover && a.secondApprover ? `${a.firstApprover}, ${a.secondApprover}` : actor.replace(/^operator /, '');
};

async function decisions(db: Db, f: HistoryFilter, range: { from?: number; to?: number }, customer: number | undefined): Promise<Decision[]> {
  const { table } = REVIEW_KIND_REGISTRY.find((k) => k.name === f.kind)!;
  const money = MONEY_COLUMNS[f.kind];
  const actions = f.status === 'approved' ? ['review.approve'] : f.status === 'rejected' ? ['review.reject'] : ['review.approve', 'review.reject'];
  let q = db.selectFrom('audit_log').select(['audit_log.target_id', 'audit_log.action', 'audit_log.actor', 'audit_log.after_json', 'audit_log.at'])
    .where('target_kind', '=', f.kind).where('action', 'in', actions);
  if (range.from !== undefined) q = q.where('at', '>=', range.from);
  if (range.to !== undefined) q = q.where('at', '<', range.to + DAY_MS);
  const rows = await q.orderBy('audit_log.id', 'desc').limit(HISTORY_SCAN).execute();
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => Number(r.target_id)))];
  let items = db.selectFrom(`${table} as t` as 'deposits as t').innerJoin('users', 'users.id', 't.user_id')
    .select(['t.id', 't.user_id', 'users.email', 'users.phone', 'users.country_code']).where('t.id', 'in', ids);
  if (money) items = items.select([`t.${money.amount} as amount`, `t.${money.coin} as coin`] as never);
  if (customer !== undefined) items = items.where('t.user_id', '=', customer);
  if (f.coin?.trim() && money) items = items.where(`t.${money.coin}` as 't.coin', '=', f.coin.trim().toUpperCase());
  else if (f.coin?.trim()) return [];
  const byId = new Map((await items.execute()).map((i) => [Number(i.id), i as typeof i & { amount?: string; coin?: string }]));
  return rows.flatMap((r) => {
    const item = byId.get(Number(r.target_id));
    if (!item) return [];
    const user = userLabel({ email: item.email, phone: item.phone, country_code: item.country_code });
    const approved = r.action === 'review.approve';
    return [{ id: Number(item.id), uid: Number(item.user_id), user, approved, operators: operatorsOf(r.actor, r.after_json), at: Number(r.at), units: BigInt(item.amount ?? 0), coin: item.coin ?? '' }];
  });
}

const toItem = (kind: ReviewKindName, d: Decision): AdminHistoryItem => ({
  kind,
  id: d.id,
  user: d.user,
  uid: d.uid,
  status: d.approved ? 'approved' : 'rejected',
  operators: d.operators,
  decidedAt: isoTime(d.at),
  amount: d.coin ? formatUnits(d.units, coinDecimals(d.coin)) : '',
  coin: d.coin,
});

// ties: decisions in the same millisecond by item id in the same direction, equal amounts newest first
const byTime = (a: Decision, b: Decision) => a.at - b.at || a.id - b.id;
const ORDER: Record<NonNullable<HistoryFilter['sort']>, (a: Decision, b: Decision) => number> = {
  '-decidedAt': (a, b) => byTime(b, a),
  decidedAt: byTime,
  '-amount': (a, b) => (a.units === b.units ? byTime(b, a) : a.units < b.units ? 1 : -1),
  amount: (a, b) => (a.units === b.units ? byTime(b, a) : a.units < b.units ? -1 : 1),
};

/** Every decided item of the filter (at most HISTORY_SCAN), in its order; a bad day, amount or range is refused before anything is read. */
async function filteredDecisions(db: Db, f: HistoryFilter): Promise<Decision[]> {
  const from = f.from ? dayStart('from', f.from) : undefined;
  const to = f.to ? dayStart('to', f.to) : undefined;
  if (from !== undefined && to !== undefined && from > to) throw validationError('from', 'admin.customer360.rangeInvalid');
  const min = unitsOf('min', f.min);
  const max = unitsOf('max', f.max);
  if (min !== undefined && max !== undefined && min > max) throw validationError('min', 'admin.history.amountRange');
  let customer: number | undefined;
  if (f.customer?.trim()) {
    const found = await findUser(db, f.customer);
    if (!found) return [];
    customer = Number(found.id);
  }
  return (await decisions(db, f, { from, to }, customer))
    .filter((d) => (min === undefined || d.units >= min) && (max === undefined || d.units <= max))
    .sort(ORDER[f.sort ?? '-decidedAt']);
}

/** One page of a kind's decided items under the filter, with the count of all of them. */
export async function reviewHistory(db: Db, f: HistoryFilter): Promise<Page<AdminHistoryItem>> {
  const all = await filteredDecisions(db, f);
  const { page, pageSize, offset } = pageOf(f);
  return { list: all.slice(offset, offset + pageSize).map((d) => toItem(f.kind, d)), total: all.length, page, pageSize };
}

const CSV_COLUMNS = ['kind', 'id', 'user', 'uid', 'status', 'operators', 'decidedAt', 'amount', 'coin'] as const;

/** Every decided item of the filter as CSV, in the list's order, and how many rows it holds. */
export async function reviewHistoryCsv(db: Db, f: HistoryFilter): Promise<{ csv: string; rows: number }> {
  const items = (await filteredDecisions(db, f)).map((d) => toItem(f.kind, d));
  return { csv: csvOf(CSV_COLUMNS, items), rows: items.length };
}
