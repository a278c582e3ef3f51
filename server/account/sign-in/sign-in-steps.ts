// The steps of a sign-in after the password (issue 25). An account with a second factor gets a
// ticket instead of a session: 32 random bytes, only their sha256 stored, good for 5 minutes and
// one finished sign-in, from the address and device it was issued to. Every finished sign-in and
// every failed attempt of a known account is kept in `signins`; a sign-in from a device the
// account has not used before tells its owner, with a one-tap link that freezes the account.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/http/context.ts';
import type { SignInMethod, SignInResult, UserRow } from '../../core/db/types.ts';
import { ApiError } from '../../core/errors.ts';
import { ResultCode } from '../../../contract/result-codes.ts';
import { assertActive } from '../../platform/http/auth.ts';
import { deviceName, deviceOf, placeOf, startSession } from '../../platform/sessions/sessions.ts';
import { toUserEntity } from '../../platform/sessions/users.ts';
import { hashToken, newToken } from '../../platform/security/tokens.ts';
import { contactOf, deliver } from '../../platform/codes/codes.ts';

export const TICKET_TTL_MS = 5 * 60_000;
export const FREEZE_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

/** What tells one device from another: the app's own random device id when it sends one (x-device-id), else its browser and address. */
export function deviceKeyOf(req: FastifyRequest): string {
  const header = req.headers['x-device-id'];
  const id = (Array.isArray(header) ? header[0] : header)?.trim();
  const basis = id && /^[A-Za-z0-9_-]{16,64}$/.test(id) ? `id:${id}` : `ua:${deviceName(req.headers['user-agent'])}@${req.ip}`;
  return createHash('sha256').update(basis).digest('hex');
}

/** Writes one line of the account's sign-in history. */
export async function recordSignIn(ctx: AppContext, userId: number, req: FastifyRequest, method: SignInMethod, result: SignInResult): Promise<void> {
  await ctx.db
    .insertInto('signins')
    .values({
      user_id: userId,
      at: ctx.now(),
      ip: req.ip.slice(0, 45),
      device: deviceName(req.headers['user-agent']).slice(0, 64),
      device_key: deviceKeyOf(req),
      method,
      result,
      // the notices an operator's action sends later go out in this language (empty: none asked for)
      lang: req.headers.lang ? ctx.i18n.resolve(req.headers.lang) : '',
    })
    .execute();
}

/** A ticket for the second step of this user's sign-in from this request's address and device. */
export async function issueLoginTicket(ctx: AppContext, userId: number, req: FastifyRequest): Promise<string> {
  const ticket = newToken();
  await ctx.db
    .insertInto('login_tickets')
    .values({
      ticket_hash: hashToken(ticket),
      user_id: userId,
      ip: req.ip.slice(0, 45),
      device_key: deviceKeyOf(req),
      expires_at: ctx.now() + TICKET_TTL_MS,
      used_at: null,
    })
    .execute();
  return ticket;
}

function ticketRefused(): ApiError {
  return new ApiError(ResultCode.error, 'security.ticketExpired');
}

/** The user a ticket was issued to, if it is unused, unexpired and comes back from the same address and device; else "sign in again". Consumes nothing. */
export async function readLoginTicket(ctx: AppContext, ticket: string, req: FastifyRequest): Promise<UserRow> {
  if (!/^[0-9a-f]{64}$/.test(ticket)) throw ticketRefused();
  const row = await ctx.db.selectFrom('login_tickets').selectAll().where('ticket_hash', '=', hashToken(ticket)).executeTakeFirst();
  if (!row || row.used_at !== null || Number(row.expires_at) <= ctx.now() || row.ip !== req.ip.slice(0, 45) || row.device_key !== deviceKeyOf(req)) {
    throw ticketRefused();
  }
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
  if (!user) throw ticketRefused();
  return user;
}

/** Marks the ticket used; of two second steps racing with one ticket, one finishes. */
export async function spendLoginTicket(ctx: AppContext, ticket: string): Promise<void> {
  const result = await ctx.db
    .updateTable('login_tickets')
    .set({ used_at: ctx.now() })
    .where('ticket_hash', '=', hashToken(ticket))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw ticketRefused();
}

/** Whether the account has signed in from this device before (and has signed in at all). */
async function isNewDevice(ctx: AppContext, userId: number, deviceKey: string): Promise<boolean> {
  const seen = await ctx.db
    .selectFrom('signins')
    .select(['device_key'])
    .where('user_id', '=', userId)
    .where('result', '=', 'ok')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return seen.length > 0 && !seen.some((s) => s.device_key === deviceKey);
}

/** "2025-01-15 12:00 UTC": how the account's messages name a moment */
export const utcMinute = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The link that freezes the account in one tap: APP_URL and the app's freeze route. */
export function freezeLinkUrl(token: string, appUrl = process.env.APP_URL ?? 'http://localhost:8080'): string {
  return `${appUrl.replace(/\/+$/, '')}/#/user/freezeAccount?token=${token}`;
}

async function alertNewDevice(ctx: AppContext, user: UserRow, req: FastifyRequest): Promise<void> {
  const contact = contactOf(user);
  if (!contact) return;
  const token = newToken();
  await ctx.db
    .insertInto('freeze_links')
    .values({ token_hash: hashToken(token), user_id: user.id, expires_at: ctx.now() + FREEZE_LINK_TTL_MS, used_at: null })
    .execute();
  const device = deviceName(req.headers['user-agent']) || 'an unknown device';
  const place = placeOf(req.ip);
  const where = place && !place.startsWith('places.') ? `${req.ip} (${place})` : req.ip;
  const link = freezeLinkUrl(token);
  // in the language the sign-in asked for (English where a text is missing)
  const t = ctx.i18n.translator(req.headers.lang);
  const text = t(contact.channel === 'email' ? 'security.alertEmail' : 'security.alertSms', { when: utcMinute(ctx.now()), device, where, link });
  await deliver(ctx.db, contact.channel, contact.target, text, ctx.now());
}

/** Starts the session of a sign-in whose every step passed: history, a new-device alert, the answer login gives. */
export async function finishSignIn(ctx: AppContext, user: UserRow, req: FastifyRequest, method: SignInMethod) {
  try {
    assertActive(user);
  } catch (error) {
    await recordSignIn(ctx, user.id, req, method, 'frozen');
    throw error;
  }
  const isNew = await isNewDevice(ctx, user.id, deviceKeyOf(req));
  const token = await startSession(ctx.db, user.id, ctx.now(), deviceOf(req), ctx.sessions);
  await recordSignIn(ctx, user.id, req, method, 'ok');
  if (isNew) await alertNewDevice(ctx, user, req);
  return { token, user: toUserEntity(user) };
}
