// One-time links that set a login password: 32 random bytes as hex in the link, only their
// sha256 stored, valid 30 minutes, single use. A new link of a user replaces the unused ones.
import type { Db } from '../../core/db/index.ts';
import { lockNamed } from '../../core/db/locks.ts';
import type { PasswordLinkPurpose } from '../../core/db/types.ts';
import { hashToken, newToken } from './tokens.ts';

export const PASSWORD_LINK_TTL_MS = 30 * 60_000;

/** The route of the app that opens a link (its query carries the token). */
export const PASSWORD_ROUTE = '/login/password';

/** Why a token sets no password. */
export type LinkProblem = 'unknown' | 'used' | 'expired';

/** Stores a new link for the user (older unused ones stop working) and returns its token. */
export async function issuePasswordLink(db: Db, userId: number, purpose: PasswordLinkPurpose, now: number): Promise<string> {
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    // links of one user take turns, so only the newest is left unused
    await lockNamed(trx, `password-link:${userId}`);
    await trx.updateTable('password_links').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
    await trx
      .insertInto('password_links')
      .values({ user_id: userId, token_hash: hashToken(token), purpose, created_at: now, expires_at: now + PASSWORD_LINK_TTL_MS, used_at: null })
      .execute();
  });
  return token;
}

/** The link's user when the token may still set a password, else what is wrong with it. Consumes nothing. */
export async function checkPasswordLink(db: Db, token: string, now: number): Promise<{ userId: number; id: number } | { problem: LinkProblem }> {
  const row = await db
    .selectFrom('password_links')
    .select(['id', 'user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return { problem: 'unknown' };
  if (row.used_at !== null) return { problem: 'used' };
  if (Number(row.expires_at) <= now) return { problem: 'expired' };
  return { userId: Number(row.user_id), id: Number(row.id) };
}

/** Marks a checked link used; false when another request used it meanwhile. */
export async function consumePasswordLink(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db.updateTable('password_links').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The link as the user receives it: APP_URL (default http://localhost:8080) and the app's hash route. */
export function passwordLinkUrl(token: string, appUrl = process.env.APP_URL ?? 'http://localhost:8080'): string {
  return `${appUrl.replace(/\/+$/, '')}/#${PASSWORD_ROUTE}?token=${token}`;
}
