// What the back office does with the operator's content, implemented by the content domain:
// articles (each language's text) and broadcasts. The back office runs the writes in its own
// transaction with their audit row; these check the text (a refusal is a translated
// validation error naming the field) and read or write the rows.
import type { AdminArticle, AdminArticleDetail, AdminBroadcast } from '../../contract/generated/types.ts';
import type { Db } from './db/index.ts';

export interface ArticleTexts {
  title: string;
  summary: string;
  content: string;
}

export interface BroadcastTexts {
  title: string;
  body: string;
}

/** A broadcast's conditions as the form sends them; '' or absent: any. */
export interface AudienceInput {
  toLang?: string;
  toCountry?: string;
  toCoin?: string;
  toMinBalance?: string;
}

/** Checked conditions: a language prefix, an ISO country (of the phone number), a coin held with at least a plain-decimal minimum. */
export interface Audience {
  lang?: string;
  country?: string;
  coin?: string;
  minBalance?: string;
}

export interface ContentAdmin {
  /** Newest first, of one category (announcement, terms, privacy) or all. */
  articles(db: Db, category: string | undefined): Promise<AdminArticle[]>;
  /** One article with each language's text; a validation error on `id` when there is none. */
  article(db: Db, id: number): Promise<AdminArticleDetail>;
  /** A new article in English; its id. */
  addArticle(db: Db, category: string, english: ArticleTexts, now: number): Promise<number>;
  /** Saves one language's text (English: the article's own), or removes a translation when `text` is null. */
  translateArticle(db: Db, id: number, lang: string, text: ArticleTexts | null): Promise<void>;
  /** Publishes the article or takes it down (customers then no longer see it); a validation error on `id` when there is none. */
  publishArticle(db: Db, id: number, published: boolean): Promise<void>;
  /** Sends a broadcast (refusals name the field title/body for English, langTitle/langBody for the other language); with `key`, a repeat of it sends nothing and gives the first back (`created` false). */
  broadcast(
    db: Db,
    texts: Record<string, BroadcastTexts>,
    key: string | null,
    now: number,
    audience: Audience | null,
  ): Promise<{ id: number; created: boolean }>;
  /** The conditions checked (a validation error naming toLang, toCountry, toCoin or toMinBalance); null: everyone. */
  audience(db: Db, input: AudienceInput): Promise<Audience | null>;
  /** How many customers a broadcast sent at `now` to `audience` reaches. */
  audienceSize(db: Db, audience: Audience | null, now: number): Promise<number>;
  /** Past broadcasts, newest first; or the one with `id`. Amounts in their conditions are written for `locale` (en-US without). */
  broadcasts(db: Db, id?: number, locale?: string): Promise<AdminBroadcast[]>;
}
