import { describe, expect, it } from 'vitest';
import { loadScreens } from '../../contract/loader';
import { keysOf } from '../../scripts/check-schemas';
import { missingLocaleKeys } from '../../scripts/gen/missing-keys';
import { loadLocales } from '../../scripts/lib/locales';

describe('npm run gen warns about missing locale keys', () => {
  const screens = loadScreens();

  it('finds none in the real locales', () => {
    expect(missingLocaleKeys(screens)).toEqual([]);
  });

  it('names the locale file, the key and the schema that names it', () => {
    const locales = loadLocales();
    const login = screens.find((s) => s.source === 'screens/login.json')!;
    const key = keysOf(login.screen)[0];
    locales.get('de-DE')!.delete(key);
    const missing = missingLocaleKeys(screens, locales);
    expect(missing).toContain(`locales/de-DE.json lacks ${key} (named by screens/login.json)`);
    expect(missing.every((m) => m.startsWith('locales/de-DE.json lacks '))).toBe(true);
  });
});
