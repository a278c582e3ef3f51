// Texts changed at run time (issue 42): a change to `locales/<code>.json` names a text by its
// JSON Pointer (/wire/belowMinimum is the key wire.belowMinimum) and gives the new text. It must be
// a key of the English file (a language that lacks it gets its first translation), keep exactly
// the English text's {{placeholders}} (the locale check), and not be empty. A version keeps only
// the texts that differ from their locale file.
import { validationError } from '../core/errors.ts';
import type { I18n } from '../platform/i18n/i18n.ts';
import type { Json } from './config-values.ts';
import { pointerTokens } from './config-values.ts';

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))].sort();

export const keyOf = (pointer: string) => pointerTokens(pointer).join('.');

/** The text live now for a key: the published change, else the locale file's ('' where the file lacks it). */
export function textNow(i18n: I18n, lang: string, overrides: Record<string, string>, key: string): string {
  return overrides[key] ?? i18n.fileText(lang, key) ?? '';
}

export interface TextChange {
  pointer: string;
  before: Json;
  after: Json;
}

/** The language's text changes with these applied, each checked; refused as a whole otherwise. */
export function appliedTexts(
  i18n: I18n,
  lang: string,
  overrides: Record<string, string>,
  changes: { pointer: string; value: Json }[],
): { value: Record<string, string>; diff: TextChange[] } {
  const next = { ...overrides };
  const diff: TextChange[] = [];
  for (const c of changes) {
    const key = keyOf(c.pointer);
    const english = i18n.fileText(i18n.defaultCode, key);
    if (english === undefined) throw validationError('pointer', 'admin.configNoValue', { pointer: c.pointer, file: `locales/${lang}.json` });
    if (typeof c.value !== 'string' || !c.value.trim()) throw validationError('value', 'admin.configTextEmpty', { pointer: c.pointer });
    const wanted = placeholders(english)
      .map((p) => `{{${p}}}`)
      .join(' ');
    if (placeholders(c.value).join() !== placeholders(english).join())
      throw validationError('value', 'admin.configPlaceholders', { pointer: c.pointer, placeholders: wanted || '—' });
    const before = textNow(i18n, lang, next, key);
    if (c.value === before) continue;
    diff.push({ pointer: c.pointer, before, after: c.value });
    if (c.value === i18n.fileText(lang, key)) delete next[key];
    else next[key] = c.value;
  }
  if (!diff.length) throw validationError('value', 'admin.configUnchanged');
  return { value: next, diff };
}

const tokenOf = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

export interface TextRow {
  file: string;
  pointer: string;
  key: string;
  english: string;
  value: string;
  changed: boolean;
  missing: boolean;
}

/** Every English key with the language's live text, filtered by a part of the key or either text. */
export function textRows(i18n: I18n, lang: string, overrides: Record<string, string>, englishOverrides: Record<string, string>, q?: string): TextRow[] {
  const needle = q?.trim().toLowerCase();
  const rows = i18n.defaultTexts().map(([key, shipped]) => {
    const value = textNow(i18n, lang, overrides, key);
    return {
      file: `locales/${lang}.json`,
      pointer: `/${key.split('.').map(tokenOf).join('/')}`,
      key,
      english: englishOverrides[key] ?? shipped,
      value,
      changed: key in overrides,
      missing: i18n.fileText(lang, key) === undefined,
    };
  });
  return needle ? rows.filter((r) => [r.key, r.english, r.value].some((t) => t.toLowerCase().includes(needle))) : rows;
}
