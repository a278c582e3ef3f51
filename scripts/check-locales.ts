// npm run check:locales — 13 files with the same keys as en-US, no empty
// values, the same {{placeholders}}, real translations (not English copies),
// and every t('key') literal in src/ present.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import languages from '../schemas/config/languages.json';
import { type Flat, LOCALES_DIR, loadLocales } from './lib/locales.ts';

const REFERENCE = 'en-US';
/** Above this share of values identical to English, a file is an English copy. */
const MAX_UNTRANSLATED = 0.2;

const vars = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort().join(',');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}

export function checkLocales(locales: Map<string, Flat>, usedKeys: string[]): string[] {
  const problems: string[] = [];
  const expected = languages.languages.map((l) => l.code).sort();
  const present = [...locales.keys()].sort();
  if (expected.join() !== present.join()) problems.push(`locales/ holds ${present.join(', ')}; expected ${expected.join(', ')}`);
  const ref = locales.get(REFERENCE);
  if (!ref) return [...problems, `locales/${REFERENCE}.json is missing`];
  for (const key of usedKeys) if (!ref.has(key)) problems.push(`src uses t('${key}') but ${REFERENCE} has no such key`);
  for (const [lang, flat] of locales) {
    for (const key of ref.keys()) if (!flat.has(key)) problems.push(`${lang}: missing key ${key}`);
    for (const key of flat.keys()) if (!ref.has(key)) problems.push(`${lang}: extra key ${key}`);
    let same = 0;
    for (const [key, value] of flat) {
      if (!value.trim()) problems.push(`${lang}: empty value for ${key}`);
      const en = ref.get(key);
      if (en === undefined) continue;
      if (vars(en) !== vars(value)) problems.push(`${lang}: ${key} has placeholders {${vars(value)}} but English has {${vars(en)}}`);
      if (lang !== REFERENCE && value === en) same++;
    }
    if (lang !== REFERENCE && same / ref.size > MAX_UNTRANSLATED) {
      problems.push(`${lang}: ${same} of ${ref.size} values are identical to English; translate them`);
    }
  }
  return problems;
}

export function keysUsedIn(dir: string): string[] {
  const keys = new Set<string>();
  for (const file of sourceFiles(dir)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)'/g)) keys.add(m[1]);
    for (const m of readFileSync(file, 'utf8').matchAll(/\b(?:label|title|titleKey|bodyKey): '([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)'/g)) keys.add(m[1]);
  }
  return [...keys].sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const locales = loadLocales(LOCALES_DIR);
  const problems = checkLocales(locales, keysUsedIn(join(LOCALES_DIR, '../src')));
  if (problems.length) {
    console.error(`${problems.slice(0, 60).join('\n')}${problems.length > 60 ? `\n… and ${problems.length - 60} more` : ''}`);
    process.exit(1);
  }
  console.log(`check:locales: ${locales.size} languages, ${locales.get(REFERENCE)?.size} keys each`);
}
