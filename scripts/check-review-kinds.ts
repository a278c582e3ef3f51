// Part of npm run check:schemas — every place outside contract/review-kinds.ts that repeats a review
// kind's name says exactly the registry's names: an enum or an option list of kinds, the config's
// roles (and its meta-schema), the dashboard's count tiles and their links, `/admin/reviews?kind=`
// links, and the locale families admin.kind.* and admin.waiting.*. A kind spelt differently in one
// place (the bank withdrawals' "bank" against "bank-withdrawal") is a line here, not a queue the
// back office never shows.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REVIEW_KIND_NAMES, reviewCountField } from '../contract/review-kinds.ts';
import { SCHEMAS_DIR } from '../contract/loader.ts';

export interface JsonFile {
  /** Path relative to schemas/ */
  path: string;
  json: unknown;
}

/** Locale keys of the families that name kinds, per language: the key after the family's prefix. */
export type LocaleKinds = Map<string, { kind: string[]; waiting: string[] }>;

/** Counts that share the admin.waiting family without being a review kind. */
const WAITING_NOT_KINDS = new Set(['adjustments', 'networkChanges']);
const KIND_LINK = /\/admin\/reviews\?(?:[^"]*&)?kind=([^&"]*)/g;

const kinds = new Set<string>(REVIEW_KIND_NAMES);
const same = (names: string[]) => names.length === kinds.size && names.every((n) => kinds.has(n));
const show = (names: Iterable<string>) => [...names].join(', ');

export function loadSchemaFiles(dir = SCHEMAS_DIR): JsonFile[] {
  return readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    if (statSync(path).isDirectory()) return loadSchemaFiles(path);
    return f.endsWith('.json') ? [{ path: relative(SCHEMAS_DIR, path), json: JSON.parse(readFileSync(path, 'utf8')) as unknown }] : [];
  });
}

/** Every value in a JSON tree with its path. */
function* walk(value: unknown, path = ''): Generator<[string, unknown]> {
  yield [path, value];
  if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* walk(v, `${path}[${i}]`);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* walk(v, `${path}/${k}`);
}

/** A list names kinds when two or more of its strings are kinds: then it must be all of them, no more. */
function kindList(values: unknown[]): string[] | undefined {
  const names = values.filter((v): v is string => typeof v === 'string' && v !== '');
  return names.filter((n) => kinds.has(n)).length >= 2 ? names : undefined;
}

function schemaProblems(file: JsonFile): string[] {
  const problems: string[] = [];
  for (const [path, value] of walk(file.json)) {
    const where = `${file.path}${path}`;
    if (typeof value === 'string') {
      for (const [, kind] of value.matchAll(KIND_LINK))
        if (!kinds.has(kind)) problems.push(`${where}: links to review kind "${kind}", not one of ${show(kinds)}`);
      const key = /^admin\.(kind|waiting)\.(.+)$/.exec(value);
      if (key && !kinds.has(key[2]) && !(key[1] === 'waiting' && WAITING_NOT_KINDS.has(key[2])))
        problems.push(`${where}: "${value}" names review kind "${key[2]}", not one of ${show(kinds)}`);
      continue;
    }
    if (!Array.isArray(value)) continue;
    const last = path.slice(path.lastIndexOf('/') + 1);
    const names =
      last === 'enum' || last === 'required'
        ? kindList(value)
        : last === 'options'
          ? kindList(value.map((o) => (o && typeof o === 'object' ? (o as { value?: unknown }).value : undefined)))
          : undefined;
    if (names && !same(names)) problems.push(`${where}: lists review kinds ${show(names)}; the registry (contract/review-kinds.ts) has ${show(kinds)}`);
  }
  return problems;
}

function keysOf(file: JsonFile | undefined, path: string[]): string[] | undefined {
  let node = file?.json;
  for (const p of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[p] : undefined;
  return node && typeof node === 'object' ? Object.keys(node) : undefined;
}

/** The files whose keys are kinds: the config's roles, its meta-schema's, and the dashboard's count fields. */
function keyedProblems(files: JsonFile[]): string[] {
  const problems: string[] = [];
  const file = (path: string) => files.find((f) => f.path === path);
  const expectKinds = (path: string, at: string[]) => {
    const keys = keysOf(file(path), at);
    if (!keys || !same(keys)) problems.push(`${path} ${at.join('.')}: keys ${show(keys ?? [])}; the review kinds are ${show(kinds)}`);
  };
  expectKinds('config/reviews.json', ['roles']);
  expectKinds('meta/config/reviews.schema.json', ['properties', 'roles', 'properties']);
  const entity = keysOf(file('entities/admin-dashboard.json'), ['properties']) ?? [];
  const tiles = (
    (file('admin/admin-dashboard.json')?.json as { detail?: { fields?: { field: string; label?: string; link?: string }[] } })?.detail?.fields ?? []
  ).filter((f) => f.field.startsWith('waiting'));
  for (const name of REVIEW_KIND_NAMES) {
    const field = reviewCountField(name);
    if (!entity.includes(field)) problems.push(`entities/admin-dashboard.json: no property ${field} (the count of waiting ${name} items)`);
    const tile = tiles.find((t) => t.field === field);
    if (!tile) problems.push(`admin/admin-dashboard.json: no tile for ${field}`);
    else if (tile.label !== `admin.waiting.${name}` || tile.link !== `/admin/reviews?kind=${name}`)
      problems.push(`admin/admin-dashboard.json: the ${field} tile must be labelled admin.waiting.${name} and link to /admin/reviews?kind=${name}`);
  }
  return problems;
}

function localeProblems(locales: LocaleKinds): string[] {
  const problems: string[] = [];
  for (const [lang, families] of locales) {
    for (const [family, keys] of Object.entries(families)) {
      const extra = keys.filter((k) => !kinds.has(k) && !(family === 'waiting' && WAITING_NOT_KINDS.has(k)));
      const missing = REVIEW_KIND_NAMES.filter((k) => !keys.includes(k));
      if (extra.length) problems.push(`locales/${lang}.json admin.${family}: ${show(extra)} are not review kinds (${show(kinds)})`);
      if (missing.length) problems.push(`locales/${lang}.json admin.${family}: no text for review kind ${show(missing)}`);
    }
  }
  return problems;
}

export function loadLocaleKinds(dir = join(SCHEMAS_DIR, '..', 'locales')): LocaleKinds {
  const out: LocaleKinds = new Map();
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const admin = (JSON.parse(readFileSync(join(dir, f), 'utf8')) as { admin?: { kind?: object; waiting?: object } }).admin;
    out.set(f.slice(0, -5), { kind: Object.keys(admin?.kind ?? {}), waiting: Object.keys(admin?.waiting ?? {}) });
  }
  return out;
}

export function checkReviewKinds(files = loadSchemaFiles(), locales = loadLocaleKinds()): string[] {
  return [...files.flatMap(schemaProblems), ...keyedProblems(files), ...localeProblems(locales)];
}
