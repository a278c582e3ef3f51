// Server-side messages: the same locale files as the app. The `lang` header carries the
// short prefix (en, de, jp…) or a standard tag (ja, en-GB); every key falls back to en-US when a locale lacks it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decimalsOf } from '../../../contract/decimal.ts';
import { formatAmount } from '../../../contract/number-format.ts';
import { languagesConfig } from '../../core/config.ts';
import { liveText } from '../../core/live-config.ts';
import type { Params } from '../../core/errors.ts';

export const LOCALES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../locales');

type Tree = { [key: string]: unknown };
export type { Params };
export type Translate = (key: string, params?: Params) => string;

function lookup(tree: Tree | undefined, key: string): string | undefined {
  if (!tree) return undefined;
  if (typeof tree[key] === 'string') return tree[key] as string;
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Tree)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function interpolate(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const VERBATIM = new Set(['field', 'id', 'input']);

/**
 * Numbers in a message read as the app shows them: the locale's separators, every decimal
 * the value has (a limit is exact, never rounded). The field name, an id and what the operator
 * typed (`input`) stay as they are.
 */
export function localizeNumbers(params: Params, locale: string): Params {
  const out: Params = {};
  for (const [k, v] of Object.entries(params)) {
    const text = String(v);
    out[k] = !VERBATIM.has(k) && DECIMAL.test(text) ? formatAmount(text, decimalsOf(text), locale) : v;
  }
  return out;
}

/** Subtags of a Chinese language tag that mean traditional characters */
const TRADITIONAL_CHINESE = new Set(['hant', 'tw', 'hk', 'mo']);

export class I18n {
  readonly defaultCode: string;
  private readonly locales = new Map<string, Tree>();
  private readonly byPrefix = new Map<string, string>();
  /** Primary language subtag (ja, ko, zh…) to the locale code that has it */
  private readonly byLanguage = new Map<string, string>();

  constructor(localesDir = LOCALES_DIR) {
    const config = languagesConfig();
    this.defaultCode = config.default;
    for (const { code, prefix } of config.languages) {
      this.byPrefix.set(prefix.toLowerCase(), code);
      this.byPrefix.set(code.toLowerCase(), code);
      const language = code.split('-')[0].toLowerCase();
      if (!this.byLanguage.has(language)) this.byLanguage.set(language, code);
      const file = join(localesDir, `${code}.json`);
      if (existsSync(file)) this.locales.set(code, JSON.parse(readFileSync(file, 'utf8')) as Tree);
    }
    if (!this.locales.has(this.defaultCode)) throw new Error(`Missing locale file ${join(localesDir, `${this.defaultCode}.json`)}`);
  }

  /**
   * Locale code for a `lang` header value: the spec's prefix (jp, kr, vn, tw), one of our codes
   * (ja-JP), or a standard language tag (ja, ko, vi, en-GB, zh-Hant, zh_TW; the first of an
   * Accept-Language list). Traditional Chinese tags (Hant, TW, HK, MO) read zh-TW. Default en-US.
   */
  resolve(lang: unknown): string {
    const value = Array.isArray(lang) ? lang[0] : lang;
    if (typeof value !== 'string') return this.defaultCode;
    const tag = value.split(',')[0].split(';')[0].trim().toLowerCase().replace(/_/g, '-');
    const known = this.byPrefix.get(tag);
    if (known) return known;
    const [language, ...rest] = tag.split('-');
    if (language === 'zh' && rest.some((s) => TRADITIONAL_CHINESE.has(s)) && this.locales.has('zh-TW')) return 'zh-TW';
    return this.byLanguage.get(language) ?? this.defaultCode;
  }

  t(code: string, key: string, params?: Params): string {
    const text = liveText(code, key) ?? this.fileText(code, key) ?? liveText(this.defaultCode, key) ?? this.fileText(this.defaultCode, key) ?? key;
    return interpolate(text, params && localizeNumbers(params, code));
  }

  /** The text as its locale file has it (no operator's change), or undefined where the file lacks it. */
  fileText(code: string, key: string): string | undefined {
    return lookup(this.locales.get(code), key);
  }

  /** Whether `code` is a language of the app (languages.json). */
  hasLanguage(code: string): boolean {
    return this.locales.has(code);
  }

  /** Every text key of the default language's file, dotted, with its text, in file order. */
  defaultTexts(): [string, string][] {
    const out: [string, string][] = [];
    const walk = (node: Tree, prefix: string) => {
      for (const [k, v] of Object.entries(node)) {
        if (typeof v === 'string') out.push([prefix + k, v]);
        else if (v && typeof v === 'object') walk(v as Tree, `${prefix}${k}.`);
      }
    };
    walk(this.locales.get(this.defaultCode)!, '');
    return out;
  }

  translator(lang: unknown): Translate {
    const code = this.resolve(lang);
    return (key, params) => this.t(code, key, params);
  }
}
