// Part of npm run check:schemas — names that span domains, each held against the one registry that
// names it (the review kinds have their own check, scripts/check-review-kinds.ts):
//   ledger entry types  schemas/entities/ledger-type.json (the ledger's `type` column, LedgerType)
//                       against every schema list of them, `records.type.<type>` labels and the
//                       locale family records.type.*
//   notice events       contract/notice-events.ts against the locale family notice.<event>.title|body
//   kline periods       contract/feed-protocol.ts FEED_PERIODS (and MAX_BARS) against the kline
//                       endpoint's enum and bound and the chart's periods (schemas/config/chart-periods.json)
//   CLI commands        server/ops/cli.ts's table (COMMAND_NAMES) against its HELP: checkOpsHelp, which
//                       tests/scripts/check-registries.test.ts runs (scripts may not import the server),
//                       and the docs' `npm run ops -- <command>` examples: checkOpsMentions, likewise
//   upload images       contract/upload-images.ts against the upload endpoint's mime enum and
//                       every schema pattern of an upload URL (^/uploads/<name>$)
// A name spelt differently in one place is a line here, not a record shown under a raw key.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FEED_PERIODS, MAX_BARS } from '../contract/feed-protocol.ts';
import { SCHEMAS_DIR } from '../contract/loader.ts';
import { NOTICE_EVENTS, NOTICE_PAGE_KEYS } from '../contract/notice-events.ts';
import { UPLOAD_IMAGE_MIMES, UPLOAD_NAME_SOURCE } from '../contract/upload-images.ts';
import { type JsonFile, loadSchemaFiles } from './check-review-kinds.ts';

/** Each language's locale file, parsed */
export type Locales = Map<string, Record<string, unknown>>;

export const LEDGER_TYPES_FILE = 'entities/ledger-type.json';

const show = (names: Iterable<string>) => [...names].join(', ');

/** Every value in a JSON tree with its path. */
function* walk(value: unknown, path = ''): Generator<[string, unknown]> {
  yield [path, value];
  if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* walk(v, `${path}[${i}]`);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* walk(v, `${path}/${k}`);
}

function at(json: unknown, path: string[]): unknown {
  let node = json;
  for (const p of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[p] : undefined;
  return node;
}

const keysAt = (json: unknown, path: string[]): string[] => {
  const node = at(json, path);
  return node && typeof node === 'object' && !Array.isArray(node) ? Object.keys(node) : [];
};

/** What `names` has that `registry` has not, and the other way round, as problems. */
function difference(where: string, names: readonly string[], registry: readonly string[], what: string, source: string): string[] {
  const extra = names.filter((n) => !registry.includes(n));
  const missing = registry.filter((n) => !names.includes(n));
  return [
    ...(extra.length ? [`${where}: ${show(extra)} ${extra.length === 1 ? 'is' : 'are'} not among the ${what} (${source})`] : []),
    ...(missing.length ? [`${where}: no ${show(missing)} (${what} in ${source})`] : []),
  ];
}

// ---- ledger entry types ----

export function ledgerTypes(files: JsonFile[]): string[] {
  const file = files.find((f) => f.path === LEDGER_TYPES_FILE);
  const names = at(file?.json, ['enum']);
  return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
}

/** Lists of ledger types in schema files (an enum, an option list) and `records.type.<type>` labels. */
function ledgerSchemaProblems(files: JsonFile[], registry: string[]): string[] {
  const problems: string[] = [];
  const types = new Set(registry);
  for (const file of files) {
    if (file.path === LEDGER_TYPES_FILE) continue;
    for (const [path, value] of walk(file.json)) {
      const where = `${file.path}${path}`;
      if (typeof value === 'string') {
        const label = /^records\.type\.(.+)$/.exec(value);
        if (label && !types.has(label[1])) problems.push(`${where}: "${value}" names ledger type "${label[1]}", not one of ${LEDGER_TYPES_FILE}`);
        continue;
      }
      if (!Array.isArray(value)) continue;
      const last = path.slice(path.lastIndexOf('/') + 1);
      const options = last === 'options' ? (value as { value?: unknown; label?: unknown }[]) : undefined;
      const names = (options ? options.map((o) => o?.value) : last === 'enum' ? value : []).filter((v): v is string => typeof v === 'string' && v !== '');
      // a list names ledger types when two or more of its names are ones: then it is all of them
      if (names.filter((n) => types.has(n)).length < 2) continue;
      problems.push(...difference(where, names, registry, 'ledger types', LEDGER_TYPES_FILE));
      for (const o of options ?? [])
        if (typeof o?.value === 'string' && o.value !== '' && o.label !== `records.type.${o.value}`)
          problems.push(`${where}: the option ${o.value} is labelled "${String(o.label)}", not records.type.${o.value}`);
    }
  }
  return problems;
}

// ---- the checks ----

export function checkLedgerTypes(files: JsonFile[], locales: Locales): string[] {
  const registry = ledgerTypes(files);
  if (registry.length === 0) return [`${LEDGER_TYPES_FILE}: no enum of ledger types`];
  const problems = ledgerSchemaProblems(files, registry);
  for (const [lang, json] of locales)
    problems.push(...difference(`locales/${lang}.json records.type`, keysAt(json, ['records', 'type']), registry, 'ledger types', LEDGER_TYPES_FILE));
  return problems;
}

export function checkNoticeEvents(locales: Locales, events: readonly string[] = NOTICE_EVENTS): string[] {
  const problems: string[] = [];
  for (const [lang, json] of locales) {
    const where = `locales/${lang}.json notice`;
    const keys = keysAt(json, ['notice']).filter((k) => !(NOTICE_PAGE_KEYS as readonly string[]).includes(k));
    problems.push(...difference(where, keys, events, 'notice events', 'contract/notice-events.ts'));
    for (const event of events.filter((e) => keys.includes(e))) {
      const texts = keysAt(json, ['notice', event]);
      for (const part of ['title', 'body']) if (!texts.includes(part)) problems.push(`${where}.${event}: no ${part}`);
    }
  }
  return problems;
}

export function checkKlinePeriods(files: JsonFile[], periods: readonly string[] = FEED_PERIODS, maxBars = MAX_BARS): string[] {
  const problems: string[] = [];
  const file = (path: string) => files.find((f) => f.path === path)?.json;
  const kline = file('endpoints/kline.json');
  const interval = at(kline, ['payload', 'properties', 'interval', 'enum']);
  if (!Array.isArray(interval)) problems.push('endpoints/kline.json: no payload.properties.interval.enum');
  else problems.push(...difference('endpoints/kline.json interval', interval as string[], periods, 'kline periods', 'contract/feed-protocol.ts FEED_PERIODS'));
  const num = at(kline, ['payload', 'properties', 'num', 'maximum']);
  if (num !== maxBars) problems.push(`endpoints/kline.json num.maximum: ${String(num)}, the feed's MAX_BARS is ${maxBars} (contract/feed-protocol.ts)`);
  const chart = file('config/chart-periods.json');
  const ids = Array.isArray(chart) ? chart.map((p) => (p as { id?: unknown }).id) : [];
  for (const id of ids)
    if (typeof id !== 'string' || !periods.includes(id))
      problems.push(`config/chart-periods.json: "${String(id)}" is not a kline period the feed serves (contract/feed-protocol.ts FEED_PERIODS)`);
  return problems;
}

const UPLOADS_SOURCE = 'contract/upload-images.ts';

/** The upload endpoint's mime enum is the registry's types; a pattern of an upload URL allows exactly its names. */
export function checkUploadImages(files: JsonFile[], mimes: readonly string[] = UPLOAD_IMAGE_MIMES, nameSource = UPLOAD_NAME_SOURCE): string[] {
  const upload = files.find((f) => f.path === 'endpoints/upload.json')?.json;
  const enumOfMime = at(upload, ['response', 'properties', 'mime', 'enum']);
  const problems = Array.isArray(enumOfMime)
    ? difference('endpoints/upload.json response mime', enumOfMime as string[], mimes, 'upload image types', UPLOADS_SOURCE)
    : ['endpoints/upload.json: no response.properties.mime.enum'];
  const urlPattern = `^/uploads/${nameSource}$`;
  for (const file of files)
    for (const [path, value] of walk(file.json))
      if (path.endsWith('/pattern') && typeof value === 'string' && value.startsWith('^/uploads/') && value !== urlPattern)
        problems.push(`${file.path}${path}: "${value}" is not the upload URL pattern "${urlPattern}" (${UPLOADS_SOURCE})`);
  return problems;
}

/**
 * The CLI's help names every command of its table and no other: an entry is a line indented two
 * spaces whose first word (or words joined by |, `credit|debit`) is a command's name.
 */
export function checkOpsHelp(help: string, commands: readonly string[]): string[] {
  const listed = new Set(help.split('\n').flatMap((line) => /^ {2}([a-z][a-z-]*(?:\|[a-z][a-z-]*)*)(?=\s|$)/.exec(line)?.[1].split('|') ?? []));
  return difference('server/ops/cli.ts HELP', [...listed], commands, 'CLI commands', 'server/ops/cli.ts COMMANDS');
}

/** Every `npm run ops -- <command>` a text shows (the README's and the docs' examples) names a command. */
export function checkOpsMentions(texts: { path: string; text: string }[], commands: readonly string[]): string[] {
  return texts.flatMap(({ path, text }) =>
    [...text.matchAll(/npm run ops -- ([a-z][a-z-]*)/g)]
      .map((m) => m[1])
      .filter((name) => !commands.includes(name))
      .map((name) => `${path}: "npm run ops -- ${name}" names no CLI command (server/ops/cli.ts COMMANDS)`),
  );
}

export function loadLocaleFiles(dir = join(SCHEMAS_DIR, '..', 'locales')): Locales {
  const out: Locales = new Map();
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json')))
    out.set(f.slice(0, -5), JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>);
  return out;
}

export function checkRegistries(files = loadSchemaFiles(), locales = loadLocaleFiles()): string[] {
  return [...checkLedgerTypes(files, locales), ...checkNoticeEvents(locales), ...checkKlinePeriods(files), ...checkUploadImages(files)];
}
