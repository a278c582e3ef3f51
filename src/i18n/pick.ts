// The language a start uses: the user's saved choice, else the browser's first language we have,
// else the default. Its own module because index.html's boot script (src/app/boot.ts) runs it too,
// before i18next or any other module has loaded; the boot script gets the codes from the page, so
// this module imports no language list.

/** localStorage key of the user's choice */
export const LANGUAGE_KEY = 'lang';

/** `codes`: the languages we have; `fallback`: the one to use when nothing else matches. */
export function pickFrom(codes: readonly string[], fallback: string, saved: string | null, browser: readonly string[]): string {
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
  return fallback;
}
