// The back office's view of the operator's content (server/core/content-admin.ts): the same
// rows and rules as the CLI's `article …` and `notice broadcast` (article-store.ts,
// articles.ts, notices.ts), with refusals as translated validation errors on the form's field.
import type { AdminArticle, AdminArticleDetail, AdminBroadcast } from '../../contract/generated/types.ts';
import type { ArticleTexts, BroadcastTexts, ContentAdmin } from '../core/content-admin.ts';
import { languagesConfig } from '../core/config.ts';
import { type Db, isoTime } from '../core/db/index.ts';
import type { ArticleRow } from '../core/db/types.ts';
import { validationError } from '../core/errors.ts';
import { ARTICLE_CATEGORIES, type ArticleCategory, articleTextIssues, parseTranslations, unsafeMarkupIn } from './articles.ts';
import { articleById, articleLanguages, categoryName, insertArticle, latestArticles, saveTranslation, setArticlePublished } from './article-store.ts';
import { audienceOf, audienceSize, audienceText } from './broadcast-audience.ts';
import { audienceOfRow, broadcast, broadcastLanguages, broadcastRows, broadcastText, noticeTextIssues, recipientsOf } from './notices.ts';

/** The locale key of each length limit, by field: the schema files' messages say the same. */
const LENGTH_KEYS: Record<string, string> = {
  title: 'admin.titleLength',
  summary: 'admin.summaryLength',
  content: 'admin.contentLength',
  body: 'admin.bodyLength',
};

function checkArticleText(text: ArticleTexts): void {
  const [issue] = articleTextIssues(text, false);
  if (!issue) return;
  if (issue.problem === 'unsafe') throw validationError(issue.field, 'admin.contentUnsafe', { markup: unsafeMarkupIn(text[issue.field]) });
  throw validationError(issue.field, LENGTH_KEYS[issue.field]);
}

/** Checks each language's text; `fieldOf` names the form field of a language's title or body. */
function checkBroadcastTexts(texts: Record<string, BroadcastTexts>, fieldOf: (lang: string, field: string) => string): void {
  for (const [lang, text] of Object.entries(texts)) {
    const [issue] = noticeTextIssues(text);
    if (issue) throw validationError(fieldOf(lang, issue.field), LENGTH_KEYS[issue.field]);
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One language's text as the detail shows it: the language, the title and summary (as text), the content (as stored HTML). */
function languageSection(prefix: string, text: ArticleTexts): string {
  const name = languagesConfig().languages.find((l) => l.prefix === prefix)?.name ?? prefix;
  return `<h2>${escapeHtml(name)} (${prefix})</h2><h3>${escapeHtml(text.title)}</h3><p><em>${escapeHtml(text.summary)}</em></p>${text.content}`;
}

function toAdminArticle(row: ArticleRow): AdminArticle {
  return {
    id: Number(row.id),
    category: categoryName(row.category) as AdminArticle['category'],
    title: row.title,
    languages: articleLanguages(row).join(', '),
    created: isoTime(Number(row.created_at)),
    published: Number(row.published) === 1,
  };
}

function toAdminArticleDetail(row: ArticleRow): AdminArticleDetail {
  const translations = parseTranslations(row.translations);
  const sections: Record<string, string> = {};
  for (const { prefix } of languagesConfig().languages) {
    const text = prefix === 'en' ? row : translations[prefix];
    sections[prefix] = text?.title ? languageSection(prefix, { title: text.title, summary: text.summary ?? '', content: text.content ?? '' }) : '';
  }
  return { ...toAdminArticle(row), ...sections } as AdminArticleDetail;
}

async function toAdminBroadcasts(db: Db, rows: Awaited<ReturnType<typeof broadcastRows>>, locale?: string): Promise<AdminBroadcast[]> {
  const out: AdminBroadcast[] = [];
  for (const row of rows) {
    const at = Number(row.created_at);
    const languages = broadcastLanguages(row.texts).join(', ');
    const audience = audienceText(audienceOfRow(row), locale);
    out.push({ id: Number(row.id), ...broadcastText(row.texts, 'en'), languages, audience, recipients: await recipientsOf(db, row), created: isoTime(at) });
  }
  return out;
}

export const contentAdmin: ContentAdmin = {
  articles: async (db, category) => (await latestArticles(db, category ? ARTICLE_CATEGORIES[category as ArticleCategory] : undefined)).map(toAdminArticle),
  article: async (db, id) => {
    const row = await articleById(db, id);
    if (!row) throw validationError('id', 'admin.articleUnknown');
    return toAdminArticleDetail(row);
  },
  addArticle: async (db, category, english, now) => {
    if (!(category in ARTICLE_CATEGORIES)) throw validationError('category', 'admin.articleCategory');
    checkArticleText(english);
    return insertArticle(db, ARTICLE_CATEGORIES[category as ArticleCategory], english, {}, now);
  },
  translateArticle: async (db, id, lang, text) => {
    if (text) checkArticleText(text);
    if (!(await saveTranslation(db, id, lang, text))) throw validationError('id', 'admin.articleUnknown');
  },
  publishArticle: async (db, id, published) => {
    if (!(await setArticlePublished(db, id, published))) throw validationError('id', 'admin.articleUnknown');
  },
  broadcast: async (db, texts, key, now, audience) => {
    checkBroadcastTexts(texts, (lang, field) => (lang === 'en' ? field : `lang${field[0].toUpperCase()}${field.slice(1)}`));
    return broadcast(db, texts, now, key, audience);
  },
  audience: audienceOf,
  audienceSize,
  broadcasts: async (db, id, locale) => toAdminBroadcasts(db, await broadcastRows(db, id), locale),
};
