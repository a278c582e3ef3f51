// i18next with the active language and en-US loaded (en-US fills in any key the
// active language lacks); the other languages are separate chunks, loaded on change.
import i18next, { type i18n, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import languages from '../../schemas/config/languages.json';
import { LANGUAGE_KEY, pickFrom } from './pick';
import { layTextOverrides } from './overrides';

export type LanguageCode = (typeof languages.languages)[number]['code'];
export const LANGUAGES = languages.languages;
const CODES = LANGUAGES.map((l) => l.code);

export function pickLanguage(saved: string | null, browser: readonly string[]): string {
  return pickFrom(CODES, languages.default, saved, browser);
}

const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*.json');
// The same files' screen-text groups (src/i18n/parts.ts): the sign-in forms' and the others'; in a build the files above lack them.
const screenParts = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*.json', { query: '?part=screens' });
const signInParts = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*.json', { query: '?part=signin' });
type Part = typeof screenParts;

export function prefixOf(code: string): string {
  return LANGUAGES.find((l) => l.code === code)?.prefix ?? 'en';
}

/** The language every missing key falls back to at run time (CI fails on a missing key). */
export const FALLBACK_LANGUAGE = languages.default;

export function i18nOptions(lng: string): InitOptions {
  return {
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  };
}

/** Bundles needed before the first render of `code`: itself and the fallback. */
export function bundlesFor(code: string): string[] {
  return code === FALLBACK_LANGUAGE ? [code] : [code, FALLBACK_LANGUAGE];
}

export type BundleLoader = (code: string) => Promise<Record<string, unknown>>;

/** Loads the bundles `instance` does not hold yet, in parallel. */
export async function loadBundles(instance: i18n, codes: readonly string[], load: BundleLoader): Promise<void> {
  const missing = codes.filter((c) => !instance.hasResourceBundle(c, 'translation'));
  const loaded = await Promise.all(missing.map((c) => load(c)));
  missing.forEach((c, i) => instance.addResourceBundle(c, 'translation', loaded[i], true, true));
  if (instance === i18next) layTextOverrides(missing);
}

const fromChunk: BundleLoader = async (code) => {
  const load = bundles[`../../locales/${code}.json`];
  if (!load) throw new Error(`No locale file locales/${code}.json`);
  return (await load()).default;
};

/** The parts loaded so far, each in the languages loaded ("en-US" in screenParts' set, …). */
const partsLoaded = new Map<Part, Set<string>>([
  [signInParts, new Set()],
  [screenParts, new Set()],
]);

async function loadPartOf(part: Part, codes: readonly string[]): Promise<void> {
  const done = partsLoaded.get(part)!;
  const missing = codes.filter((c) => !done.has(c));
  const loaded = await Promise.all(
    missing.map(async (c) => {
      const load = part[`../../locales/${c}.json`];
      if (!load) throw new Error(`No locale file locales/${c}.json`);
      return (await load()).default;
    }),
  );
  missing.forEach((c, i) => {
    i18next.addResourceBundle(c, 'translation', loaded[i], true, true);
    done.add(c);
  });
  layTextOverrides(missing);
}

const partsOf = (signInOnly: boolean): Part[] => (signInOnly ? [signInParts] : [signInParts, screenParts]);

const screenTexts = new Map<boolean, { lang: string; ready: Promise<void> }>();

/**
 * The schema screens' texts of the active language (and its fallback): one promise per language, for use().
 * `signInOnly`: only the sign-in forms' (src/i18n/parts.ts SIGN_IN_TEXT_GROUPS), all that the login page draws with.
 */
export function screenTextsReady(signInOnly = false): Promise<void> {
  const lang = i18next.language;
  let texts = screenTexts.get(signInOnly);
  if (texts?.lang !== lang) {
    texts = { lang, ready: Promise.all(partsOf(signInOnly).map((part) => loadPartOf(part, bundlesFor(lang)))).then(() => undefined) };
    screenTexts.set(signInOnly, texts);
  }
  return texts.ready;
}

export async function initI18n(): Promise<typeof i18next> {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_KEY) : null;
  const lang = pickLanguage(saved, typeof navigator !== 'undefined' ? navigator.languages : []);
  await i18next.use(initReactI18next).init(i18nOptions(lang));
  await loadBundles(i18next, bundlesFor(lang), fromChunk);
  document.documentElement.lang = lang;
  return i18next;
}

export async function changeLanguage(code: string): Promise<void> {
  await loadBundles(i18next, bundlesFor(code), fromChunk);
  // a schema screen seen before keeps its texts in the new language
  await Promise.all([...partsLoaded].filter(([, codes]) => codes.size > 0).map(([part]) => loadPartOf(part, bundlesFor(code))));
  await i18next.changeLanguage(code);
  localStorage.setItem(LANGUAGE_KEY, code);
  document.documentElement.lang = code;
}

export function currentPrefix(): string {
  return prefixOf(i18next.language);
}
