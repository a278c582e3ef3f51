import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LOCALES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../locales');

export type Flat = Map<string, string>;

export function flatten(obj: unknown, prefix = '', out: Flat = new Map()): Flat {
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v, key, out);
    else out.set(key, String(v));
  }
  return out;
}

export function loadLocales(dir = LOCALES_DIR): Map<string, Flat> {
  const out = new Map<string, Flat>();
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    out.set(f.replace(/\.json$/, ''), flatten(JSON.parse(readFileSync(join(dir, f), 'utf8'))));
  }
  return out;
}
