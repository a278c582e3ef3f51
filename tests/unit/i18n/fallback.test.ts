// A key missing in the active language shows the en-US text at run time
// (npm run check:locales still fails CI on it).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { bundlesFor, FALLBACK_LANGUAGE, i18nOptions, loadBundles } from '../../../src/i18n';

const LOCALES = resolve(__dirname, '../../../locales');
const read = (code: string): Record<string, Record<string, unknown>> => JSON.parse(readFileSync(resolve(LOCALES, `${code}.json`), 'utf8'));

/** A locale as shipped, minus one key (the first string of its first section). */
function lacking(code: string): { bundle: Record<string, unknown>; key: string; english: string } {
  const de = read(code);
  const en = read('en-US');
  const [section, entries] = Object.entries(de).find(([, v]) => Object.values(v).some((x) => typeof x === 'string'))!;
  const [name] = Object.entries(entries).find(([, x]) => typeof x === 'string')!;
  delete entries[name];
  return { bundle: de, key: `${section}.${name}`, english: en[section][name] as string };
}

async function startAs(lang: string, bundles: Record<string, Record<string, unknown>>) {
  const instance = i18next.createInstance();
  await instance.init(i18nOptions(lang));
  const load = vi.fn(async (code: string) => bundles[code]);
  await loadBundles(instance, bundlesFor(lang), load);
  return { instance, load };
}

describe('i18n fallback', () => {
  it('falls back to en-US', () => {
    expect(FALLBACK_LANGUAGE).toBe('en-US');
    expect(i18nOptions('de-DE').fallbackLng).toBe('en-US');
  });

  it('loads the active language and en-US before the first render, en-US alone when active', () => {
    expect(bundlesFor('de-DE')).toEqual(['de-DE', 'en-US']);
    expect(bundlesFor('en-US')).toEqual(['en-US']);
  });

  it('shows the English text for a key the active language lacks', async () => {
    const { bundle, key, english } = lacking('de-DE');
    const { instance, load } = await startAs('de-DE', { 'de-DE': bundle, 'en-US': read('en-US') });
    expect(load.mock.calls.map(([c]) => c).sort()).toEqual(['de-DE', 'en-US']);
    expect(instance.t(key)).toBe(english);
    expect(english).toBeTruthy();
    // keys the language has stay German
    expect(instance.t('tabs.home')).toBe((read('de-DE').tabs as Record<string, string>).home);
  });

  it('keeps the fallback after a change of language and loads only the new bundle', async () => {
    const { bundle: frLacking, key, english } = lacking('fr-FR');
    const { instance, load } = await startAs('de-DE', { 'de-DE': read('de-DE'), 'en-US': read('en-US'), 'fr-FR': frLacking });
    load.mockClear();
    await loadBundles(instance, bundlesFor('fr-FR'), load);
    await instance.changeLanguage('fr-FR');
    expect(load.mock.calls).toEqual([['fr-FR']]);
    expect(instance.language).toBe('fr-FR');
    expect(instance.t(key)).toBe(english);
  });
});
