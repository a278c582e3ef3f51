// Published announcements and other articles (public), newest first, in the request's language with the
// English text as the fallback (server/content/articles.ts), without any markup that could run code
// that a row stored before the write filter still holds (server/content/served-html.ts).
import type { AppContext } from '../../platform/http/context.ts';
import { toCount } from '../../core/db/index.ts';
import { notFound } from '../../core/errors.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { toArticle } from '../articles.ts';
import { servedArticle } from '../served-html.ts';
import { langPrefix } from '../notices.ts';
import { pageOf } from '../../platform/http/records.ts';

export function articleHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  const page = async (input: { cate: number; page?: number; pageSize?: number }, lang: unknown) => {
    const prefix = langPrefix(ctx.i18n, lang);
    const { page, pageSize, offset } = pageOf(input);
    const base = db.selectFrom('articles').where('category', '=', input.cate).where('published', '=', 1);
    const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute();
    return { list: rows.map((r) => servedArticle(toArticle(r, prefix))), total: toCount(n), page, pageSize };
  };
  return {
    getArticles: async (input, { req }) => page(input, req.headers.lang),
    // the same call for the terms of service and the privacy policy (cate 2, 3)
    getSiteDocuments: async (input, { req }) => page(input, req.headers.lang),
    getArticle: async (input, { req }) => {
      const row = await db.selectFrom('articles').selectAll().where('id', '=', input.ID).where('published', '=', 1).executeTakeFirst();
      if (!row) throw notFound();
      return servedArticle(toArticle(row, langPrefix(ctx.i18n, req.headers.lang)));
    },
  };
}
