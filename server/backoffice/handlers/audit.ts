// GET /admin/audit: the audit trail, newest first, filtered by operator, action, target and time.
import type { AdminAuditRow } from '../../../contract/generated/types.ts';
import type { AuditRow } from '../../core/db/types.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { pageOfRows } from '../../platform/http/records.ts';
import { sql } from 'kysely';

const parsed = (text: string | null): Record<string, unknown> | null => (text === null ? null : (JSON.parse(text) as Record<string, unknown>));

function toRow(r: AuditRow): AdminAuditRow {
  return {
    id: Number(r.id),
    at: new Date(Number(r.at)).toISOString(),
    actor: r.actor,
    ip: r.ip,
    action: r.action,
    targetKind: r.target_kind,
    targetId: r.target_id,
    before: parsed(r.before_json),
    after: parsed(r.after_json),
    hash: r.hash,
  };
}

export function auditHandlers(ctx: AppContext): HandlerTable {
  return {
    adminAudit: async (input) => {
      let q = ctx.db.selectFrom('audit_log');
      if (input.operator) q = q.where('actor', 'in', [`operator ${input.operator}`, `cli ${input.operator}`]);
      // a prefix, compared as text (no LIKE wildcards to escape): "review." lists every review decision
      if (input.action) q = q.where(sql<boolean>`substr(${sql.ref('action')}, 1, ${input.action.length}) = ${input.action}`);
      if (input.targetKind) q = q.where('target_kind', '=', input.targetKind);
      if (input.targetId) q = q.where('target_id', '=', input.targetId);
      if (input.from !== undefined) q = q.where('at', '>=', input.from);
      if (input.to !== undefined) q = q.where('at', '<', input.to);
      return pageOfRows(q, input, toRow);
    },
  };
}
