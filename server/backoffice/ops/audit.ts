// `ops audit verify` walks the hash chain; `ops audit list [n]` prints the latest rows.
import type { Db } from '../../core/db/index.ts';
import { verifyAuditChain } from '../../platform/audit/audit.ts';
import { OpsError, table } from '../../platform/ops/format.ts';

export const AUDIT_HELP = `  audit verify        walk the audit trail's hash chain: exit 0 when whole, else 1 naming the first
                      row whose content or link does not match
  audit list [n]      the latest n audit rows (default 20)`;

export async function auditVerify(db: Db): Promise<{ ok: boolean; out: string }> {
  const check = await verifyAuditChain(db);
  if (check.ok) return { ok: true, out: `Audit trail whole: ${check.rows} rows, every hash and link matches.` };
  return { ok: false, out: `Audit trail broken at row ${check.id}: ${check.problem}. ${check.rows - 1} rows before it are whole.` };
}

export async function auditList(db: Db, count: string | undefined): Promise<string> {
  const n = count === undefined ? 20 : Number(count);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new OpsError(`audit list [n]: n is a whole number from 1 to 1000, not "${count}".`);
  const rows = await db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(n).execute();
  return table(
    rows.map((r) => ({
      id: Number(r.id),
      at: new Date(Number(r.at)).toISOString(),
      actor: r.actor,
      ip: r.ip,
      action: r.action,
      target: `${r.target_kind} ${r.target_id}`,
    })),
  );
}
