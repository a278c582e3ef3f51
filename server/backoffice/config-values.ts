// The values of a run-time config file as the console edits them (issue 42): one row per value,
// named by its JSON Pointer (RFC 6901) into the file, with its type and the range its schema
// allows. A change replaces one value with another of the same kind; adding, removing or regrouping
// values changes the file's structure, which is a release.
import { validationError } from '../core/errors.ts';
import { defaultConfig, isRuntimeConfigFile, liveConfig, RUNTIME_CONFIG_FILES, type RuntimeConfigFile } from '../core/live-config.ts';
import { configSchemaOf, DECIMAL_PATTERNS, RATIO_PATTERNS } from '../platform/config/config-rules.ts';
import type { I18n } from '../platform/i18n/i18n.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Keys that document a file rather than configure it (as scripts/check-config.ts). */
const DOC_KEYS = new Set(['description', '$schema']);
const PATH_OF = (file: string) => `schemas/config/${file}.json`;

export const configPath = PATH_OF;

/** What a change names: a config file, or the texts of one language (locales/<code>.json). */
export type ConfigTarget = { kind: 'file'; file: RuntimeConfigFile } | { kind: 'texts'; lang: string };

const changeable = () => [...RUNTIME_CONFIG_FILES.map(PATH_OF), 'locales/<language>.json'].join(', ');

/** The target a repo path names, or the refusal that says what is changeable now. */
export function configTargetOf(path: string, i18n: Pick<I18n, 'hasLanguage'>): ConfigTarget {
  const lang = /^locales\/([A-Za-z]{2,3}-[A-Za-z]{2,4})\.json$/.exec(path)?.[1];
  if (lang && i18n.hasLanguage(lang)) return { kind: 'texts', lang };
  const name = /^schemas\/config\/([a-z0-9-]{1,60})\.json$/.exec(path)?.[1];
  if (name && isRuntimeConfigFile(name)) return { kind: 'file', file: name };
  if (name || /^schemas\/(screens|admin|endpoints|entities|meta)\//.test(path))
    throw validationError('file', 'admin.configNotRuntime', { file: path, files: changeable() });
  throw validationError('file', 'admin.configUnknownFile', { files: changeable() });
}

/** How config_changes and config_versions name a target: the file's name, or texts:<code>. */
export const storedName = (t: ConfigTarget) => (t.kind === 'file' ? t.file : `texts:${t.lang}`);

export function storedTarget(name: string): ConfigTarget {
  return name.startsWith('texts:') ? { kind: 'texts', lang: name.slice(6) } : { kind: 'file', file: name as RuntimeConfigFile };
}

/** The repo path of a stored name. */
export const pathOfStored = (name: string) => (name.startsWith('texts:') ? `locales/${name.slice(6)}.json` : PATH_OF(name));

/** The file a repo path names when it is a config file (the values list's filter). */
export function runtimeFileOf(path: string): RuntimeConfigFile {
  const name = /^schemas\/config\/([a-z0-9-]{1,60})\.json$/.exec(path)?.[1];
  if (name && isRuntimeConfigFile(name)) return name;
  throw validationError('file', 'admin.configUnknownFile', { files: changeable() });
}

export function pointerTokens(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const tokenOf = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

export function valueAt(root: Json, tokens: string[]): Json | undefined {
  let at: Json | undefined = root;
  for (const t of tokens) {
    if (Array.isArray(at) && /^(0|[1-9][0-9]*)$/.test(t)) at = at[Number(t)];
    else if (at && typeof at === 'object' && !Array.isArray(at) && Object.hasOwn(at, t)) at = (at as JsonObject)[t];
    else return undefined;
  }
  return at;
}

export function withValue(root: Json, tokens: string[], value: Json): Json {
  if (!tokens.length) return value;
  const [head, ...rest] = tokens;
  if (Array.isArray(root)) return root.map((v, i) => (String(i) === head ? withValue(v, rest, value) : v));
  const obj = root as JsonObject;
  return { ...obj, [head]: withValue(obj[head], rest, value) };
}

const isScalar = (v: Json | undefined): v is boolean | number | string => typeof v === 'boolean' || typeof v === 'number' || typeof v === 'string';
const isScalarList = (v: Json | undefined): v is (boolean | number | string)[] => Array.isArray(v) && v.every(isScalar);

/** A value the console can change in place: a number, a text, a yes/no, or a list of them. */
export const isEditable = (v: Json | undefined): boolean => isScalar(v) || isScalarList(v);

function scalarLike(example: boolean | number | string | undefined, input: Json): Json | undefined {
  if (typeof example === 'number') {
    if (typeof input === 'number') return input;
    return typeof input === 'string' && /^-?[0-9]+(\.[0-9]+)?$/.test(input.trim()) ? Number(input.trim()) : undefined;
  }
  if (typeof example === 'boolean') {
    if (typeof input === 'boolean') return input;
    return input === 'true' ? true : input === 'false' ? false : undefined;
  }
  if (typeof input === 'string') return input;
  return typeof input === 'number' ? String(input) : undefined;
}

/**
 * The new value in the kind of the live one: a number stays a number (typed "3000" is 3000), a
 * text a text, a list a list (typed as JSON or as comma-separated items); undefined when it cannot be.
 */
export function coerceLike(live: Json, input: Json): Json | undefined {
  if (!Array.isArray(live)) return scalarLike(live as boolean | number | string, input);
  let items: Json = input;
  if (typeof input === 'string') {
    const text = input.trim();
    try {
      items = text.startsWith('[') ? (JSON.parse(text) as Json) : text === '' ? [] : text.split(',').map((s) => s.trim());
    } catch {
      return undefined;
    }
  }
  if (!Array.isArray(items)) return undefined;
  const example = live.find(isScalar) as boolean | number | string | undefined;
  const out = items.map((i) => scalarLike(example ?? '', i));
  return out.every((v) => v !== undefined) ? (out as Json[]) : undefined;
}

type SchemaNode = Record<string, unknown>;

/** The schema of the value a pointer names (following properties, additionalProperties and items). */
export function schemaAt(file: RuntimeConfigFile, tokens: string[]): SchemaNode {
  let node: SchemaNode = configSchemaOf(file);
  for (const t of tokens) {
    const props = node.properties as Record<string, SchemaNode> | undefined;
    if (props && t in props) node = props[t];
    else if (node.items && typeof node.items === 'object') node = node.items as SchemaNode;
    else if (node.additionalProperties && typeof node.additionalProperties === 'object') node = node.additionalProperties as SchemaNode;
    else return {};
  }
  return node;
}

type Words = (key: string, params?: Record<string, string | number>) => string;

/** The range a value's schema allows, written out: "≥ 1 · ≤ 1440", "∈ {finance, compliance}", "a decimal number", "1–3 items". */
export function rangeOf(node: SchemaNode, t: Words = (k) => k): string {
  const item = (node.items && typeof node.items === 'object' ? node.items : node) as SchemaNode;
  const parts: string[] = [];
  const bound = (k: string, sign: string) => typeof item[k] === 'number' && parts.push(`${sign} ${String(item[k])}`);
  bound('minimum', '≥');
  bound('exclusiveMinimum', '>');
  bound('maximum', '≤');
  bound('exclusiveMaximum', '<');
  if (Array.isArray(item.enum)) parts.push(`∈ {${(item.enum as unknown[]).join(', ')}}`);
  if (typeof item.pattern === 'string')
    parts.push(
      DECIMAL_PATTERNS.has(item.pattern)
        ? t('admin.configRange.decimal')
        : RATIO_PATTERNS.has(item.pattern)
          ? t('admin.configRange.ratio')
          : `/${item.pattern}/`,
    );
  if (typeof item.maxLength === 'number') parts.push(t('admin.configRange.maxLength', { limit: item.maxLength }));
  if (item !== node) {
    const min = typeof node.minItems === 'number' ? node.minItems : 0;
    const max = typeof node.maxItems === 'number' ? String(node.maxItems) : '∞';
    parts.push(t('admin.configRange.items', { min, max }));
  }
  return parts.join(' · ');
}

export type ValueType = 'integer' | 'number' | 'string' | 'boolean' | 'list';

function typeOf(value: Json, node: SchemaNode): ValueType {
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'number') return node.type === 'integer' || Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'boolean' ? 'boolean' : 'string';
}

/** How a value is written in the console's text field: a text as is, a list as JSON. */
export const shownValue = (v: Json | undefined): string =>
  typeof v === 'string' ? v : Array.isArray(v) ? `[${v.map((i) => JSON.stringify(i)).join(', ')}]` : JSON.stringify(v ?? null);

export interface ValueRow {
  file: string;
  pointer: string;
  value: string;
  type: ValueType;
  range: string;
  changed: boolean;
  shipped: string;
}

function leaves(value: Json, tokens: string[], out: string[][]): void {
  if (isEditable(value)) out.push(tokens);
  else if (Array.isArray(value)) value.forEach((v, i) => leaves(v, [...tokens, String(i)], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (!DOC_KEYS.has(k)) leaves(v, [...tokens, k], out);
}

/** Every changeable value of a file, live, beside its shipped value. */
export function valueRows(file: RuntimeConfigFile, t?: Words): ValueRow[] {
  const live = liveConfig<Json>(file);
  const shipped = defaultConfig<Json>(file);
  const paths: string[][] = [];
  leaves(live, [], paths);
  return paths.map((tokens) => {
    const value = valueAt(live, tokens)!;
    const node = schemaAt(file, tokens);
    const before = valueAt(shipped, tokens);
    return {
      file: PATH_OF(file),
      pointer: `/${tokens.map(tokenOf).join('/')}`,
      value: shownValue(value),
      type: typeOf(value, node),
      range: rangeOf(node, t),
      changed: JSON.stringify(before) !== JSON.stringify(value),
      shipped: before === undefined ? '' : shownValue(before),
    };
  });
}
