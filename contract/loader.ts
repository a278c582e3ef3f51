// Loads screen and endpoint files from schemas/ and inlines file $refs, so the
// generator, the schema check and the reference server all read the same thing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HandWrittenScreen, JsonSchema, ScreenFile } from './screen.ts';

export const SCHEMAS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../schemas');
export const SCREENS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../src/screens');

/** schemas/meta/screen.schema.json: what a screen file may hold. */
export function loadMetaSchema(dir = SCHEMAS_DIR): Record<string, unknown> {
  return JSON.parse(readFileSync(join(dir, 'meta/screen.schema.json'), 'utf8')) as Record<string, unknown>;
}

/** The hand-written screens' declarations (`*.screen.json` under src/screens), by module path. */
export function loadHandWrittenScreens(dir = SCREENS_DIR): HandWrittenScreen[] {
  const found: HandWrittenScreen[] = [];
  const walk = (sub: string) => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('Screen.screen.json')) {
        const module = rel.slice(0, -'.screen.json'.length);
        const base = module.split('/').pop()!.slice(0, -'Screen'.length);
        const declared = JSON.parse(readFileSync(join(dir, rel), 'utf8')) as Omit<HandWrittenScreen, 'name' | 'module'>;
        found.push({ name: base[0].toLowerCase() + base.slice(1), module, ...declared });
      }
    }
  };
  walk('');
  return found.sort((a, b) => (a.module < b.module ? -1 : a.module > b.module ? 1 : 0));
}

/** Keywords of ours that Ajv must accept in strict mode (tsType: the TypeScript type the generator writes for a free-form part). */
export const CUSTOM_KEYWORDS = ['x-limits', 'x-matches', 'x-clientOnly', 'x-decimal', 'x-password', 'x-code', 'x-multiline', 'tsType'] as const;

export type { EndpointDef, FieldView, JsonSchema, RowAction, ScreenFile } from './screen.ts';

export interface LoadedScreen {
  /** Path relative to schemas/, e.g. "screens/login.json" */
  source: string;
  /** Absolute folder of the file, to resolve its file $refs */
  dir: string;
  /** The file as written */
  raw: ScreenFile & { $schema?: string };
  /** The file with every file $ref inlined and $schema dropped */
  screen: ScreenFile;
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Replaces {"$ref": "relative/file.json"} with the file's content, recursively. */
export function inlineRefs(value: unknown, baseDir: string): unknown {
  if (Array.isArray(value)) return value.map((v) => inlineRefs(v, baseDir));
  if (value === null || typeof value !== 'object') return value;
  const obj = value as Record<string, unknown>;
  const ref = obj.$ref;
  if (typeof ref === 'string' && !ref.startsWith('#')) {
    const file = resolve(baseDir, ref);
    return inlineRefs(readJson(file), dirname(file));
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) out[k] = inlineRefs(v, baseDir);
  return out;
}

export function loadScreens(dir = SCHEMAS_DIR): LoadedScreen[] {
  const out: LoadedScreen[] = [];
  for (const folder of ['screens', 'endpoints', 'admin']) {
    if (!existsSync(join(dir, folder))) continue;
    const files = readdirSync(join(dir, folder)).filter((f) => f.endsWith('.json')).sort();
    for (const f of files) {
      const raw = readJson(join(dir, folder, f)) as LoadedScreen['raw'];
      const { $schema: _ignored, ...rest } = inlineRefs(raw, join(dir, folder)) as LoadedScreen['raw'];
      out.push({ source: `${folder}/${f}`, dir: join(dir, folder), raw, screen: rest });
    }
  }
  return out;
}

export interface LoadedEntity {
  /** Path relative to schemas/, e.g. "entities/spot-order.json" */
  source: string;
  /** Absolute path, to match file $refs against */
  file: string;
  /** The entity as written (its own file $refs kept) */
  raw: JsonSchema;
}

/** The shared record shapes in schemas/entities/, by file name. */
export function loadEntities(dir = SCHEMAS_DIR): LoadedEntity[] {
  const folder = join(dir, 'entities');
  return readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ source: `entities/${f}`, file: join(folder, f), raw: readJson(join(folder, f)) as JsonSchema }));
}

/** Replaces every file $ref with `replace(absolute path)`, recursively. */
export function mapFileRefs(value: unknown, baseDir: string, replace: (file: string) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => mapFileRefs(v, baseDir, replace));
  if (value === null || typeof value !== 'object') return value;
  const obj = value as Record<string, unknown>;
  if (typeof obj.$ref === 'string' && !obj.$ref.startsWith('#')) return replace(resolve(baseDir, obj.$ref));
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, mapFileRefs(v, baseDir, replace)]));
}

export function loadConfig<T = unknown>(name: string, dir = SCHEMAS_DIR): T {
  return readJson(join(dir, 'config', `${name}.json`)) as T;
}

/** Properties marked x-clientOnly (e.g. password confirmation) are never sent. */
export function clientOnlyFields(payload: JsonSchema | undefined): string[] {
  const props = (payload?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.keys(props).filter((k) => props[k]['x-clientOnly'] === true);
}

/**
 * Amount fields (x-decimal): the form sends a decimal string, and an API client may send a JSON
 * number instead (both are exact; the handler reads either with one parser).
 */
export function decimalFields(payload: JsonSchema | undefined): string[] {
  const props = (payload?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.keys(props).filter((k) => props[k]['x-decimal'] === true);
}

/** The payload as the server receives it: client-only fields removed, amount fields taking a string or a number. */
export function wirePayloadSchema(payload: JsonSchema): JsonSchema {
  const drop = new Set(clientOnlyFields(payload));
  const decimals = new Set(decimalFields(payload));
  const props = payload.properties as Record<string, JsonSchema>;
  const wire = (k: string, p: JsonSchema): JsonSchema => {
    if (!decimals.has(k)) return p;
    const { description, title, ...text } = p;
    return { ...(description === undefined ? {} : { description }), ...(title === undefined ? {} : { title }), anyOf: [text, { type: 'number' }] };
  };
  return {
    ...payload,
    properties: Object.fromEntries(Object.entries(props).flatMap(([k, p]) => (drop.has(k) ? [] : [[k, wire(k, p)]]))),
    required: ((payload.required as string[] | undefined) ?? []).filter((k) => !drop.has(k)),
  };
}
