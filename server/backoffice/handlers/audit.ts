// GET /admin/audit: the audit trail filtered, ordered and paged on the server; POST
// /admin/audit/export: the same rows as CSV, the export itself appended to the trail with who
// asked and for which filter; POST /admin/export: any console list's rows as CSV (list-export.ts).
import type { AdminAuditRow } from '../../../contract/generated/types.ts';
import { toCount } from '../../core/db/index.ts';
import type { AuditRow } from '../../core/db/types.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import { appendAudit } from '../../platform/audit/audit.ts';
import { auditChanges } from '../../platform/audit/audit-changes.ts';
import { filteredAudit, orderedAudit } from '../../platform/audit/audit-query.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { csvOf, filterOf } from '../../platform/http/csv.ts';
import { pageOf } from '../../platform/http/records.ts';
import { exportList } from '../list-export.ts';

/** The most rows one export holds (as the console's other exports). */
export const AUDIT_EXPORT_MAX = 10_000;

const parsed = (text: string | null): Record<string, unknown> | null => (text === null ? null : (JSON.parse(text) as Record<string, unknown>));

function toRow(r: AuditRow): AdminAuditRow {
  const before = parsed(r.before_json);
  const after = parsed(r.after_json);
  return {
    id: Number(r.id),
    at: new Date(Number(r.at)).toISOString(),
    actor: r.actor,
    ip: r.ip,
    action: r.action,
    targetKind: r.target_kind,
    targetId: r.target_id,
    changes: auditChanges(before, after),
    before,
    after,
    hash: r.hash,
  };
}

const CSV_COLUMNS = ['id', 'at', 'actor', 'ip', 'action', 'targetKind', 'targetId', 'changes', 'hash'] as const;

export function auditHandlers(ctx: AppContext): HandlerTable {
  return {
    adminAudit: async (input) => {
      const { page, pageSize, offset } = pageOf(input);
      const q = await filteredAudit(ctx.db, input);
      const { n } = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const rows = await orderedAudit(q, input.sort).limit(pageSize).offset(offset).execute();
      return { list: rows.map(toRow), total: toCount(n), page, pageSize };
    },
    adminAuditExport: async (input, { session, req }) => {
      const q = await filteredAudit(ctx.db, input);
      const rows = (await orderedAudit(q, input.sort).limit(AUDIT_EXPORT_MAX).execute()).map(toRow);
      await appendAudit(
        ctx.db,
        { ...operatorActor(session, req), action: 'audit.export', targetKind: 'audit', targetId: '', after: { filter: filterOf(input), rows: rows.length } },
        ctx.now(),
      );
      return { csv: csvOf(CSV_COLUMNS, rows), rows: rows.length };
    },
    adminExport: async (input, { session, req }) =>
      exportList(ctx.db, req, operatorActor(session, req), input.endpoint, (input.filters ?? {}) as Record<string, string>, ctx.now()),
  };
}
