// What the console lists of run-time configuration: the proposed changes (waiting, published,
// rejected), each with its diff, and the published versions, newest first.
import type { AdminConfigChange, AdminConfigVersion } from '../../contract/generated/types.ts';
import type { Db } from '../core/db/index.ts';
import type { ConfigChangeRow, ConfigVersionRow } from '../core/db/types.ts';
import { type PagingInput, pageOf } from '../platform/http/records.ts';
import { toCount } from '../core/db/index.ts';
import type { ValueChange } from './config-changes.ts';
import { pathOfStored, shownValue } from './config-values.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** pointer: before → after, one part per value. */
export const diffText = (diff: ValueChange[]) => diff.map((c) => `${c.pointer}: ${shownValue(c.before)} → ${shownValue(c.after)}`).join('; ');

function changeRow(r: ConfigChangeRow, me: number): AdminConfigChange {
  const diff = JSON.parse(r.changes_json) as ValueChange[];
  return {
    id: Number(r.id),
    file: pathOfStored(r.file),
    changes: diffText(diff),
    diff: diff as AdminConfigChange['diff'],
    reason: r.reason,
    author: r.author,
    created: iso(r.created_at)!,
    status: r.status,
    decidedBy: r.decided_by,
    decidedAt: iso(r.decided_at),
    decisionReason: r.decision_reason,
    version: r.version === null ? null : Number(r.version),
    decidable: r.status === 'waiting' && Number(r.author_id) !== me,
    open: r.status === 'waiting',
  };
}

export async function listChanges(db: Db, input: PagingInput & { status?: string }, me: number) {
  const { page, pageSize, offset } = pageOf(input);
  let q = db.selectFrom('config_changes');
  if (input.status) q = q.where('status', '=', input.status as ConfigChangeRow['status']);
  const { n } = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await q.selectAll().orderBy('id', 'desc').limit(pageSize).offset(offset).execute();
  return { list: rows.map((r) => changeRow(r, me)), total: toCount(n), page, pageSize };
}

function versionRow(r: ConfigVersionRow): AdminConfigVersion {
  return {
    version: Number(r.version),
    kind: r.kind,
    file: pathOfStored(r.file),
    changes: diffText(JSON.parse(r.diff_json) as ValueChange[]),
    reason: r.reason,
    author: r.author,
    approver: r.approver,
    at: iso(r.at)!,
  };
}

export async function listVersions(db: Db, input: PagingInput) {
  const { page, pageSize, offset } = pageOf(input);
  const { n } = await db
    .selectFrom('config_versions')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await db.selectFrom('config_versions').selectAll().orderBy('version', 'desc').limit(pageSize).offset(offset).execute();
  return { list: rows.map(versionRow), total: toCount(n), page, pageSize };
}
