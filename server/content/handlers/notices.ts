// The notification centre (spec §7 GET /notice/getNoticeList): the reader's notices newest
// first, one notice (opening it marks it read), the unread count and mark-all-read
// (server/content/notices.ts).
import type { AppContext } from '../../platform/http/context.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { noticePage, openNotice, readAll, unreadCount } from '../notices.ts';
import { pageOf } from '../../platform/http/records.ts';

export function noticeHandlers(ctx: AppContext): HandlerTable {
  const { db, i18n } = ctx;
  return {
    getNoticeList: async (input, { user, req }) => noticePage(db, i18n, req.headers.lang, user, pageOf(input)),
    findNotice: async (input, { user, req }) => openNotice(db, i18n, req.headers.lang, user, input.ID, ctx.now()),
    getNoticeUnread: async (_input, { user }) => ({ count: await unreadCount(db, user) }),
    readAllNotices: async (_input, { user }) => ({ count: await readAll(db, user, ctx.now()) }),
  };
}
