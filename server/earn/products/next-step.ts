// When an earn order (financing or mining) has its next step due: the next day's payout while days
// of its term remain, else its end. The same expression is indexed (financing_orders_next,
// mining_orders_next in migration 0032) with the order's status, so the earn jobs read only the
// orders that have something due; a query must repeat it exactly for the index to serve it.
import { sql } from 'kysely';

/** The time the next step of an order falls due; `end` names the column holding the end of its term. */
export function nextStepAt(end: 'due_at' | 'ends_at') {
  return sql<number>`case when days_paid < term_days then started_at + (days_paid + 1) * cast(86400000 as bigint) else ${sql.ref(end)} end`;
}
