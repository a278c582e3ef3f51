// `ops article …` and `ops notice …`: the operator's content. Articles (announcements, terms,
// privacy) are written in English first and translated language by language; a language
// without a translation shows the English text. A broadcast is a notice to every user who
// exists when it is sent, with its text per language (English required).
import { existsSync, readFileSync } from 'node:fs';
import type { Db } from '../../core/db/index.ts';
import { ARTICLE_CATEGORIES, type ArticleCategory, type ArticleText, articleTextProblems, TITLE_MAX } from '../articles.ts';
import {
  ARTICLE_CATEGORY_NAMES as CATES,
  articleLanguages,
  categoryName,
  insertArticle,
  languagePrefixes,
  latestArticles,
  saveTranslation,
  translationPrefixes,
} from '../article-store.ts';
import { audienceSize } from '../broadcast-audience.ts';
import { broadcast, noticeTextProblems, type NoticeText } from '../notices.ts';
import { refusal } from '../../core/errors.ts';

const PREFIXES = languagePrefixes();
const OTHER_PREFIXES = translationPrefixes();

export const CONTENT_HELP = `  article list [category]
                      articles newest first: id, category, title, languages translated
  article add <category> <title> | <summary> | <content…>
                      a new article in English (category: ${CATES.join(', ')}); the
                      content may be plain text or simple HTML (no scripts or event handlers)
  article translate <id> <lang> <title> | <summary> | <content…>
                      the article in one language (lang: ${OTHER_PREFIXES.join(', ')});
                      "-" as the only text removes it: that language then shows the English text
  article import <category> <file.json>
                      a new article with all its languages: {"en": {"title", "summary", "content"}, "de": {…}, …}
  notice broadcast <title> | <body…>
                      a notice in English to every current user
  notice broadcast <file.json>
                      the same with its text per language: {"en": {"title", "body"}, "de": {…}, …}`;

function categoryOf(name: string | undefined): number {
  if (name && name in ARTICLE_CATEGORIES) return ARTICLE_CATEGORIES[name as ArticleCategory];
  throw refusal('refusals.content.category', { input: name ?? '', categories: CATES.join(', ') });
}

function langOf(prefix: string | undefined, allowEnglish: boolean): string {
  const allowed = allowEnglish ? PREFIXES : OTHER_PREFIXES;
  if (prefix && allowed.includes(prefix)) return prefix;
  throw refusal(allowEnglish ? 'refusals.content.language' : 'refusals.content.languageNotEnglish', { input: prefix ?? '', languages: allowed.join(', ') });
}

/** "title | summary | content…" as typed after the command: the parts between " | ". */
function parts(args: string[], count: number, usage: string): string[] {
  const split = args
    .join(' ')
    .split(/\s\|\s/)
    .map((p) => p.trim());
  if (split.length !== count || split.some((p) => p === '')) throw refusal('refusals.usage', { usage });
  return split;
}

function readJson(file: string | undefined): Record<string, unknown> {
  if (!file || !existsSync(file)) throw refusal('refusals.content.noFile', { file: file ?? '' });
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch (error) {
    throw refusal('refusals.content.notJson', { file, problem: (error as Error).message });
  }
  throw refusal('refusals.content.notByLanguage', { file });
}

function assertText(lang: string, text: Partial<ArticleText>, partial: boolean): void {
  const problems = articleTextProblems(text, partial);
  if (problems.length > 0) throw refusal('refusals.content.textProblems', { lang, problems: problems.join('; ') });
}

async function listArticles(db: Db, category: string | undefined): Promise<string> {
  const rows = await latestArticles(db, category === undefined ? undefined : categoryOf(category));
  if (rows.length === 0) return '(no articles)';
  return rows
    .map(
      (r) =>
        `${r.id}  ${categoryName(r.category)}  ${new Date(Number(r.created_at)).toISOString().slice(0, 16)}  ${r.title.slice(0, 60)}  [${articleLanguages(r).join(', ')}]`,
    )
    .join('\n');
}

async function addArticle(db: Db, category: number, english: ArticleText, translations: Record<string, ArticleText>, now: number): Promise<string> {
  const id = await insertArticle(db, category, english, translations, now);
  const langs = Object.keys(translations);
  return `Article ${id} added (${categoryName(category)}): "${english.title}" in en${langs.length ? `, ${langs.join(', ')}` : ''}.`;
}

async function translateArticle(db: Db, args: string[]): Promise<string> {
  const [idText, prefix, ...rest] = args;
  const usage = 'article translate <id> <lang> <title> | <summary> | <content…>';
  if (!/^\d{1,9}$/.test(idText ?? '')) throw refusal('refusals.usage', { usage });
  const lang = langOf(prefix, false);
  const remove = rest.length === 1 && rest[0] === '-';
  let text: ArticleText | null = null;
  if (!remove) {
    const [title, summary, content] = parts(rest, 3, usage);
    assertText(lang, { title, summary, content }, false);
    text = { title, summary, content };
  }
  if (!(await saveTranslation(db, Number(idText), lang, text))) throw refusal('refusals.content.articleUnknown', { id: idText ?? '' });
  return text
    ? `Article ${idText}: ${lang} text saved ("${text.title.slice(0, TITLE_MAX)}").`
    : `Article ${idText}: the ${lang} text is removed; ${lang} readers see the English text.`;
}

/** A file's {lang: {…}} with English first checked whole; throws before anything is written. */
function articleFile(file: string | undefined): { english: ArticleText; translations: Record<string, ArticleText> } {
  const data = readJson(file);
  for (const lang of Object.keys(data)) langOf(lang, true);
  if (!data.en) throw refusal('refusals.content.englishMissing', { file: file ?? '' });
  const texts: Record<string, ArticleText> = {};
  for (const [lang, value] of Object.entries(data)) {
    const v = (value ?? {}) as Partial<ArticleText>;
    assertText(lang, v, false);
    texts[lang] = { title: v.title!.trim(), summary: v.summary!.trim(), content: v.content!.trim() };
  }
  const { en: english, ...translations } = texts;
  return { english, translations };
}

export async function articleCommand(db: Db, args: string[], now: number): Promise<string> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list':
    case undefined:
      return listArticles(db, rest[0]);
    case 'add': {
      const category = categoryOf(rest[0]);
      const [title, summary, content] = parts(rest.slice(1), 3, 'article add <category> <title> | <summary> | <content…>');
      assertText('en', { title, summary, content }, false);
      return addArticle(db, category, { title, summary, content }, {}, now);
    }
    case 'translate':
      return translateArticle(db, rest);
    case 'import': {
      const category = categoryOf(rest[0]);
      const { english, translations } = articleFile(rest[1]);
      return addArticle(db, category, english, translations, now);
    }
    default:
      throw refusal('refusals.unknownCommand', { family: 'article', input: sub, help: CONTENT_HELP });
  }
}

export async function noticeCommand(db: Db, args: string[], now: number): Promise<string> {
  const [sub, ...rest] = args;
  if (sub !== 'broadcast') throw refusal('refusals.unknownCommand', { family: 'notice', input: sub ?? '', help: CONTENT_HELP });
  let texts: Record<string, NoticeText>;
  if (rest.length === 1 && rest[0].endsWith('.json')) {
    const data = readJson(rest[0]);
    for (const lang of Object.keys(data)) langOf(lang, true);
    if (!data.en) throw refusal('refusals.content.englishMissing', { file: rest[0] });
    texts = {};
    const problems: string[] = [];
    for (const [lang, value] of Object.entries(data)) {
      const v = (value ?? {}) as Partial<NoticeText>;
      problems.push(...noticeTextProblems(lang, v));
      texts[lang] = { title: String(v.title ?? '').trim(), body: String(v.body ?? '').trim() };
    }
    if (problems.length > 0) throw refusal('refusals.content.noticeProblems', { problems: problems.join('; ') });
  } else {
    const [title, body] = parts(rest, 2, 'notice broadcast <title> | <body…>   or   notice broadcast <file.json>');
    const problems = noticeTextProblems('en', { title, body });
    if (problems.length > 0) throw refusal('refusals.content.noticeProblems', { problems: problems.join('; ') });
    texts = { en: { title, body } };
  }
  const { id } = await broadcast(db, texts, now);
  return `Broadcast ${id} sent to ${await audienceSize(db, null, now)} users in ${Object.keys(texts).join(', ')} ("${texts.en.title}").`;
}
