// Run-time configuration tables (migration 0039_config_versions). Times are epoch milliseconds.
import type { Generated, Selectable } from 'kysely';

/** waiting: for a second operator; published: approved, its version is live or was; rejected. */
export type ConfigChangeStatus = 'waiting' | 'published' | 'rejected';

export interface ConfigChangesTable {
  id: Generated<number>;
  /** The config file's name (schemas/config/<file>.json) */
  file: string;
  /** JSON [{pointer, before, after}]: each value's JSON Pointer, its value when proposed and the new one */
  changes_json: string;
  reason: string;
  author_id: number;
  author: string;
  created_at: number;
  status: ConfigChangeStatus;
  decided_by: string | null;
  decided_at: number | null;
  decision_reason: string | null;
  /** The version an approval published */
  version: number | null;
}

/** publish: an approved change; rollback: back to the files of the version before the last publish. */
export type ConfigVersionKind = 'publish' | 'rollback';

export interface ConfigVersionsTable {
  version: number;
  kind: ConfigVersionKind;
  /** The file the version changed */
  file: string;
  /** JSON {file: value}: every file that differs from schemas/config as of this version, whole */
  files_json: string;
  /** JSON [{pointer, before, after}] against the version before */
  diff_json: string;
  reason: string;
  author: string;
  approver: string | null;
  change_id: number | null;
  at: number;
}

export interface ConfigTables {
  config_changes: ConfigChangesTable;
  config_versions: ConfigVersionsTable;
}

export type ConfigChangeRow = Selectable<ConfigChangesTable>;
export type ConfigVersionRow = Selectable<ConfigVersionsTable>;
