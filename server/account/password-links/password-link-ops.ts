// Operator commands for accounts without a password: `user-create <email|phone> [countryCode]`
// makes one and sends it a set-password link; `reset-link <user>` sends a user a link that sets
// a new password. The link goes to the outbox (the delivery of this reference server) and is
// printed for the operator.
import { loadConfig } from '../../../contract/loader.ts';
import { deliver, emailTarget, smsTarget } from '../../platform/codes/codes.ts';
import type { Db } from '../../core/db/index.ts';
import type { PasswordLinkPurpose, UserRow } from '../../core/db/types.ts';
import { issuePasswordLink, PASSWORD_LINK_TTL_MS, passwordLinkUrl } from '../../platform/security/password-links.ts';
import { createUser, findUser, findUserByEmail, findUserByPhone, isEmail, isUniqueViolation } from '../../platform/sessions/users.ts';
import { refusal } from '../../core/errors.ts';

/** What password_hash holds until the user sets a password: verifyPassword() never accepts it. */
export const NO_PASSWORD = '';

/** The WHATWG "valid e-mail address" grammar (HTML living standard). */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const DEFAULT_COUNTRY_CODE = '+86';

export const PASSWORD_LINK_HELP = `  user-create <email|phone> [countryCode]
                      create an account without a password (phone: countryCode, default ${DEFAULT_COUNTRY_CODE});
                      its set-password link goes to the outbox
  reset-link <user>   send the user a link that sets a new login password (outbox)
                      links are valid 30 minutes, once; they start with APP_URL (default http://localhost:8080)`;

export interface LinkSent {
  user: number;
  sentTo: string;
  link: string;
  validUntil: string;
}

function dialCodes(): string[] {
  return loadConfig<{ dial: string }[]>('country-codes').map((c) => c.dial);
}

async function send(db: Db, user: UserRow, purpose: PasswordLinkPurpose, now: number): Promise<LinkSent> {
  const token = await issuePasswordLink(db, user.id, purpose, now);
  const link = passwordLinkUrl(token);
  const minutes = PASSWORD_LINK_TTL_MS / 60_000;
  const channel = user.email ? 'email' : 'sms';
  const target = user.email ? emailTarget(user.email) : smsTarget(user.country_code, user.phone ?? '');
  const what = purpose === 'setup' ? 'set the password of your new CoinApp account' : 'set a new CoinApp login password';
  const body =
    channel === 'email'
      ? `Open this link to ${what}: ${link} It is valid for ${minutes} minutes and works once. If you did not ask for it, ignore this email.`
      : `[CoinApp] Open ${link} to ${what} (valid ${minutes} minutes, once).`;
  await deliver(db, channel, target, body, now, 'link');
  return { user: Number(user.id), sentTo: target, link, validUntil: new Date(now + PASSWORD_LINK_TTL_MS).toISOString() };
}

/** A new account without a password; its set-password link goes to the outbox. */
export async function userCreate(db: Db, account: string | undefined, countryCode: string | undefined, now: number): Promise<LinkSent> {
  const value = (account ?? '').trim();
  if (!value) throw refusal('refusals.usage', { usage: 'user-create <email|phone> [countryCode]' });
  let input: { email: string } | { phone: string; countryCode: string };
  if (isEmail(value)) {
    if (countryCode !== undefined) throw refusal('refusals.user.countryWithEmail');
    if (value.length > 64 || !EMAIL.test(value)) throw refusal('refusals.user.emailFormat', { input: value });
    if (await findUserByEmail(db, value)) throw refusal('refusals.user.taken', { input: value });
    input = { email: value };
  } else {
    const code = (countryCode ?? DEFAULT_COUNTRY_CODE).trim();
    if (!dialCodes().includes(code)) throw refusal('refusals.user.countryUnknown', { input: code });
    if (!/^[0-9]{5,15}$/.test(value) || (code === '+86' && !/^1[3-9][0-9]{9}$/.test(value))) throw refusal('refusals.user.phoneFormat', { input: value, code });
    if (await findUserByPhone(db, value)) throw refusal('refusals.user.phoneTaken', { input: value });
    input = { phone: value, countryCode: code };
  }
  let user: UserRow;
  try {
    user = await createUser(db, { ...input, passwordHash: NO_PASSWORD }, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal('refusals.user.taken', { input: value });
    throw error;
  }
  return send(db, user, 'setup', now);
}

/** A link that sets a new login password for an existing user. */
export async function resetLink(db: Db, ref: string | undefined, now: number): Promise<LinkSent> {
  if (!ref) throw refusal('refusals.usage', { usage: 'reset-link <user> (email, phone or numeric id)' });
  const user = await findUser(db, ref);
  if (!user) throw refusal('refusals.cli.userUnknown', { input: ref });
  return send(db, user, 'reset', now);
}
