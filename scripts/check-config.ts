// Part of npm run check:schemas — every file in schemas/config has its own JSON
// Schema in schemas/meta/config/<name>.schema.json (and every schema a config
// file), each config file is valid against it (Ajv strict), and every key it
// holds is read somewhere in src/, server/, scripts/ or contract/.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import Ajv from 'ajv';
import { SCHEMAS_DIR } from '../contract/loader.ts';

const ROOT = resolve(SCHEMAS_DIR, '..');
const SOURCE_DIRS = ['src', 'server', 'scripts', 'contract'];
/** Keys that document a file rather than configure anything. */
const DOC_KEYS = new Set(['description', '$schema']);
/**
 * Config kept although nothing reads it yet ("<file>" or "<file>:<key>"), with
 * the reason. Keep this short: every entry is a feature still to be built, and
 * an entry whose key is read by now is reported so that it goes.
 */
export const NOT_YET_READ: ReadonlyMap<string, string> = new Map([]);

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    if (statSync(path).isDirectory()) return f === 'node_modules' ? [] : sourceFiles(path);
    return /\.(?:ts|tsx|js|mjs)$/.test(f) ? [path] : [];
  });
}

/** All source text the key search runs over (this file excluded: it names no key). */
export function sourceText(root = ROOT): string {
  const self = resolve(import.meta.dirname, 'check-config.ts');
  return SOURCE_DIRS.flatMap((d) => sourceFiles(join(root, d)))
    .filter((f) => resolve(f) !== self)
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when `text` names `key` as a property (.key, ?.key), a string ('key', "key", `key`), an object key (key:) or in a destructuring ({ key }). */
export function isRead(key: string, text: string): boolean {
  const k = escape(key);
  const id = /^[A-Za-z_$][\w$]*$/.test(key);
  const patterns = [`['"\`]${k}['"\`]`];
  if (id) patterns.push(`\\.${k}(?![\\w$])`, `(?<![\\w$.])${k}\\s*\\??:`, `[{,]\\s*${k}\\s*(?=[,}=])`);
  return new RegExp(patterns.join('|')).test(text);
}

/** Every key of a config value: of objects, of objects nested in them and of array items. */
function keysIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysIn(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysIn(v, out);
    }
  }
  return out;
}

const names = (dir: string, suffix: string): string[] =>
  existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(suffix)).map((f) => f.slice(0, -suffix.length)).sort() : [];

/**
 * Problems of the config files under `dir` (a schemas/ folder holding config/
 * and meta/config/); unread keys are looked for in the source tree under `root`.
 */
export function checkConfig(dir = SCHEMAS_DIR, root = ROOT): string[] {
  const problems: string[] = [];
  const configDir = join(dir, 'config');
  const schemaDir = join(dir, 'meta/config');
  const configs = names(configDir, '.json');
  const schemas = new Set(names(schemaDir, '.schema.json'));
  const ajv = new Ajv({ strict: true, allErrors: true });
  const text = sourceText(root);
  const where = (p: string): string => relative(dir, p);

  for (const name of schemas) if (!configs.includes(name)) problems.push(`${where(join(schemaDir, `${name}.schema.json`))}: no config/${name}.json to describe`);
  for (const name of configs) {
    const file = join(configDir, `${name}.json`);
    let config: unknown;
    try {
      config = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      problems.push(`config/${name}.json: not JSON: ${(err as Error).message}`);
      continue;
    }
    if (!schemas.has(name)) problems.push(`config/${name}.json: has no schema (expected meta/config/${name}.schema.json)`);
    else {
      try {
        const validate = ajv.compile(JSON.parse(readFileSync(join(schemaDir, `${name}.schema.json`), 'utf8')));
        if (!validate(config)) for (const e of validate.errors ?? []) problems.push(`config/${name}.json: ${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` "${e.params.additionalProperty}"` : ''}`);
      } catch (err) {
        problems.push(`meta/config/${name}.schema.json: does not compile in strict mode: ${(err as Error).message}`);
      }
    }
    if (NOT_YET_READ.has(name)) continue;
    for (const k of keysIn(config)) {
      if (DOC_KEYS.has(k)) continue;
      const read = isRead(k, text);
      if (NOT_YET_READ.has(`${name}:${k}`)) {
        if (read) problems.push(`config/${name}: key "${k}" is read now: remove it from NOT_YET_READ in scripts/check-config.ts`);
      } else if (!read) problems.push(`config/${name}: key "${k}" is read by nothing`);
    }
  }
  return problems;
}
