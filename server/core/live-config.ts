// The configuration operators change at run time (issue 42): the files of schemas/config that the
// server reads at each use, never at start. A fresh install runs on the files; a published version
// (config_versions, server/backoffice/config-changes.ts) replaces whole files, and every instance
// applies it within a poll (watchPublishedConfig). One server process runs one app, so the version
// live here is the process's; a second app started in the same process (tests) takes its own
// database's version when it starts.
import { loadConfig } from '../../contract/loader.ts';
import type { Db } from './db/index.ts';

/**
 * The files changeable at run time, by name (schemas/config/<name>.json): each of them is read
 * where it is used (liveConfig), so a published change holds from the next request. Every other
 * config file is read at start or built into the app, and its change is a release.
 */
export const RUNTIME_CONFIG_FILES = ['wire-limits', 'funds', 'reviews', 'referral', 'site'] as const;
export type RuntimeConfigFile = (typeof RUNTIME_CONFIG_FILES)[number];

export function isRuntimeConfigFile(name: string): name is RuntimeConfigFile {
  return (RUNTIME_CONFIG_FILES as readonly string[]).includes(name);
}

/** Texts operators changed, by language and dotted key (files_json's `texts`); every other text is its locale file's. */
export type TextOverrides = Record<string, Record<string, string>>;

/** Where a version keeps its text changes, beside the config files. */
export const TEXTS = 'texts';

interface Live {
  version: number;
  files: Partial<Record<RuntimeConfigFile, unknown>>;
  texts: TextOverrides;
}

let live: Live = { version: 0, files: {}, texts: {} };
const defaults = new Map<RuntimeConfigFile, unknown>();

/** The file as it ships in schemas/config (what version 0 is). */
export function defaultConfig<T>(name: RuntimeConfigFile): T {
  if (!defaults.has(name)) defaults.set(name, loadConfig(name));
  return structuredClone(defaults.get(name)) as T;
}

/** The file's value now: the published version's, or the shipped file's when no version changed it. */
export function liveConfig<T>(name: RuntimeConfigFile): T {
  return (name in live.files ? live.files[name] : defaultConfig(name)) as T;
}

/** The published version live in this process (0: the files as shipped). */
export function liveConfigVersion(): number {
  return live.version;
}

/** A value built from a file once per published version (a parsed table), rebuilt after a publish. */
export function perVersion<T>(build: () => T): () => T {
  let built: { version: number; value: T } | undefined;
  return () => {
    if (built?.version !== live.version) built = { version: live.version, value: build() };
    return built.value;
  };
}

/** A text as an operator published it, or undefined where the locale file's holds. */
export function liveText(lang: string, key: string): string | undefined {
  return live.texts[lang]?.[key];
}

/** The published text changes of one language (none: {}). */
export function liveTexts(lang: string): Record<string, string> {
  return live.texts[lang] ?? {};
}

/** Makes a version live: its files replace the shipped ones, every other file is the shipped one again; the same for texts. */
export function applyConfigVersion(version: number, files: Record<string, unknown>): void {
  const kept = Object.fromEntries(Object.entries(files).filter(([name]) => isRuntimeConfigFile(name)));
  const texts = files[TEXTS] && typeof files[TEXTS] === 'object' ? (files[TEXTS] as TextOverrides) : {};
  live = { version, files: kept, texts };
}

/** The newest published version in the database, with its files (version 0 and none when nothing was published). */
export async function publishedConfig(db: Db): Promise<{ version: number; files: Record<string, unknown> }> {
  const row = await db.selectFrom('config_versions').select(['version', 'files_json']).orderBy('version', 'desc').limit(1).executeTakeFirst();
  return row ? { version: Number(row.version), files: JSON.parse(row.files_json) as Record<string, unknown> } : { version: 0, files: {} };
}

/** Reads the database's newest version and makes it live when it differs from this process's. */
export async function refreshLiveConfig(db: Db): Promise<number> {
  const newest = await db.selectFrom('config_versions').select('version').orderBy('version', 'desc').limit(1).executeTakeFirst();
  const version = newest ? Number(newest.version) : 0;
  if (version !== live.version) {
    const published = await publishedConfig(db);
    applyConfigVersion(published.version, published.files);
  }
  return live.version;
}

/** How often an instance looks for a version another instance published (the 5 s, with room). */
export const CONFIG_POLL_MS = 2_000;

/**
 * Applies the database's version now (at start: a fresh database is version 0, the shipped files)
 * and then every CONFIG_POLL_MS; the returned function stops the watch.
 */
export async function watchPublishedConfig(db: Db, onError: (error: unknown) => void): Promise<() => void> {
  const published = await publishedConfig(db);
  applyConfigVersion(published.version, published.files);
  const timer = setInterval(() => void refreshLiveConfig(db).catch(onError), CONFIG_POLL_MS);
  timer.unref();
  // the app closing leaves the shipped files live, as a fresh start would (a later app in the same process, a test, starts from its own database)
  return () => {
    clearInterval(timer);
    applyConfigVersion(0, {});
  };
}
