// Notices the platform writes to a customer when something of theirs settles (a deposit,
// withdrawal, loan or identity check is decided, an order settles). Call it inside the
// transaction that makes the change, so the notice exists exactly when the change does.
// Only the event and its parameters are stored: the title and body are translated when the
// notice is read, in the reader's language (server/content/notices.ts).
// The events are named once, in contract/notice-events.ts.
import type { NoticeEvent } from '../../contract/notice-events.ts';
import type { Db } from './db/index.ts';

export { NOTICE_EVENTS, type NoticeEvent } from '../../contract/notice-events.ts';

export async function notify(db: Db, userId: number, event: NoticeEvent, params: Record<string, string>, now: number): Promise<void> {
  await db
    .insertInto('notices')
    .values({ user_id: userId, event, params: JSON.stringify(params), created_at: now })
    .execute();
}
