// Articles as the operator keeps them (the CLI's `article …` and the back office): the list
// with the languages each is translated into, a new article in English, and one language's
// translation saved or removed. Callers check the text first (articleTextIssues).
import { languagesConfig } from '../core/config.ts';
import { type Db, transact } from '../core/db/index.ts';
import { forUpdate } from '../core/db/locks.ts';
import type { ArticleRow } from '../core/db/types.ts';
import { ARTICLE_CATEGORIES, type ArticleCategory, type ArticleText, parseTranslations } from './articles.ts';

export const ARTICLE_CATEGORY_NAMES = Object.keys(ARTICLE_CATEGORIES) as ArticleCategory[];

/** Every language prefix (de, en, jp…), and those an article is translated into (all but English). */
export const languagePrefixes = () => languagesConfig().languages.map((l) => l.prefix);
export const translationPrefixes = () => languagePrefixes().filter((p) => p !== 'en');

export const categoryName = (category: number): string => ARTICLE_CATEGORY_NAMES.find((c) => ARTICLE_CATEGORIES[c] === Number(category)) ?? String(category);

/** The languages the article has a text in: English, then its translations in the configured order. */
export function articleLanguages(row: Pick<ArticleRow, 'translations'>): string[] {
  const translated = parseTranslations(row.translations);
  return ['en', ...translationPrefixes().filter((p) => p in translated)];
}

/** Newest first, at most 100, of one category (its number) or all. */
export async function latestArticles(db: Db, category: number | undefined): Promise<ArticleRow[]> {
  let query = db.selectFrom('articles').selectAll();
  if (category !== undefined) query = query.where('category', '=', category);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(100).execute();
}

export async function articleById(db: Db, id: number): Promise<ArticleRow | undefined> {
  return db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A new article: its English text and any translations; its id. */
export async function insertArticle(db: Db, category: number, english: ArticleText, translations: Record<string, ArticleText>, now: number): Promise<number> {
  const row = await db
    .insertInto('articles')
    .values({ ...english, category, translations: JSON.stringify(translations), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Saves the article's text in `lang` (English: its own columns), or removes a translation (null: readers of `lang` then see English); false when there is no such article. */
export function saveTranslation(db: Db, id: number, lang: string, text: ArticleText | null): Promise<boolean> {
  return transact(db, async (trx) => {
    // held until commit: two languages saved at once must both stay
    const row = await forUpdate(trx, trx.selectFrom('articles').select(['id', 'translations']).where('id', '=', id)).executeTakeFirst();
    if (!row) return false;
    // English is the article's own columns (every reader's fallback): edited, never removed
    if (lang === 'en') {
      if (text) await trx.updateTable('articles').set({ title: text.title, summary: text.summary, content: text.content }).where('id', '=', id).execute();
      return true;
    }
    const translations = parseTranslations(row.translations);
    if (text) translations[lang] = text;
    else delete translations[lang];
    await trx
      .updateTable('articles')
      .set({ translations: JSON.stringify(translations) })
      .where('id', '=', id)
      .execute();
    return true;
  });
}

/** Publishes the article or takes it down; false when there is no such article. */
export async function setArticlePublished(db: Db, id: number, published: boolean): Promise<boolean> {
  const r = await db.updateTable('articles').set({ published: published ? 1 : 0 }).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
