// Locale keys the schemas name and a locale file lacks, for the warning `npm run gen`
// prints (npm run check:schemas fails CI on them; at run time they show in en-US).
import type { LoadedScreen } from '../../contract/loader.ts';
import { keysOf } from '../check-schemas.ts';
import { type Flat, loadLocales } from '../lib/locales.ts';

export function missingLocaleKeys(screens: LoadedScreen[], locales: Map<string, Flat> = loadLocales()): string[] {
  const out = new Set<string>();
  for (const { source, screen } of screens) {
    for (const key of keysOf(screen)) {
      for (const [lang, flat] of locales) if (!flat.has(key)) out.add(`locales/${lang}.json lacks ${key} (named by ${source})`);
    }
  }
  return [...out];
}
