// GET /admin/articles, /admin/articles/detail, POST /admin/articles/add, /admin/articles/translate,
// /admin/articles/untranslate, /admin/articles/publish; GET /admin/notices, POST /admin/notices/broadcast,
// GET /admin/notices/audience (how many customers a broadcast's conditions reach).
import type { ContentAdmin } from '../../core/content-admin.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { idempotencyKeyOf } from '../../platform/http/idempotency.ts';
import { operatorActor } from '../../platform/audit/actor.ts';
import { addArticle, broadcastNotice, broadcastTexts, publishArticle, translateArticle } from '../content.ts';
import { onePage } from '../../platform/http/records.ts';

const texts = (input: { title: string; summary: string; content: string }) => ({
  title: input.title.trim(),
  summary: input.summary.trim(),
  content: input.content.trim(),
});

export function contentHandlers(content: ContentAdmin): (ctx: AppContext) => HandlerTable {
  return (ctx) => {
    const { db } = ctx;
    const now = () => ctx.now();
    return {
      adminArticles: async (input) => {
        const list = await content.articles(db, input.category || undefined);
        return onePage(list);
      },
      adminArticle: async (input) => content.article(db, input.id),
      adminAddArticle: async (input, { session, req }) => addArticle(db, content, operatorActor(session, req), input.category, texts(input), now()),
      adminTranslateArticle: async (input, { session, req }) =>
        translateArticle(db, content, operatorActor(session, req), input.id, input.lang, texts(input), now()),
      adminUntranslateArticle: async (input, { session, req }) => translateArticle(db, content, operatorActor(session, req), input.id, input.lang, null, now()),
      adminPublishArticle: async (input, { session, req }) => publishArticle(db, content, operatorActor(session, req), input.id, input.published, now()),
      adminBroadcasts: async (_input, { req }) => {
        const list = await content.broadcasts(db, undefined, ctx.i18n.resolve(req.headers.lang));
        return onePage(list);
      },
      adminBroadcastNotice: async (input, { session, req }) =>
        broadcastNotice(db, content, operatorActor(session, req), { texts: broadcastTexts(input), audience: input }, idempotencyKeyOf(req), now()),
      adminBroadcastAudience: async (input) => ({ recipients: await content.audienceSize(db, await content.audience(db, input), now()) }),
    };
  };
}
