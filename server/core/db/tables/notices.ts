// Notification and content tables (migration 0009_notices). Times are epoch milliseconds.
import type { Generated, Selectable } from 'kysely';

export interface NoticesTable {
  id: Generated<number>;
  /** The one reader of an event notice; null for an operator broadcast */
  user_id: number | null;
  /** Event name (locale keys notice.<event>.title/body); '' for a broadcast */
  event: Generated<string>;
  /** JSON object of the event's message parameters */
  params: Generated<string>;
  /** Broadcast: JSON {prefix: {title, body}}, `en` always present; '{}' for an event notice */
  texts: Generated<string>;
  /** Broadcast from the console: its sender's request key, unique (migration 0020); null otherwise */
  broadcast_key: Generated<string | null>;
  /** Broadcast to some customers: JSON of its conditions (migration 0038); null: everyone registered when it was sent */
  audience: Generated<string | null>;
  created_at: number;
}

/** The customers a targeted broadcast reached when it was sent (migration 0038). */
export interface NoticeRecipientsTable {
  notice_id: number;
  user_id: number;
}

export interface NoticeReadsTable {
  notice_id: number;
  user_id: number;
  read_at: number;
}

export interface NoticeTables {
  notices: NoticesTable;
  notice_reads: NoticeReadsTable;
  notice_recipients: NoticeRecipientsTable;
}

export type NoticeRow = Selectable<NoticesTable>;
