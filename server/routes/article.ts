// Announcements and other articles (public), newest first.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { toCount } from '../db/index.ts';
import type { ArticleRow } from '../db/types.ts';
import { notFound } from '../http/errors.ts';
import { idQuery, isoTime, type Page, type PagingInput, pagedQuery, pageOf } from '../http/paging.ts';
import { addRoute } from '../http/route.ts';

export interface Article {
  ID: number;
  title: string;
  summary: string;
  content: string;
  cate: number;
  CreatedAt: string;
}

export function toArticle(row: ArticleRow): Article {
  return {
    ID: Number(row.id),
    title: row.title,
    summary: row.summary,
    content: row.content,
    cate: Number(row.cate),
    CreatedAt: isoTime(row.created_at),
  };
}

const SOURCE = 'server/routes/article.ts';

export function registerArticleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, validator } = ctx;

  addRoute<PagingInput & { cate?: number }>(app, ctx, {
    method: 'GET',
    path: '/base/article',
    input: pagedQuery(validator, SOURCE, { cate: { type: 'integer', minimum: 0, maximum: 1000 } }),
    handler: async (input): Promise<Page<Article>> => {
      const { page, pageSize, offset } = pageOf(input);
      let base = db.selectFrom('articles');
      if (input.cate !== undefined) base = base.where('cate', '=', input.cate);
      const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute();
      return { list: rows.map(toArticle), total: toCount(n), page, pageSize };
    },
  });

  addRoute<{ ID: number }>(app, ctx, {
    method: 'GET',
    path: '/base/article/detail',
    input: idQuery(validator, SOURCE),
    handler: async (input) => {
      const row = await db.selectFrom('articles').selectAll().where('id', '=', input.ID).executeTakeFirst();
      if (!row) throw notFound();
      return toArticle(row);
    },
  });
}
