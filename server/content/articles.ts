// Articles (announcements, terms, privacy) per language. The row's title, summary and content
// are the English text; `translations` holds {prefix: {title, summary, content}} for the other
// languages. A reader gets each field in their language, else in English, field by field.
// Content may be HTML: the app sanitises it (DOMPurify) before showing it; markup that could run
// code is refused here when the operator stores it, so it never reaches the table at all.
import type { Article } from '../../contract/generated/types.ts';
import { isoTime } from '../core/db/index.ts';
import type { ArticleRow } from '../core/db/types.ts';
import { unsafeUrlAttributeIn } from './url-attributes.ts';

/** Article categories by the name the operator uses. */
export const ARTICLE_CATEGORIES = { announcement: 1, terms: 2, privacy: 3 } as const;
export type ArticleCategory = keyof typeof ARTICLE_CATEGORIES;

export interface ArticleText {
  title: string;
  summary: string;
  content: string;
}

export const TITLE_MAX = 200;
export const SUMMARY_MAX = 500;
export const CONTENT_MAX = 100_000;

export function parseTranslations(json: string): Record<string, Partial<ArticleText>> {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, Partial<ArticleText>>) : {};
  } catch {
    return {};
  }
}

const filled = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** The article's text in the language `prefix` (de, jp…), each field falling back to English. */
export function localArticle(row: Pick<ArticleRow, 'title' | 'summary' | 'content' | 'translations'>, prefix: string): ArticleText {
  const local = prefix === 'en' ? {} : (parseTranslations(row.translations)[prefix] ?? {});
  return {
    title: filled(local.title) ? local.title : row.title,
    summary: filled(local.summary) ? local.summary : row.summary,
    content: filled(local.content) ? local.content : row.content,
  };
}

export function toArticle(row: ArticleRow, prefix: string): Article {
  return { ID: Number(row.id), ...localArticle(row, prefix), cate: Number(row.category), CreatedAt: isoTime(Number(row.created_at)) };
}

// Elements and attributes that run code or load active content. The client sanitiser removes
// them anyway; refusing them on the way in keeps stored content honest.
const UNSAFE_MARKUP = [
  /<\s*(script|iframe|object|embed|style|link|meta|base|form|frame|frameset|svg|math|template)\b/i,
  /[\s/]on[a-z]+\s*=/i,
  /(href|src|action|formaction|xlink:href)\s*=\s*["']?\s*(javascript|vbscript|data):/i,
];

/** The markup in `text` that could run code, '' when there is none: the elements and attributes above, and URLs the sanitiser would drop however they are written. */
export function unsafeMarkupIn(text: string): string {
  const hit = UNSAFE_MARKUP.map((re) => re.exec(text)).find((m) => m !== null)?.[0];
  return (hit ?? unsafeUrlAttributeIn(text)).trim();
}

/** Why this text may not be stored ('' when it may): markup that could run code. */
function unsafeMarkup(text: string): string {
  const hit = unsafeMarkupIn(text);
  return hit ? `it contains markup that could run code ("${hit}"); plain text and simple HTML (p, b, i, a href=https…, ul, li, img src=https…) only` : '';
}

export interface ArticleTextIssue {
  field: keyof ArticleText;
  problem: 'empty' | 'tooLong' | 'unsafe';
  max: number;
}

export const ARTICLE_TEXT_MAX: Record<keyof ArticleText, number> = { title: TITLE_MAX, summary: SUMMARY_MAX, content: CONTENT_MAX };

/** What is wrong with one language's text ([] when it is fine); `partial` allows missing fields (a translation). */
export function articleTextIssues(text: Partial<ArticleText>, partial: boolean): ArticleTextIssue[] {
  const issues: ArticleTextIssue[] = [];
  for (const field of Object.keys(ARTICLE_TEXT_MAX) as (keyof ArticleText)[]) {
    const value = text[field];
    const max = ARTICLE_TEXT_MAX[field];
    if (value === undefined && partial) continue;
    if (!filled(value)) issues.push({ field, problem: 'empty', max });
    else if (value.length > max) issues.push({ field, problem: 'tooLong', max });
    else if (unsafeMarkupIn(value)) issues.push({ field, problem: 'unsafe', max });
  }
  return issues;
}

/** The same as sentences for the command line. */
export function articleTextProblems(text: Partial<ArticleText>, partial: boolean): string[] {
  return articleTextIssues(text, partial).map(({ field, problem, max }) => {
    if (problem === 'empty') return `${field} is empty`;
    if (problem === 'tooLong') return `${field} is longer than ${max} characters`;
    return `${field}: ${unsafeMarkup(text[field] ?? '')}`;
  });
}
