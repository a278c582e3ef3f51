// What a customer reads in the notification centre: their own event notices and the operator's
// broadcasts, newest first, each with its read state. A broadcast reaches the users who existed
// when it was sent (created_at ≥ the user's), so a new account does not open on a backlog of old
// operator messages; a targeted one only its recipients (broadcast-audience.ts). Event notices are translated here, in the reader's language, from the
// locale keys notice.<event>.title/body; broadcasts carry their own text per language with the
// English text as the fallback.
import type { Notice } from '../../contract/generated/types.ts';
import { languagesConfig } from '../core/config.ts';
import { isoTime, toCount, type Db } from '../core/db/index.ts';
import type { NoticeRow, UserRow } from '../core/db/types.ts';
import { notFound } from '../core/errors.ts';
import type { I18n, Params } from '../platform/i18n/i18n.ts';
import { loadConfig } from '../../contract/loader.ts';
import type { Audience } from '../core/content-admin.ts';
import { audienceIds, audienceSize } from './broadcast-audience.ts';

export interface NoticeText {
  title: string;
  body: string;
}

/** Language prefix (de, jp…) of a `lang` header value, by the languages config; default en. */
export function langPrefix(i18n: I18n, lang: unknown): string {
  const code = i18n.resolve(lang);
  return languagesConfig().languages.find((l) => l.code === code)?.prefix ?? 'en';
}

function parseObject(json: string): Record<string, unknown> {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const PAIRS = new Map(
  loadConfig<{ markets: { symbol: string; base: string; quote: string }[] }>('markets').markets.map((m) => [m.symbol.toLowerCase(), `${m.base}/${m.quote}`]),
);

/** The parameters as a message shows them: a market symbol (btcusdt) as its pair (BTC/USDT). */
function messageParams(json: string): Params {
  const out: Params = {};
  for (const [k, v] of Object.entries(parseObject(json))) {
    if (typeof v === 'string' || typeof v === 'number') out[k] = k === 'symbol' ? (PAIRS.get(String(v).toLowerCase()) ?? String(v).toUpperCase()) : v;
  }
  return out;
}

/** The languages a broadcast has a text in, English first. */
export function broadcastLanguages(texts: string): string[] {
  return ['en', ...Object.keys(parseObject(texts)).filter((p) => p !== 'en')];
}

/** A broadcast's text in `prefix`, else its English text. */
export function broadcastText(texts: string, prefix: string): NoticeText {
  const all = parseObject(texts);
  const pick = (p: string): NoticeText | undefined => {
    const t = all[p] as Partial<NoticeText> | undefined;
    return t && typeof t.title === 'string' && t.title.trim() !== '' ? { title: t.title, body: typeof t.body === 'string' ? t.body : '' } : undefined;
  };
  return pick(prefix) ?? pick('en') ?? { title: '', body: '' };
}

export function noticeText(i18n: I18n, lang: unknown, row: Pick<NoticeRow, 'user_id' | 'event' | 'params' | 'texts'>): NoticeText {
  if (row.user_id === null) return broadcastText(row.texts, langPrefix(i18n, lang));
  const code = i18n.resolve(lang);
  const params = messageParams(row.params);
  return { title: i18n.t(code, `notice.${row.event}.title`, params), body: i18n.t(code, `notice.${row.event}.body`, params) };
}

type Reader = Pick<UserRow, 'id' | 'created_at'>;

/** The notices `user` may read, with `read_at` of their read row (null: unread). */
function visible(db: Db, user: Reader) {
  return db
    .selectFrom('notices')
    .leftJoin('notice_reads', (join) => join.onRef('notice_reads.notice_id', '=', 'notices.id').on('notice_reads.user_id', '=', user.id))
    .where((eb) =>
      eb.or([
        eb('notices.user_id', '=', user.id),
        eb.and([
          eb('notices.user_id', 'is', null),
          eb('notices.created_at', '>=', Number(user.created_at)),
          eb.or([
            eb('notices.audience', 'is', null),
            eb.exists(
              eb
                .selectFrom('notice_recipients')
                .select('notice_recipients.notice_id')
                .whereRef('notice_recipients.notice_id', '=', 'notices.id')
                .where('notice_recipients.user_id', '=', user.id),
            ),
          ]),
        ]),
      ]),
    );
}

type ShownRow = Pick<NoticeRow, 'id' | 'user_id' | 'event' | 'params' | 'texts' | 'created_at'> & { read_at: number | null };

function toNotice(i18n: I18n, lang: unknown, row: ShownRow): Notice {
  const { title, body } = noticeText(i18n, lang, row);
  return {
    ID: Number(row.id),
    title,
    body,
    kind: row.user_id === null ? 'broadcast' : 'event',
    read: row.read_at === null ? 0 : 1,
    CreatedAt: isoTime(Number(row.created_at)),
  };
}

const COLUMNS = ['notices.id', 'notices.user_id', 'notices.event', 'notices.params', 'notices.texts', 'notices.created_at', 'notice_reads.read_at'] as const;

export async function noticePage(db: Db, i18n: I18n, lang: unknown, user: Reader, paging: { page: number; pageSize: number; offset: number }) {
  const { n } = await visible(db, user)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await visible(db, user)
    .select(COLUMNS)
    .orderBy('notices.created_at', 'desc')
    .orderBy('notices.id', 'desc')
    .limit(paging.pageSize)
    .offset(paging.offset)
    .execute();
  return { list: rows.map((r) => toNotice(i18n, lang, r)), total: toCount(n), page: paging.page, pageSize: paging.pageSize };
}

/** One notice of the reader's, marked read; another user's (or an unknown id) is not found. */
export async function openNotice(db: Db, i18n: I18n, lang: unknown, user: Reader, id: number, now: number): Promise<Notice> {
  const row = await visible(db, user).select(COLUMNS).where('notices.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  if (row.read_at === null) {
    await db
      .insertInto('notice_reads')
      .values({ notice_id: id, user_id: user.id, read_at: now })
      .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
      .execute();
  }
  return toNotice(i18n, lang, { ...row, read_at: row.read_at ?? now });
}

export async function unreadCount(db: Db, user: Reader): Promise<number> {
  const { n } = await visible(db, user)
    .where('notice_reads.notice_id', 'is', null)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return toCount(n);
}

/** Marks every unread notice of the reader read; how many were. */
export async function readAll(db: Db, user: Reader, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ids = await visible(trx, user).where('notice_reads.notice_id', 'is', null).select('notices.id').execute();
    for (let i = 0; i < ids.length; i += 200) {
      const values = ids.slice(i, i + 200).map((r) => ({ notice_id: Number(r.id), user_id: user.id, read_at: now }));
      await trx
        .insertInto('notice_reads')
        .values(values)
        .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
        .execute();
    }
    return ids.length;
  });
}

export const BROADCAST_TITLE_MAX = 200;
export const BROADCAST_BODY_MAX = 5000;

export interface NoticeTextIssue {
  field: keyof NoticeText;
  problem: 'empty' | 'tooLong';
  max: number;
}

const NOTICE_TEXT_MAX: Record<keyof NoticeText, number> = { title: BROADCAST_TITLE_MAX, body: BROADCAST_BODY_MAX };

/** What is wrong with one language's text of a broadcast ([] when it is fine). */
export function noticeTextIssues(text: Partial<NoticeText>): NoticeTextIssue[] {
  const issues: NoticeTextIssue[] = [];
  for (const field of ['title', 'body'] as const) {
    const value = text[field];
    const max = NOTICE_TEXT_MAX[field];
    if (typeof value !== 'string' || value.trim() === '') issues.push({ field, problem: 'empty', max });
    else if (value.length > max) issues.push({ field, problem: 'tooLong', max });
  }
  return issues;
}

/** The same as sentences for the command line. */
export function noticeTextProblems(lang: string, text: Partial<NoticeText>): string[] {
  return noticeTextIssues(text).map(({ field, problem, max }) =>
    problem === 'empty' ? `${lang}: the ${field} is empty` : `${lang}: the ${field} is longer than ${max} characters`,
  );
}

/**
 * An operator broadcast: `texts` by language prefix, English required; to `audience`'s customers
 * (their ids as they are now, kept with it), or to everyone registered when `audience` is null. With
 * a `key` (the sender's and their request's), a repeat of the same key sends nothing and gives the
 * first broadcast back (`created` false): a double submit is one broadcast. Run it in a transaction
 * when targeted, so the notice never shows without its recipients.
 */
export async function broadcast(
  db: Db,
  texts: Record<string, NoticeText>,
  now: number,
  key: string | null = null,
  audience: Audience | null = null,
): Promise<{ id: number; created: boolean }> {
  const row = await db
    .insertInto('notices')
    .values({ user_id: null, texts: JSON.stringify(texts), broadcast_key: key, audience: audience && JSON.stringify(audience), created_at: now })
    .onConflict((oc) => oc.column('broadcast_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) {
    const id = Number(row.id);
    if (audience) await addRecipients(db, id, await audienceIds(db, audience, now));
    return { id, created: true };
  }
  const first = await db.selectFrom('notices').select('id').where('broadcast_key', '=', key).executeTakeFirstOrThrow();
  return { id: Number(first.id), created: false };
}

async function addRecipients(db: Db, noticeId: number, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .insertInto('notice_recipients')
      .values(ids.slice(i, i + 500).map((user_id) => ({ notice_id: noticeId, user_id })))
      .execute();
  }
}

/** How many customers a broadcast reached: its recipients when targeted, else those registered when it was sent. */
export async function recipientsOf(db: Db, row: Pick<NoticeRow, 'id' | 'audience' | 'created_at'>): Promise<number> {
  if (row.audience === null) return audienceSize(db, null, Number(row.created_at));
  const { n } = await db
    .selectFrom('notice_recipients')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('notice_id', '=', Number(row.id))
    .executeTakeFirstOrThrow();
  return toCount(n);
}

/** The conditions a broadcast was sent with (null: everyone). */
export function audienceOfRow(row: Pick<NoticeRow, 'audience'>): Audience | null {
  return row.audience === null ? null : (parseObject(row.audience) as Audience);
}

/** Past broadcasts, newest first (at most 100), or the one with `id`. */
export async function broadcastRows(db: Db, id?: number): Promise<Pick<NoticeRow, 'id' | 'texts' | 'audience' | 'created_at'>[]> {
  let query = db.selectFrom('notices').select(['id', 'texts', 'audience', 'created_at']).where('user_id', 'is', null);
  if (id !== undefined) query = query.where('id', '=', id);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(100).execute();
}
