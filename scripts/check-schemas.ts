// npm run check:schemas — every screen file is valid against the meta-schema
// (Ajv strict), its payload compiles, every key it names exists in all 13
// locales, every route it names is in the route table, ids are unique, and the fields drawn
// with the password widget are the ones marked x-password.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import languages from '../schemas/config/languages.json';
import { ROUTES } from '../src/routes/routes.ts';
import { loadLocales } from './lib/locales.ts';
import { passwordFields } from '../contract/limits.ts';
import { resultCodeNamed } from '../contract/result-codes.ts';
import {
  CUSTOM_KEYWORDS,
  type LoadedScreen,
  loadHandWrittenScreens,
  loadMetaSchema,
  loadScreens,
  SCHEMAS_DIR,
  SCREENS_DIR,
  type ScreenFile,
} from '../contract/loader.ts';
import { FILTER_KIND_NAMES } from '../src/engine/filters.ts';
import { FORMAT_NAMES } from '../src/engine/formats.ts';
import { ROW_ACTION_KIND_NAMES } from '../src/engine/rowActions.ts';
import { WIDGET_NAMES } from '../src/widgets/registry.ts';

/** The registries a screen file's names must come from (the engine's and the widgets'). */
export interface Registries {
  formats: readonly string[];
  filterKinds: readonly string[];
  rowActionKinds: readonly string[];
  widgets: readonly string[];
}

/**
 * rjsf's own widgets (@rjsf/core's registry, by their ui:widget names): they resolve without ours. Not radio, range,
 * color, file or the alt-date ones: the customer build leaves those out (vite.config.ts slimRjsfDefaults).
 */
export const RJSF_WIDGETS = ['hidden', 'text', 'textarea', 'email', 'uri', 'url', 'date', 'time', 'datetime', 'checkbox', 'checkboxes', 'updown'] as const;

export const REGISTRIES: Registries = {
  formats: FORMAT_NAMES,
  filterKinds: FILTER_KIND_NAMES,
  rowActionKinds: ROW_ACTION_KIND_NAMES,
  widgets: [...WIDGET_NAMES, ...RJSF_WIDGETS],
};

/** Every ui:widget named anywhere in a ui schema, with its path. */
function widgetsOf(ui: unknown, path = 'ui'): { path: string; name: unknown }[] {
  if (!ui || typeof ui !== 'object') return [];
  const out: { path: string; name: unknown }[] = [];
  for (const [k, v] of Object.entries(ui as Record<string, unknown>)) {
    if (k === 'ui:widget') out.push({ path, name: v });
    else out.push(...widgetsOf(v, `${path}.${k}`));
  }
  return out;
}

/** Names a screen file uses that no registry has: field formats, filter kinds, row-action kinds, widgets. */
export function unregisteredNames(screen: ScreenFile, registries: Registries = REGISTRIES): string[] {
  const problems: string[] = [];
  const check = (name: unknown, known: readonly string[], what: string, where: string) => {
    if (name !== undefined && !known.includes(name as string))
      problems.push(`${where}: ${what} "${String(name)}" is not registered (known: ${known.join(', ')})`);
  };
  for (const part of ['list', 'detail'] as const) {
    const view = screen[part];
    check(view?.titleFormat, registries.formats, 'format', `${part}.titleFormat`);
    (view?.fields ?? []).forEach((f, i) => check(f.format, registries.formats, 'format', `${part}.fields[${i}] (${f.field})`));
  }
  (screen.filters ?? []).forEach((f, i) => check(f.kind, registries.filterKinds, 'filter kind', `filters[${i}] (${f.field})`));
  (screen.list?.rowActions ?? []).forEach((a, i) => check(a.kind, registries.rowActionKinds, 'row action kind', `list.rowActions[${i}] (${a.id})`));
  for (const w of widgetsOf(screen.ui)) check(w.name, registries.widgets, 'widget', w.path);
  return problems;
}

export function keysOf(screen: ScreenFile): string[] {
  const keys = [screen.title, screen.tab, screen.success?.toast, ...Object.values(screen.messages ?? {})];
  for (const f of screen.filters ?? []) keys.push(f.label, ...(f.options ?? []).map((o) => o.label));
  const l = screen.list;
  if (l) keys.push(l.addLabel, l.empty, l.titleLabel, l.subtitleLabel, ...(l.fields ?? []).map((f) => f.label));
  for (const a of l?.rowActions ?? []) keys.push(a.label, a.confirm, a.toast);
  for (const f of screen.detail?.fields ?? []) keys.push(f.label);
  for (const f of [...(l?.fields ?? []), ...(screen.detail?.fields ?? [])]) keys.push(f.empty);
  const ui = (screen.ui ?? {}) as Record<string, unknown>;
  const confirm = ui['ui:confirm'] as { message?: string; count?: { label?: string } } | undefined;
  keys.push(ui['ui:submitLabel'] as string | undefined, confirm?.message, confirm?.count?.label);
  for (const link of (ui['ui:links'] as { label: string }[] | undefined) ?? []) keys.push(link.label);
  for (const v of Object.values(ui)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      keys.push(o['ui:title'] as string | undefined, o['ui:placeholder'] as string | undefined);
    }
  }
  return keys.filter((k): k is string => typeof k === 'string');
}

export function routesOf(screen: ScreenFile): string[] {
  const ui = (screen.ui ?? {}) as Record<string, unknown>;
  return [
    ...(screen.routes ?? []),
    screen.success?.navigate?.split('?')[0],
    screen.list?.addRoute,
    screen.list?.detailRoute,
    ...((ui['ui:links'] as { to: string }[] | undefined) ?? []).map((l) => l.to),
  ].filter((r): r is string => typeof r === 'string');
}

/**
 * A field shown only while a source value holds (`"ui:when": "<source>.<path>"`): the source must
 * be declared, and the field must be in the payload and not always required (it is required while shown).
 */
export function conditionProblems(screen: ScreenFile): string[] {
  const ui = (screen.ui ?? {}) as Record<string, { 'ui:when'?: unknown } | undefined>;
  const properties = (screen.payload?.properties ?? {}) as Record<string, unknown>;
  const required = new Set((screen.payload?.required ?? []) as string[]);
  const problems: string[] = [];
  for (const [field, view] of Object.entries(ui)) {
    const when = view && typeof view === 'object' ? view['ui:when'] : undefined;
    if (when === undefined) continue;
    const source = typeof when === 'string' ? when.split('.')[0] : '';
    if (!screen.sources?.[source]) problems.push(`field "${field}": "ui:when" names "${String(when)}", but the screen has no source "${source}"`);
    if (!(field in properties)) problems.push(`field "${field}": "ui:when" on a field the payload does not have`);
    if (required.has(field))
      problems.push(`field "${field}": "ui:when" on a required field (a shown conditional field is required; leave it out of "required")`);
    const requiredWhen = view && typeof view === 'object' ? (view as Record<string, unknown>)['ui:requiredWhen'] : undefined;
    if (requiredWhen !== undefined && !screen.sources?.[typeof requiredWhen === 'string' ? requiredWhen.split('.')[0] : ''])
      problems.push(`field "${field}": "ui:requiredWhen" names "${String(requiredWhen)}", but the screen has no source of that name`);
  }
  return problems;
}

/** A field drawn with the password widget that is not marked x-password (it would be trimmed), or the other way round. */
export function passwordMarkProblems(screen: ScreenFile): string[] {
  const marked = new Set(passwordFields(screen.payload));
  const ui = (screen.ui ?? {}) as Record<string, { 'ui:widget'?: unknown } | undefined>;
  const drawn = new Set(Object.keys(ui).filter((k) => ui[k] && typeof ui[k] === 'object' && ui[k]!['ui:widget'] === 'password'));
  return [
    ...[...drawn].filter((f) => !marked.has(f)).map((f) => `field "${f}" is drawn with the password widget but not marked "x-password": true`),
    ...[...marked].filter((f) => !drawn.has(f)).map((f) => `field "${f}" is marked "x-password" but not drawn with the password widget`),
  ];
}

/** The hand-written screens' declarations against their meta-schema, each beside its module. */
export function checkHandWrittenScreens(dir = SCREENS_DIR): string[] {
  const problems: string[] = [];
  const validate = new Ajv({ strict: true, allErrors: true }).compile(
    JSON.parse(readFileSync(join(SCHEMAS_DIR, 'meta/hand-written-screen.schema.json'), 'utf8')),
  );
  for (const screen of loadHandWrittenScreens(dir)) {
    const source = `src/screens/${screen.module}.screen.json`;
    const { name: _name, module: _module, ...declared } = screen;
    if (!validate(declared)) for (const e of validate.errors ?? []) problems.push(`${source}: ${e.instancePath || '/'} ${e.message}`);
    if (!existsSync(join(dir, `${screen.module}.tsx`))) problems.push(`${source}: no ${screen.module}.tsx beside it`);
  }
  return problems;
}

export function checkScreens(screens: LoadedScreen[], registries: Registries = REGISTRIES): string[] {
  const problems: string[] = [];
  const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true, keywords: [...CUSTOM_KEYWORDS] });
  const validateMeta = ajv.compile(loadMetaSchema());
  const locales = loadLocales();
  // the customer app's route table, and the back office's (its screens' own routes: src/api/generated/admin-manifest.ts)
  const routes = new Set([...ROUTES.map((r) => r.path), ...screens.filter((s) => s.screen.audience === 'operator').flatMap((s) => s.screen.routes ?? [])]);
  const ids = new Map<string, string>();
  const endpointNames = new Map<string, string>();

  if (locales.size !== languages.languages.length) problems.push(`locales/ has ${locales.size} files, expected ${languages.languages.length}`);
  // every route's nav-bar title, whichever screen declares the route (src/routes/routes.ts gives the default)
  for (const route of ROUTES) {
    for (const [lang, flat] of locales)
      if (!flat.has(route.title)) problems.push(`route ${route.path}: title key "${route.title}" is missing in locales/${lang}.json`);
  }
  for (const { source, raw, screen } of screens) {
    // before the meta-schema (whose enums list the same names): one clear line a name
    for (const p of unregisteredNames(screen, registries)) problems.push(`${source}: ${p}`);
    if (!validateMeta(raw)) {
      for (const e of validateMeta.errors ?? []) problems.push(`${source}: ${e.instancePath || '/'} ${e.message}`);
      continue;
    }
    if (ids.has(screen.id)) problems.push(`${source}: id "${screen.id}" is also used by ${ids.get(screen.id)}`);
    ids.set(screen.id, source);
    for (const e of [screen.endpoint, ...(screen.list?.rowActions ?? []).flatMap((a) => (a.endpoint ? [a.endpoint] : []))]) {
      if (endpointNames.has(e.name)) problems.push(`${source}: endpoint name "${e.name}" is also used by ${endpointNames.get(e.name)}`);
      endpointNames.set(e.name, source);
    }
    for (const part of ['payload', 'record', 'response'] as const) {
      if (!screen[part]) continue;
      try {
        ajv.compile({ ...screen[part], $id: undefined });
      } catch (err) {
        problems.push(`${source}: ${part} does not compile in strict mode: ${(err as Error).message}`);
      }
    }
    const fields = new Set(Object.keys((screen.payload?.properties ?? {}) as object));
    for (const m of Object.keys(screen.messages ?? {})) {
      if (screen.payload && !fields.has(m.split('.')[0])) problems.push(`${source}: message "${m}" names no payload field`);
    }
    for (const key of keysOf(screen)) {
      for (const [lang, flat] of locales) if (!flat.has(key)) problems.push(`${source}: key "${key}" is missing in locales/${lang}.json`);
    }
    for (const r of routesOf(screen)) if (!routes.has(r)) problems.push(`${source}: route "${r}" is not in the route table`);
    for (const p of passwordMarkProblems(screen)) problems.push(`${source}: ${p}`);
    for (const p of conditionProblems(screen)) problems.push(`${source}: ${p}`);
    for (const [field, prop] of Object.entries((screen.payload?.properties ?? {}) as Record<string, { 'x-code'?: unknown }>)) {
      if (prop['x-code'] !== undefined && resultCodeNamed(prop['x-code']) === undefined)
        problems.push(`${source}: field "${field}" names x-code "${String(prop['x-code'])}", which is not in contract/result-codes.ts`);
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const screens = loadScreens();
  const problems = [...checkScreens(screens), ...checkHandWrittenScreens()];
  // config files: schema, validity and unread keys (scripts/check-config.ts)
  const { checkConfig } = await import('./check-config.ts');
  problems.push(...checkConfig());
  // review kinds named anywhere against contract/review-kinds.ts (scripts/check-review-kinds.ts)
  const { checkReviewKinds } = await import('./check-review-kinds.ts');
  problems.push(...checkReviewKinds());
  // ledger types, notice events and kline periods against their registries (scripts/check-registries.ts)
  const { checkRegistries } = await import('./check-registries.ts');
  problems.push(...checkRegistries());
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log(`check:schemas: ${screens.length} screen files valid`);
}
