// `ops audit verify` walks the keyed hash chain and checks its head against the anchor outside
// the database; `ops audit list [n]` prints the latest rows.
import type { Db } from '../../core/db/index.ts';
import { describeProblem, verifyAuditTrail } from '../../platform/audit/audit-verify.ts';
import { table } from '../../platform/ops/format.ts';
import { refusal } from '../../core/errors.ts';

export const AUDIT_HELP = `  audit verify        check the audit trail: every row's keyed hash and link, and its head against the
                      anchor outside the database (DATA_DIR/audit-checkpoint.json, or AUDIT_EXPORT_DIR's
                      export); exit 0 when whole, else 1 naming each edited, removed or re-hashed row and
                      how many rows are missing
  audit list [n]      the latest n audit rows (default 20)`;

export async function auditVerify(db: Db): Promise<{ ok: boolean; out: string }> {
  const report = await verifyAuditTrail(db);
  if (report.problems.length === 0) {
    const plain = report.plainRows > 0 ? ` (the first ${report.plainRows} from before keyed hashes)` : '';
    const anchored = report.anchor ? `; its head matches the anchor in ${report.anchorWhere} (row ${report.anchor.seq})` : '';
    return { ok: true, out: `Audit trail whole: ${report.rows} rows${plain}, every hash and link matches${anchored}.` };
  }
  const lines = report.problems.map((p) => `  - ${describeProblem(p)}`);
  return { ok: false, out: `Audit trail broken (${report.rows} rows read, anchor ${report.anchorWhere}):\n${lines.join('\n')}` };
}

export async function auditList(db: Db, count: string | undefined): Promise<string> {
  const n = count === undefined ? 20 : Number(count);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw refusal('refusals.cli.auditCount', { input: count ?? '' });
  const rows = await db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(n).execute();
  return table(
    rows.map((r) => ({
      row: Number(r.seq),
      at: new Date(Number(r.at)).toISOString(),
      actor: r.actor,
      ip: r.ip,
      action: r.action,
      target: `${r.target_kind} ${r.target_id}`,
    })),
  );
}
