// Live customer support: a customer writes (text and/or an image of theirs), support answers and
// closes. One conversation per customer is open at a time; a closed one stays as history and the
// customer's next message opens a new one. Each side has a read marker (the last message id it
// has seen); an answer to a customer who is away from the chat also becomes a notice. Messages
// are stored and answered as plain text: nothing here or in the app renders them as HTML.
import { sql } from 'kysely';
import type { AdminSupportConversation, AdminSupportConversationRow, SupportMessage, SupportThread } from '../../contract/generated/types.ts';
import { transact, type Db } from '../core/db/index.ts';
import { forUpdate } from '../core/db/locks.ts';
import type { ConversationRow, MessageRow } from '../core/db/types.ts';
import { validationError } from '../core/errors.ts';
import type { Tx } from '../core/ledger.ts';
import { notify } from '../core/notify.ts';
import { userLabel } from '../core/review-kind.ts';
import type { Actor } from '../platform/audit/actor.ts';
import { appendAudit } from '../platform/audit/audit.ts';
import { ownUpload, uploadNameOf, uploadUrl } from '../platform/uploads/uploads.ts';

/** A customer whose chat has not asked for news for this long is away: an answer also becomes a notice. */
export const AWAY_MS = 60_000;
/** Messages a customer's chat shows; the back office shows more of a conversation. */
const CUSTOMER_MESSAGES = 100;
const OPERATOR_MESSAGES = 200;
/** Messages one customer may send a minute (a text and an image are one). */
export const SEND_RATE = { max: 20, windowMs: 60_000 };
const PREVIEW = 80;

const iso = (ms: number) => new Date(Number(ms)).toISOString();

function messageView(row: MessageRow & { operator_name?: string | null }, forOperator: boolean): SupportMessage {
  return {
    id: Number(row.id),
    from: row.author,
    // customers see "Support", never who answered
    author: forOperator && row.author === 'operator' ? (row.operator_name ?? '') : '',
    text: row.body,
    image: row.image ? uploadUrl(row.image) : '',
    at: iso(row.created_at),
  };
}

async function latestMessages(db: Tx, conversationId: number, limit: number) {
  const rows = await db
    .selectFrom('support_messages')
    .leftJoin('operators', 'operators.id', 'support_messages.operator_id')
    .selectAll('support_messages')
    .select('operators.name as operator_name')
    .where('conversation_id', '=', conversationId)
    .orderBy('support_messages.id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

/** The customer's open conversation, else the last closed one, with its latest messages; the customer has now seen it. */
export async function customerThread(db: Db, userId: number, now: number): Promise<SupportThread> {
  const conversation = await db.selectFrom('support_conversations').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!conversation) return { id: 0, status: 'none', messages: [] };
  const rows = await latestMessages(db, conversation.id, CUSTOMER_MESSAGES);
  const lastId = rows.length ? Number(rows[rows.length - 1].id) : 0;
  await db.updateTable('support_conversations').set({ customer_seen_at: now, customer_read_id: lastId }).where('id', '=', conversation.id).execute();
  return { id: Number(conversation.id), status: conversation.status, messages: rows.map((r) => messageView(r, false)) };
}

/** The customer's open conversation, opened now when there is none (two first messages at once still make one). */
async function openConversation(trx: Tx, userId: number, now: number): Promise<ConversationRow> {
  // held until commit, so an operator closing it meanwhile waits for this message instead of leaving it in a closed conversation
  const open = () =>
    forUpdate(trx, trx.selectFrom('support_conversations').selectAll().where('user_id', '=', userId).where('status', '=', 'open')).executeTakeFirst();
  const existing = await open();
  if (existing) return existing;
  await trx
    .insertInto('support_conversations')
    .values({ user_id: userId, status: 'open', created_at: now, updated_at: now, customer_seen_at: now, closed_at: null, closed_by: null })
    .onConflict((oc) => oc.column('user_id').where('status', '=', sql.lit('open')).doNothing())
    .execute();
  return (await open())!;
}

/** A customer's message: trimmed text (at most 1000 characters, checked by the schema) and/or an image this customer uploaded. */
export async function customerSend(db: Db, userId: number, input: { text?: string; image?: string }, now: number): Promise<SupportMessage> {
  const text = (input.text ?? '').trim();
  const imageUrl = (input.image ?? '').trim();
  if (!text && !imageUrl) throw validationError('text', 'service.chat.emptyMessage');
  const name = imageUrl ? uploadNameOf(imageUrl) : undefined;
  if (imageUrl && !name) throw validationError('image', 'service.chat.imageNotYours');
  return transact(db, async (trx) => {
    if (name && !(await ownUpload(trx, userId, name))) throw validationError('image', 'service.chat.imageNotYours');
    const conversation = await openConversation(trx, userId, now);
    const row = await trx
      .insertInto('support_messages')
      .values({ conversation_id: conversation.id, author: 'customer', operator_id: null, body: text, image: name ?? null, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.updateTable('support_conversations').set({ updated_at: now, customer_seen_at: now }).where('id', '=', conversation.id).execute();
    return messageView(row, false);
  });
}

/** The inbox: open (or closed) conversations, the latest first, each with the customer's unread messages counted. */
export async function inbox(db: Db, status: 'open' | 'closed'): Promise<AdminSupportConversationRow[]> {
  const rows = await db
    .selectFrom('support_conversations as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.user_id', 'c.status', 'c.updated_at', 'u.email', 'u.phone', 'u.country_code'])
    .select((eb) => [
      eb
        .selectFrom('support_messages as m')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('m.conversation_id', '=', 'c.id')
        .where('m.author', '=', 'customer')
        .whereRef('m.id', '>', 'c.operator_read_id')
        .as('unread'),
      eb.selectFrom('support_messages as m').select('m.body').whereRef('m.conversation_id', '=', 'c.id').orderBy('m.id', 'desc').limit(1).as('last_body'),
    ])
    .where('c.status', '=', status)
    .orderBy('c.updated_at', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    uid: Number(r.user_id),
    user: userLabel(r),
    status: r.status,
    unread: Number(r.unread ?? 0),
    lastMessage: (r.last_body ?? '').slice(0, PREVIEW),
    updated: iso(r.updated_at),
  }));
}

/** The conversation; `hold`: locked until the transaction ends (a reply and a close of it take turns). */
async function conversationOrFail(db: Tx, id: number, hold = false): Promise<ConversationRow> {
  const query = db.selectFrom('support_conversations').selectAll().where('id', '=', id);
  const row = await (hold ? forUpdate(db, query) : query).executeTakeFirst();
  if (!row) throw validationError('id', 'admin.conversationUnknown');
  return row;
}

async function customerOf(db: Tx, userId: number): Promise<string> {
  const user = await db.selectFrom('users').select(['email', 'phone', 'country_code']).where('id', '=', userId).executeTakeFirstOrThrow();
  return userLabel(user);
}

/** One conversation for the back office; support has now read the customer's messages in it. */
export async function operatorConversation(db: Db, id: number): Promise<AdminSupportConversation> {
  const conversation = await conversationOrFail(db, id);
  const rows = await latestMessages(db, id, OPERATOR_MESSAGES);
  const lastId = rows.length ? Number(rows[rows.length - 1].id) : 0;
  if (lastId > Number(conversation.operator_read_id))
    await db.updateTable('support_conversations').set({ operator_read_id: lastId }).where('id', '=', id).execute();
  const closedBy = conversation.closed_by
    ? ((await db.selectFrom('operators').select('name').where('id', '=', conversation.closed_by).executeTakeFirst())?.name ?? '')
    : '';
  return {
    id: Number(conversation.id),
    uid: Number(conversation.user_id),
    user: await customerOf(db, conversation.user_id),
    status: conversation.status,
    created: iso(conversation.created_at),
    closedBy,
    messages: rows.map((r) => messageView(r, true)),
  };
}

/** An operator's answer, in an open conversation; a customer who is away is also sent a notice (one until they look). */
export async function reply(db: Db, actor: Actor, id: number, text: string, now: number): Promise<SupportMessage> {
  const body = text.trim();
  if (!body) throw validationError('text', 'admin.replyRequired');
  return transact(db, async (trx) => {
    const conversation = await conversationOrFail(trx, id, true);
    if (conversation.status !== 'open') throw validationError('id', 'admin.conversationClosed');
    const unseenAnswers = await trx
      .selectFrom('support_messages')
      .select((e) => e.fn.countAll().as('n'))
      .where('conversation_id', '=', id)
      .where('author', '=', 'operator')
      .where('id', '>', conversation.customer_read_id)
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('support_messages')
      .values({ conversation_id: id, author: 'operator', operator_id: actor.operatorId ?? null, body, image: null, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('support_conversations')
      .set({ updated_at: now, operator_read_id: Number(row.id) })
      .where('id', '=', id)
      .execute();
    const away = now - Number(conversation.customer_seen_at) >= AWAY_MS;
    if (away && Number(unseenAnswers.n) === 0) await notify(trx, conversation.user_id, 'support_reply', {}, now);
    await appendAudit(
      trx,
      { ...actor, action: 'support.reply', targetKind: 'conversation', targetId: id, after: { messageId: Number(row.id), text: body } },
      now,
    );
    const operatorName = actor.operatorId
      ? (await trx.selectFrom('operators').select('name').where('id', '=', actor.operatorId).executeTakeFirst())?.name
      : null;
    return messageView({ ...row, operator_name: operatorName }, true);
  });
}

/** Ends a conversation; the customer's next message opens a new one. */
export async function closeConversation(db: Db, actor: Actor, id: number, now: number): Promise<AdminSupportConversationRow> {
  return transact(db, async (trx) => {
    const before = await conversationOrFail(trx, id, true);
    if (before.status !== 'open') throw validationError('id', 'admin.conversationClosed');
    const after = await trx
      .updateTable('support_conversations')
      .set({ status: 'closed', closed_at: now, closed_by: actor.operatorId ?? null })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .returningAll()
      .executeTakeFirst();
    // another operator closed it a moment earlier
    if (!after) throw validationError('id', 'admin.conversationClosed');
    await appendAudit(trx, { ...actor, action: 'support.close', targetKind: 'conversation', targetId: id, before, after }, now);
    return {
      id,
      uid: Number(after.user_id),
      user: await customerOf(trx, after.user_id),
      status: 'closed',
      unread: 0,
      lastMessage: '',
      updated: iso(after.updated_at),
    };
  });
}
