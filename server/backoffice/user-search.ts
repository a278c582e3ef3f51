// Finding customers in the back office: one search text matched against the id, the e-mail
// address (any part), the phone number in whatever format it was typed (+86 138-0000-0000, spaces,
// dashes, with or without the country code), the invitation code and the name on the identity
// check; counted, ordered and paged by the database, never in memory.
import { type ExpressionBuilder, type Expression, type SqlBool, sql } from 'kysely';
import type { AdminUser } from '../../contract/generated/types.ts';
import type { Page } from '../../contract/screen.ts';
import type { Db } from '../core/db/index.ts';
import { toCount } from '../core/db/index.ts';
import type { Database } from '../core/db/types.ts';
import { pageOf, type PagingInput } from '../platform/http/records.ts';
import { userSummary } from './users.ts';

/** The orders the customer list takes (schemas/admin/admin-users.json `sort`). */
export type UserSort = 'uid' | '-uid' | 'email' | '-email' | 'created' | '-created';

const SORT_COLUMNS = { uid: 'id', email: 'email', created: 'created_at' } as const;

/** What a phone number may be typed with besides its digits. */
const PHONE_TEXT = /^\+?[\d\s().-]+$/;

/** The digits of a typed phone number, without an international prefix's 00 (0086 138… is +86 138…). */
export function phoneDigits(text: string): string | undefined {
  if (!PHONE_TEXT.test(text)) return undefined;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 3) return undefined;
  return text.startsWith('00') ? digits.slice(2) : digits;
}

/** A LIKE pattern that finds `text` anywhere, its own % _ and \ taken literally. */
const containing = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

const MAX_ID = 2147483647;

function matches(eb: ExpressionBuilder<Database, 'users'>, text: string): Expression<SqlBool> {
  const lower = text.toLowerCase();
  const anywhere = containing(lower);
  const ors: Expression<SqlBool>[] = [
    sql<SqlBool>`lower(${eb.ref('users.email')}) like ${anywhere} escape '\\'`,
    sql<SqlBool>`upper(${eb.ref('users.invitation_code')}) = ${text.toUpperCase()}`,
    eb.exists(
      eb
        .selectFrom('user_cards')
        .select('user_cards.id')
        .whereRef('user_cards.user_id', '=', 'users.id')
        .where(sql<SqlBool>`lower(${sql.ref('user_cards.name')}) like ${anywhere} escape '\\'`),
    ),
  ];
  if (/^\d{1,10}$/.test(text) && Number(text) <= MAX_ID) ors.push(eb('users.id', '=', Number(text)));
  const digits = phoneDigits(text);
  if (digits) {
    const pattern = containing(digits);
    // the national number alone, or after the country code's digits (+86 is stored apart from 13800000000)
    ors.push(sql<SqlBool>`${eb.ref('users.phone')} like ${pattern} escape '\\'`);
    ors.push(sql<SqlBool>`(replace(${eb.ref('users.country_code')}, '+', '') || ${eb.ref('users.phone')}) like ${pattern} escape '\\'`);
  }
  return eb.or(ors);
}

export interface UserSearch extends PagingInput {
  q?: string;
  sort?: UserSort;
}

/** One page of the customers the text finds (every customer for none), newest first unless asked otherwise. */
export async function searchUsers(db: Db, input: UserSearch): Promise<Page<AdminUser>> {
  const { page, pageSize, offset } = pageOf(input);
  const text = (input.q ?? '').trim();
  const base = text ? db.selectFrom('users').where((eb) => matches(eb, text)) : db.selectFrom('users');
  const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const sort = input.sort ?? '-uid';
  const column = SORT_COLUMNS[sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  const dir = sort.startsWith('-') ? 'desc' : 'asc';
  const rows = await base.selectAll('users').orderBy(column, dir).orderBy('id', dir).limit(pageSize).offset(offset).execute();
  return { list: rows.map(userSummary), total: toCount(n), page, pageSize };
}
