// i18next with only the active language loaded; the others are separate chunks.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import languages from '../../schemas/config/languages.json';

export type LanguageCode = (typeof languages.languages)[number]['code'];
export const LANGUAGES = languages.languages;
const STORAGE_KEY = 'lang';

const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*.json');

export function pickLanguage(saved: string | null, browser: readonly string[]): string {
  const codes = LANGUAGES.map((l) => l.code);
  if (saved && codes.includes(saved)) return saved;
  for (const b of browser) {
    const exact = codes.find((c) => c.toLowerCase() === b.toLowerCase());
    if (exact) return exact;
    const base = b.toLowerCase().split('-')[0];
    // zh-HK, zh-Hant… read traditional; other zh variants simplified
    if (base === 'zh') return /hant|tw|hk|mo/i.test(b) ? 'zh-TW' : 'zh-CN';
    const same = codes.find((c) => c.toLowerCase().split('-')[0] === base);
    if (same) return same;
  }
  return languages.default;
}

export function prefixOf(code: string): string {
  return LANGUAGES.find((l) => l.code === code)?.prefix ?? 'en';
}

async function loadBundle(code: string): Promise<void> {
  if (i18next.hasResourceBundle(code, 'translation')) return;
  const load = bundles[`../../locales/${code}.json`];
  const mod = await load();
  i18next.addResourceBundle(code, 'translation', mod.default, true, true);
}

export async function initI18n(): Promise<typeof i18next> {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null;
  const lang = pickLanguage(saved, typeof navigator !== 'undefined' ? navigator.languages : []);
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadBundle(lang);
  document.documentElement.lang = lang;
  return i18next;
}

export async function changeLanguage(code: string): Promise<void> {
  await loadBundle(code);
  await i18next.changeLanguage(code);
  localStorage.setItem(STORAGE_KEY, code);
  document.documentElement.lang = code;
}

export function currentPrefix(): string {
  return prefixOf(i18next.language);
}
