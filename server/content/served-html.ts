// Article text as it is served: rows stored before the write filter (./articles.ts unsafeMarkupIn,
// ./url-attributes.ts) may still hold scripts, event handlers or javascript: links. Text the
// filter accepts is served as stored; other text loses what the filter refuses (the elements that
// run code, with the content of those whose content is code, event-handler attributes and URL
// attributes the apps' sanitiser would drop) and keeps the rest. The apps' sanitiser stays the
// last defence; this keeps the API's own answers clean for any other reader.
import { unsafeMarkupIn } from './articles.ts';
import { URL_ATTRIBUTE_NAMES, isSafeUrlValue } from './url-attributes.ts';

/** Elements removed with everything inside them (their content is code or active content). */
const WITH_CONTENT = /<\s*(script|style|iframe|object|template|svg|math|noscript|xmp|noembed|noframes|frameset)\b[\s\S]*?(?:<\s*\/\s*\1\s*>|$)/gi;
/** Elements removed as tags (their content, if any, is kept as text). */
const TAG_ONLY = /<\s*\/?\s*(script|iframe|object|embed|style|link|meta|base|form|frame|frameset|svg|math|template)\b(?:"[^"]*"|'[^']*'|[^'">])*>?/gi;
/** An opening tag, quoted values read whole (a quoted `>` does not end the tag). */
const OPENING_TAG = /<([a-z][^\s/>]*)((?:"[^"]*"|'[^']*'|[^'">])*)(>?)/gi;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g;

function keptAttribute(name: string, value: string | undefined): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith('on')) return false;
  return !URL_ATTRIBUTE_NAMES.has(lower) || value === undefined || isSafeUrlValue(lower, value);
}

function cleanTag(_all: string, name: string, body: string, end: string): string {
  const attributes = [...body.matchAll(ATTRIBUTE)].filter((a) => keptAttribute(a[1], a[2])).map((a) => ` ${a[0]}`);
  return `<${name}${attributes.join('')}${body.trimEnd().endsWith('/') ? ' /' : ''}${end}`;
}

/** `text` without the markup that could run code; unchanged when it has none. */
export function servedHtml(text: string): string {
  if (!unsafeMarkupIn(text)) return text;
  const cleaned = text.replace(WITH_CONTENT, '').replace(TAG_ONLY, '').replace(OPENING_TAG, cleanTag);
  if (!unsafeMarkupIn(cleaned)) return cleaned;
  // markup too odd to clean part by part: served as plain text, with no tag left at all
  return cleaned.replace(/<[^>]*>?/g, '').replace(/</g, '&lt;');
}

/** The article's title, summary and content as served. */
export function servedArticle<T extends { title: string; summary: string; content: string }>(article: T): T {
  return { ...article, title: servedHtml(article.title), summary: servedHtml(article.summary), content: servedHtml(article.content) };
}
