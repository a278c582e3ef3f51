// Run-time configuration under four eyes (issue 42): an operator with the config role proposes a
// change to a file with a reason; it is checked as the build checks the files and waits. Another
// operator with the role approves it (never its author, never twice: the change is held and must
// still be waiting) and it is published as the next version, or rejects it. One operator may roll
// the last publish back at once (the emergency brake); any other way back is a new change.
// Every step is an audit row carrying the diff; the instance that publishes applies the version at
// once, the others within a poll (server/core/live-config.ts).
import type { Db } from '../core/db/index.ts';
import { forUpdate, lockNamed } from '../core/db/locks.ts';
import type { ConfigChangeRow, ConfigVersionRow } from '../core/db/types.ts';
import { validationError } from '../core/errors.ts';
import { applyConfigVersion, defaultConfig, type RuntimeConfigFile, TEXTS, type TextOverrides } from '../core/live-config.ts';
import type { Actor } from '../platform/audit/actor.ts';
import { appendAudit } from '../platform/audit/audit.ts';
import { configRuleBreaks } from '../platform/config/config-rules.ts';
import type { I18n } from '../platform/i18n/i18n.ts';
import { appliedTexts, keyOf, textNow } from './config-texts.ts';
import {
  coerceLike,
  type ConfigTarget,
  configPath,
  configTargetOf,
  isEditable,
  type Json,
  pathOfStored,
  pointerTokens,
  shownValue,
  storedName,
  storedTarget,
  valueAt,
  withValue,
} from './config-values.ts';

export interface ValueChange {
  pointer: string;
  before: Json;
  after: Json;
}

export interface Proposal {
  file: string;
  changes: { pointer: string; value: Json }[];
  reason: string;
}

const PUBLISH_LOCK = 'config-publish';
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

interface Published {
  version: number;
  kind: string | null;
  files: Record<string, Json>;
}

async function newestVersion(trx: Db): Promise<Published> {
  const row = await trx.selectFrom('config_versions').select(['version', 'kind', 'files_json']).orderBy('version', 'desc').limit(1).executeTakeFirst();
  return row
    ? { version: Number(row.version), kind: row.kind, files: JSON.parse(row.files_json) as Record<string, Json> }
    : { version: 0, kind: null, files: {} };
}

async function versionFiles(trx: Db, version: number): Promise<Record<string, Json>> {
  if (version <= 0) return {};
  const row = await trx.selectFrom('config_versions').select('files_json').where('version', '=', version).executeTakeFirst();
  return row ? (JSON.parse(row.files_json) as Record<string, Json>) : {};
}

const fileIn = (files: Record<string, Json>, file: RuntimeConfigFile): Json => (file in files ? files[file] : defaultConfig<Json>(file));

/** The changes applied to a file's value, each checked to name an existing value and keep its kind; refused as a whole otherwise. */
function appliedToFile(file: RuntimeConfigFile, value: Json, changes: Proposal['changes']): { value: Json; diff: ValueChange[] } {
  const diff: ValueChange[] = [];
  let next = value;
  for (const c of changes) {
    const tokens = pointerTokens(c.pointer);
    const before = valueAt(next, tokens);
    if (before === undefined) throw validationError('pointer', 'admin.configNoValue', { pointer: c.pointer, file: configPath(file) });
    if (!isEditable(before) || tokens[tokens.length - 1] === 'description') throw validationError('pointer', 'admin.configStructural', { pointer: c.pointer });
    const after = coerceLike(before, c.value);
    if (after === undefined) throw validationError('value', 'admin.configKind', { pointer: c.pointer, value: shownValue(before) });
    if (same(before, after)) continue;
    diff.push({ pointer: c.pointer, before, after });
    next = withValue(next, tokens, after);
  }
  if (!diff.length) throw validationError('value', 'admin.configUnchanged');
  const broken = configRuleBreaks(file, next)[0];
  if (broken) throw validationError('value', broken.key, broken.params);
  return { value: next, diff };
}

const textsOf = (files: Record<string, Json>, lang: string): Record<string, string> => (files[TEXTS] as TextOverrides | undefined)?.[lang] ?? {};

/** The value live now at a pointer of the target (a text: the published one or the locale file's). */
function liveAt(i18n: I18n, files: Record<string, Json>, t: ConfigTarget, pointer: string): Json | undefined {
  return t.kind === 'file' ? valueAt(fileIn(files, t.file), pointerTokens(pointer)) : textNow(i18n, t.lang, textsOf(files, t.lang), keyOf(pointer));
}

function applied(i18n: I18n, files: Record<string, Json>, t: ConfigTarget, changes: Proposal['changes']): { value: Json; diff: ValueChange[] } {
  return t.kind === 'file' ? appliedToFile(t.file, fileIn(files, t.file), changes) : appliedTexts(i18n, t.lang, textsOf(files, t.lang), changes);
}

/** The version's files with the target's new value; a file back to its shipped value, and a language without changes, are left out. */
function filesWith(files: Record<string, Json>, t: ConfigTarget, value: Json): Record<string, Json> {
  if (t.kind === 'file') {
    const out = { ...files, [t.file]: value };
    if (same(value, defaultConfig(t.file))) delete out[t.file];
    return out;
  }
  const texts = { ...((files[TEXTS] as TextOverrides | undefined) ?? {}), [t.lang]: value as Record<string, string> };
  if (!Object.keys(texts[t.lang]).length) delete texts[t.lang];
  const out: Record<string, Json> = { ...files, [TEXTS]: texts };
  if (!Object.keys(texts).length) delete out[TEXTS];
  return out;
}

/** Saves a change that breaks no rule, waiting for a second operator; answers its id. */
export async function proposeChange(db: Db, i18n: I18n, actor: Actor, p: Proposal, now: number): Promise<{ id: number }> {
  const target = configTargetOf(p.file, i18n);
  const file = storedName(target);
  return db.transaction().execute(async (trx) => {
    const { diff } = applied(i18n, (await newestVersion(trx)).files, target, p.changes);
    const row = await trx
      .insertInto('config_changes')
      .values({
        file,
        changes_json: JSON.stringify(diff),
        reason: p.reason,
        author_id: actor.operatorId!,
        author: actor.actor.replace(/^operator /, ''),
        created_at: now,
        status: 'waiting',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await appendAudit(
      trx,
      { ...actor, action: 'config.propose', targetKind: 'config', targetId: pathOfStored(file), after: { change: Number(row.id), diff, reason: p.reason } },
      now,
    );
    return { id: Number(row.id) };
  });
}

export interface Decision {
  id: number;
  decision: 'approve' | 'reject';
  reason?: string;
}

async function publish(trx: Db, i18n: I18n, change: ConfigChangeRow, actor: Actor, now: number): Promise<Published> {
  const target = storedTarget(change.file);
  const newest = await newestVersion(trx);
  const proposed = JSON.parse(change.changes_json) as ValueChange[];
  const stale = proposed.find((c) => !same(liveAt(i18n, newest.files, target, c.pointer), c.before));
  if (stale) throw validationError('id', 'admin.configStale', { pointer: stale.pointer });
  const { value } = applied(
    i18n,
    newest.files,
    target,
    proposed.map((c) => ({ pointer: c.pointer, value: c.after })),
  );
  const files = filesWith(newest.files, target, value);
  const version = newest.version + 1;
  await trx
    .insertInto('config_versions')
    .values({
      version,
      kind: 'publish',
      file: change.file,
      files_json: JSON.stringify(files),
      diff_json: change.changes_json,
      reason: change.reason,
      author: change.author,
      approver: actor.actor.replace(/^operator /, ''),
      change_id: Number(change.id),
      at: now,
    })
    .execute();
  await appendAudit(
    trx,
    {
      ...actor,
      action: 'config.publish',
      targetKind: 'config',
      targetId: pathOfStored(change.file),
      before: { version: newest.version },
      after: { version, change: Number(change.id), diff: proposed },
    },
    now,
  );
  return { version, kind: 'publish', files };
}

/** Makes a committed version live in this process (the other instances read it within a poll). */
function makeLive(published: Published | null): void {
  if (published) applyConfigVersion(published.version, published.files);
}

/** The second operator's decision: an approval publishes the next version, a rejection closes the change. */
export async function decideChange(
  db: Db,
  i18n: I18n,
  actor: Actor,
  d: Decision,
  now: number,
): Promise<{ id: number; status: 'published' | 'rejected'; version: number | null }> {
  const done = await db.transaction().execute(async (trx) => {
    await lockNamed(trx, PUBLISH_LOCK);
    const change = await forUpdate(trx, trx.selectFrom('config_changes').selectAll().where('id', '=', d.id)).executeTakeFirst();
    if (!change || change.status !== 'waiting') throw validationError('id', 'admin.configNotWaiting');
    if (d.decision === 'approve' && Number(change.author_id) === actor.operatorId) throw validationError('id', 'admin.configSelfApproval');
    const published = d.decision === 'approve' ? await publish(trx, i18n, change, actor, now) : null;
    const version = published?.version ?? null;
    if (version === null)
      await appendAudit(
        trx,
        { ...actor, action: 'config.reject', targetKind: 'config', targetId: pathOfStored(change.file), after: { change: d.id, reason: d.reason ?? null } },
        now,
      );
    const status = version === null ? ('rejected' as const) : ('published' as const);
    const closed = await trx
      .updateTable('config_changes')
      .set({ status, decided_by: actor.actor.replace(/^operator /, ''), decided_at: now, decision_reason: d.reason ?? null, version })
      .where('id', '=', d.id)
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) throw validationError('id', 'admin.configNotWaiting');
    return { answer: { id: d.id, status, version }, published };
  });
  makeLive(done.published);
  return done.answer;
}

/** Back to the files of the version before the last publish, at once (one operator; audited); not twice in a row. */
export async function rollBack(db: Db, actor: Actor, reason: string, now: number): Promise<{ version: number }> {
  const published = await db.transaction().execute(async (trx) => {
    await lockNamed(trx, PUBLISH_LOCK);
    const newest = await newestVersion(trx);
    if (newest.version === 0 || newest.kind !== 'publish') throw validationError('reason', 'admin.configNothingToRollBack');
    const last = (await trx.selectFrom('config_versions').selectAll().where('version', '=', newest.version).executeTakeFirstOrThrow()) as ConfigVersionRow;
    const files = await versionFiles(trx, newest.version - 1);
    const file = last.file;
    const diff = (JSON.parse(last.diff_json) as ValueChange[]).map((c) => ({ pointer: c.pointer, before: c.after, after: c.before }));
    const version = newest.version + 1;
    await trx
      .insertInto('config_versions')
      .values({
        version,
        kind: 'rollback',
        file,
        files_json: JSON.stringify(files),
        diff_json: JSON.stringify(diff),
        reason,
        author: actor.actor.replace(/^operator /, ''),
        approver: null,
        change_id: null,
        at: now,
      })
      .execute();
    await appendAudit(
      trx,
      {
        ...actor,
        action: 'config.rollback',
        targetKind: 'config',
        targetId: pathOfStored(file),
        before: { version: newest.version },
        after: { version, diff, reason },
      },
      now,
    );
    return { version, kind: 'rollback', files };
  });
  makeLive(published);
  return { version: published.version };
}
