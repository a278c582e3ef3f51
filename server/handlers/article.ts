// Announcements and other articles (public), newest first.
import type { Article } from '../../contract/generated/types.ts';
import type { AppContext } from '../context.ts';
import { toCount } from '../db/index.ts';
import type { ArticleRow } from '../db/types.ts';
import { notFound } from '../http/errors.ts';
import type { HandlerTable } from '../http/handler.ts';
import { isoTime, pageOf } from './records.ts';

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

export function articleHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  return {
    getArticles: async (input) => {
      const { page, pageSize, offset } = pageOf(input);
      const base = db.selectFrom('articles').where('cate', '=', input.cate);
      const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute();
      return { list: rows.map(toArticle), total: toCount(n), page, pageSize };
    },
    getArticle: async (input) => {
      const row = await db.selectFrom('articles').selectAll().where('id', '=', input.ID).executeTakeFirst();
      if (!row) throw notFound();
      return toArticle(row);
    },
  };
}
