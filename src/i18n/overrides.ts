// Texts operators published at run time (issue 42; GET /base/texts) laid over the app's own locale
// files: kept per language and laid again over every bundle and screen-text part as it loads (a
// part loaded later would bring the file's text back). A text taken back is the file's again.
// Components re-render through textsRevision (the customer build's useTranslation listens to it).
import i18next from 'i18next';

export type Texts = Record<string, Record<string, string>>;

let laid: Texts = {};
/** The bundle's own text of each key laid over, by language (undefined: the file lacks it) */
const own = new Map<string, Map<string, string | undefined>>();
let revision = 0;
const listeners = new Set<() => void>();

const current = (code: string, key: string): string | undefined => {
  const v: unknown = i18next.getResource(code, 'translation', key);
  return typeof v === 'string' ? v : undefined;
};

/** Lays the published texts of these languages over what their bundles hold now (after a bundle or part loads). */
export function layTextOverrides(codes: readonly string[]): void {
  for (const code of codes) {
    const texts = laid[code];
    if (!texts) continue;
    const kept = own.get(code) ?? new Map<string, string | undefined>();
    own.set(code, kept);
    for (const [key, text] of Object.entries(texts)) {
      const now = current(code, key);
      if (now !== text) kept.set(key, now);
      i18next.addResource(code, 'translation', key, text, { silent: true });
    }
  }
}

/** Replaces the published texts of `codes` with `next` (a language absent from it has none) and re-renders. */
export function setTextOverrides(next: Texts, codes: readonly string[]): void {
  for (const code of codes) {
    const before = laid[code] ?? {};
    const after = next[code] ?? {};
    for (const key of Object.keys(before)) {
      if (key in after) continue;
      const file = own.get(code)?.get(key);
      // a text the file lacks falls back to English, as it did before it was published
      i18next.addResource(code, 'translation', key, file ?? current(i18next.options.fallbackLng as string, key) ?? key, { silent: true });
      own.get(code)?.delete(key);
    }
    laid = { ...laid, [code]: after };
  }
  layTextOverrides(codes);
  revision += 1;
  for (const l of listeners) l();
}

export function textsRevision(): number {
  return revision;
}

export function onTextsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
