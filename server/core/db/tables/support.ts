// Live customer support (migration 0017_support_chat). Times are epoch milliseconds.
import type { Generated, Selectable } from 'kysely';

export type ConversationStatus = 'open' | 'closed';
export type MessageAuthor = 'customer' | 'operator';

export interface SupportConversationsTable {
  id: Generated<number>;
  user_id: number;
  status: ConversationStatus;
  created_at: number;
  /** The last message's time: the inbox's order */
  updated_at: number;
  /** When the customer last had the chat open: an answer to a customer who is away also becomes a notice */
  customer_seen_at: number;
  /** The last message id each side has read: the other side's later messages are its unread ones */
  customer_read_id: Generated<number>;
  operator_read_id: Generated<number>;
  closed_at: number | null;
  /** The operator who closed it */
  closed_by: number | null;
}

export interface SupportMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  author: MessageAuthor;
  operator_id: number | null;
  /** Plain text, never HTML; '' for an image alone */
  body: string;
  /** An upload's name (server/platform/uploads) */
  image: string | null;
  created_at: number;
}

export interface SupportTables {
  support_conversations: SupportConversationsTable;
  support_messages: SupportMessagesTable;
}

export type ConversationRow = Selectable<SupportConversationsTable>;
export type MessageRow = Selectable<SupportMessagesTable>;
