// Email and SMS verification codes: 6 digits, valid 10 minutes, single use, the newest
// code of a target replaces the older ones. Delivery is the outbox table (read it with
// `npm run ops -- outbox`); the code never goes back in an HTTP response.
// verification_codes.code holds a salted HMAC (server/platform/security/salted-hmac.ts) under the server
// secret's own key (server/platform/security/secret-key.ts, outside the database) of the channel, the
// target and the code. A plain hash of 6 digits falls to a million guesses; without
// the secret a database dump gives nothing to guess against. Rows stored before in plain text
// never match (they expired 10 minutes after being sent).
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS } from '../../core/config.ts';
import type { Db } from '../../core/db/index.ts';
import { lockNamed } from '../../core/db/locks.ts';
import type { UserRow } from '../../core/db/types.ts';
import { saltedHmac, saltedHmacMatches } from '../security/salted-hmac.ts';
import type { ServerSecret } from '../security/secret-key.ts';
import { randomDigits } from '../security/tokens.ts';

export type Channel = 'email' | 'sms';

export function emailTarget(email: string): string {
  return email.trim().toLowerCase();
}

export function smsTarget(countryCode: string, phone: string): string {
  return `${countryCode.trim()} ${phone.trim()}`;
}

function body(channel: Channel, code: string): string {
  const minutes = CODE_TTL_MS / 60_000;
  return channel === 'email'
    ? `Your CoinApp verification code is ${code}. It is valid for ${minutes} minutes. If you did not ask for it, ignore this email.`
    : `[CoinApp] Verification code ${code}, valid for ${minutes} minutes. Do not share it with anyone.`;
}

// a purpose of its own, so this key tells nothing about the withdrawal passwords' one
const KEY_PURPOSE = 'verification-code';

const message = (channel: Channel, target: string, code: string) => `${channel}\n${target}\n${code}`;

/** What verification_codes.code stores for `code` sent to `target`. */
export function hashCode(secret: ServerSecret, channel: Channel, target: string, code: string): string {
  return saltedHmac(secret.subkey(KEY_PURPOSE), message(channel, target, code));
}

/** Whether `code` is the one stored for `target`, compared in constant time; a plain-text row from before never is. */
export function codeMatches(secret: ServerSecret, channel: Channel, target: string, code: string, stored: string): boolean {
  return saltedHmacMatches(secret.subkey(KEY_PURPOSE), message(channel, target, code), stored);
}

export async function issueCode(db: Db, secret: ServerSecret, channel: Channel, target: string, now: number): Promise<void> {
  const code = randomDigits(6);
  const stored = hashCode(secret, channel, target, code);
  await db.transaction().execute(async (trx) => {
    // sends to one target take turns, so only the newest code is left unused
    await lockNamed(trx, `code:${channel}:${target}`);
    await trx
      .updateTable('verification_codes')
      .set({ used_at: now })
      .where('channel', '=', channel)
      .where('target', '=', target)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('verification_codes')
      .values({ channel, target, code: stored, attempts: 0, created_at: now, expires_at: now + CODE_TTL_MS, used_at: null })
      .execute();
    await deliver(trx, channel, target, body(channel, code), now, code);
  });
}

/** The anti-phishing code of the account an email address or `+cc phone` target belongs to, if it set one. */
async function antiPhishingCodeOf(db: Db, channel: Channel, target: string): Promise<string | null> {
  let q = db.selectFrom('users').select('anti_phishing_code');
  if (channel === 'email') q = q.where('email', '=', target);
  else {
    const [countryCode, phone] = target.split(' ');
    q = q.where('country_code', '=', countryCode).where('phone', '=', phone);
  }
  return (await q.executeTakeFirst())?.anti_phishing_code ?? null;
}

/**
 * Puts a message in the outbox (the delivery queue). When the account behind the target has an
 * anti-phishing code, the message starts with it, so a customer can tell ours from a fake.
 */
export async function deliver(db: Db, channel: Channel, target: string, text: string, now: number, code = ''): Promise<void> {
  const antiPhishing = await antiPhishingCodeOf(db, channel, target);
  const body = antiPhishing ? (channel === 'email' ? `Anti-phishing code: ${antiPhishing}\n\n${text}` : `[${antiPhishing}] ${text}`) : text;
  await db.insertInto('outbox').values({ channel, target, code, body, created_at: now }).execute();
}

/**
 * Checks a code without consuming it; returns its row id when right. A wrong guess counts
 * against the code, which dies after CODE_MAX_ATTEMPTS of them.
 */
export async function checkCode(db: Db, secret: ServerSecret, channel: Channel, target: string, code: string, now: number): Promise<number | null> {
  const row = await db
    .selectFrom('verification_codes')
    .select(['id', 'code', 'attempts', 'expires_at'])
    .where('channel', '=', channel)
    .where('target', '=', target)
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || Number(row.expires_at) <= now || row.attempts >= CODE_MAX_ATTEMPTS) return null;
  // a guess takes one of the code's attempts before it is compared, so guesses sent at once (to
  // several instances) cannot make more than the allowed number between them; a right one gives it back
  const claimed = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', CODE_MAX_ATTEMPTS)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1 || !codeMatches(secret, channel, target, code, row.code)) return null;
  await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('id', '=', row.id)
    .execute();
  return row.id;
}

/** Marks a checked code used; false if someone else used it meanwhile. */
export async function consumeCode(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db.updateTable('verification_codes').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Where messages to an account go: its email address, else its mobile number. */
export function contactOf(user: Pick<UserRow, 'email' | 'phone' | 'country_code'>): { channel: Channel; target: string } | undefined {
  if (user.email) return { channel: 'email', target: emailTarget(user.email) };
  if (user.phone) return { channel: 'sms', target: smsTarget(user.country_code, user.phone) };
  return undefined;
}
