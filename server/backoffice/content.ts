// The operator's content from the console: articles added, translated (English edited) and taken down or published again, notices broadcast to
// every current user. The content domain checks and writes the rows (core/content-admin.ts);
// here each write runs in one transaction with its audit row, the row before and after.
import type { AdminArticleDetail, AdminBroadcast } from '../../contract/generated/types.ts';
import type { ArticleTexts, AudienceInput, BroadcastTexts, ContentAdmin } from '../core/content-admin.ts';
import type { Db } from '../core/db/index.ts';
import { ApiError, validationError } from '../core/errors.ts';
import { appendAudit } from '../platform/audit/audit.ts';
import { ResultCode } from '../../contract/result-codes.ts';
import type { Actor } from '../platform/audit/actor.ts';

export async function addArticle(
  db: Db,
  content: ContentAdmin,
  actor: Actor,
  category: string,
  english: ArticleTexts,
  now: number,
): Promise<AdminArticleDetail> {
  return db.transaction().execute(async (trx) => {
    const id = await content.addArticle(trx, category, english, now);
    const after = await content.article(trx, id);
    await appendAudit(trx, { ...actor, action: 'content.article.add', targetKind: 'article', targetId: id, after }, now);
    return after;
  });
}

/** Saves the article's text in `lang`, or removes it (`text` null: its readers then see English). */
export async function translateArticle(
  db: Db,
  content: ContentAdmin,
  actor: Actor,
  id: number,
  lang: string,
  text: ArticleTexts | null,
  now: number,
): Promise<AdminArticleDetail> {
  return db.transaction().execute(async (trx) => {
    const before = await content.article(trx, id);
    await content.translateArticle(trx, id, lang, text);
    const after = await content.article(trx, id);
    const action = text ? 'content.article.translate' : 'content.article.untranslate';
    await appendAudit(
      trx,
      {
        ...actor,
        action,
        targetKind: 'article',
        targetId: id,
        before: { [lang]: before[lang as keyof AdminArticleDetail] },
        after: { [lang]: after[lang as keyof AdminArticleDetail] },
      },
      now,
    );
    return after;
  });
}

/** Publishes the article or takes it down, with its audit row (published before and after). */
export async function publishArticle(db: Db, content: ContentAdmin, actor: Actor, id: number, published: boolean, now: number): Promise<AdminArticleDetail> {
  return db.transaction().execute(async (trx) => {
    const before = await content.article(trx, id);
    await content.publishArticle(trx, id, published);
    const after = await content.article(trx, id);
    const action = published ? 'content.article.publish' : 'content.article.unpublish';
    await appendAudit(
      trx,
      { ...actor, action, targetKind: 'article', targetId: id, before: { published: before.published }, after: { published: after.published } },
      now,
    );
    return after;
  });
}

/** One notice to every current user or to the audience's; a repeat of the same request key sends nothing and answers the first. */
export async function broadcastNotice(
  db: Db,
  content: ContentAdmin,
  actor: Actor,
  message: { texts: Record<string, BroadcastTexts>; audience: AudienceInput },
  requestKey: string | undefined,
  now: number,
): Promise<AdminBroadcast> {
  const { texts } = message;
  const key = requestKey === undefined || actor.operatorId == null ? null : `${actor.operatorId}:${requestKey}`;
  return db.transaction().execute(async (trx) => {
    const audience = await content.audience(trx, message.audience);
    const { id, created } = await content.broadcast(trx, texts, key, now, audience);
    const [sent] = await content.broadcasts(trx, id);
    if (!created) {
      if (sent.title !== texts.en.title || sent.body !== texts.en.body)
        throw new ApiError(ResultCode.error, 'idempotency.keyReused', { field: 'Idempotency-Key' });
      return sent;
    }
    await appendAudit(
      trx,
      { ...actor, action: 'content.notice.broadcast', targetKind: 'notice', targetId: id, after: { texts, audience, recipients: sent.recipients } },
      now,
    );
    return sent;
  });
}

export interface BroadcastForm {
  title: string;
  body: string;
  lang?: string;
  langTitle?: string;
  langBody?: string;
}

/** The broadcast form's texts by language: English, and the other language when one is chosen. */
export function broadcastTexts(form: BroadcastForm): Record<string, BroadcastTexts> {
  const texts: Record<string, BroadcastTexts> = { en: { title: form.title.trim(), body: form.body.trim() } };
  const other = { title: form.langTitle?.trim() ?? '', body: form.langBody?.trim() ?? '' };
  if (form.lang) texts[form.lang] = other;
  else if (other.title || other.body) throw validationError('lang', 'admin.broadcastLanguageMissing');
  return texts;
}
