// The audit rows an operator asks for: by operator, by customer (the rows whose target is the
// customer, a balance of theirs, one of their review items or support conversations), by action
// prefix, by day range (UTC, both days inclusive), ordered by a column, a page at a time, on the
// server so that filters, order and paging cover the whole trail.
import { REVIEW_KIND_REGISTRY, type ReviewKindName } from '../../../contract/review-kinds.ts';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../core/db/index.ts';
import type { AuditRow, Database } from '../../core/db/types.ts';
import { validationError } from '../../core/errors.ts';
import { findUser } from '../sessions/users.ts';

export interface AuditFilter {
  operator?: string;
  customer?: string;
  action?: string;
  from?: string;
  to?: string;
  targetKind?: string;
  targetId?: string;
  sort?: string;
}

/** Audit rows written before the registry named bank withdrawals by the CLI's old word. */
const EARLIER_NAMES: Partial<Record<ReviewKindName, string[]>> = { 'bank-withdrawal': ['bank'] };

/** Review items and conversations name their customer through their table's user_id: the kinds' names (contract/review-kinds.ts) and tables. */
const CUSTOMER_TABLES: { table: keyof Database; kinds: string[] }[] = [
  ...REVIEW_KIND_REGISTRY.map((k) => ({ table: k.table as keyof Database, kinds: [k.name, k.table, ...(EARLIER_NAMES[k.name] ?? [])] })),
  { table: 'support_conversations', kinds: ['conversation'] },
];

const SORT_COLUMNS = { at: 'seq', action: 'action', actor: 'actor', targetKind: 'target_kind' } as const;
const DAY_MS = 86_400_000;

/** A day's first millisecond (UTC); a day that is not on the calendar (2026-02-30) is refused like a malformed one. */
export function dayStart(field: 'from' | 'to', day: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== day) throw validationError(field, 'validation.queryDate', { field });
  return ms;
}

type Query = SelectQueryBuilder<Database, 'audit_log', object>;

async function byCustomer(db: Db, q: Query, ref: string): Promise<Query> {
  const user = await findUser(db, ref.trim());
  if (!user) return q.where(sql<boolean>`1 = 0`);
  const uid = Number(user.id);
  const names = [String(uid), user.email, user.phone].filter((v): v is string => typeof v === 'string' && v !== '');
  const idText = sql<string>`cast(${sql.ref('id')} as varchar(64))`;
  return q.where((eb) =>
    eb.or([
      eb.and([eb('target_kind', 'in', ['user', 'users']), eb('target_id', '=', String(uid))]),
      // a CLI credit names the customer as it was typed: id, email or phone
      eb.and([eb('target_kind', '=', 'balances'), eb('target_id', 'in', names)]),
      ...CUSTOMER_TABLES.map(({ table, kinds }) =>
        eb.and([
          eb('target_kind', 'in', kinds),
          eb(
            'target_id',
            'in',
            db
              .selectFrom(table as 'deposits')
              .select(idText.as('id'))
              .where('user_id', '=', uid),
          ),
        ]),
      ),
    ]),
  );
}

/** The rows the filter selects (not yet ordered or paged); a bad day or range is refused before anything is read. */
export async function filteredAudit(db: Db, f: AuditFilter): Promise<Query> {
  const from = f.from ? dayStart('from', f.from) : undefined;
  const to = f.to ? dayStart('to', f.to) : undefined;
  if (from !== undefined && to !== undefined && from > to) throw validationError('from', 'admin.auditRangeInvalid');
  let q: Query = db.selectFrom('audit_log');
  if (f.operator) q = q.where('actor', 'in', [`operator ${f.operator.trim()}`, `cli ${f.operator.trim()}`]);
  if (f.customer?.trim()) q = await byCustomer(db, q, f.customer);
  // a prefix, compared as text (no LIKE wildcards to escape): "review." lists every review decision
  if (f.action) q = q.where(sql<boolean>`substr(${sql.ref('action')}, 1, ${f.action.length}) = ${f.action}`);
  if (f.targetKind) q = q.where('target_kind', '=', f.targetKind);
  if (f.targetId) q = q.where('target_id', '=', f.targetId);
  if (from !== undefined) q = q.where('at', '>=', from);
  if (to !== undefined) q = q.where('at', '<', to + DAY_MS);
  return q;
}

/** The rows in the asked order (default newest first), ties in trail order. */
export function orderedAudit(q: Query, sort = '-at'): SelectQueryBuilder<Database, 'audit_log', AuditRow> {
  const desc = sort.startsWith('-');
  const column = SORT_COLUMNS[(desc ? sort.slice(1) : sort) as keyof typeof SORT_COLUMNS] ?? 'seq';
  const dir = desc ? 'desc' : 'asc';
  return q.selectAll().orderBy(column, dir).orderBy('seq', dir);
}
