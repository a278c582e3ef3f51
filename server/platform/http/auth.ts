// X-Token authentication: 4015 without a token, 4016 for an unknown or ended session, 4017 after
// the session's lifetime (schemas/config/sessions.json ttlDays), then 4007 barred and 4008 frozen.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import type { SessionRow, UserRow } from '../../core/db/types.ts';
import { DAY_MS, findSession, touchSession } from '../sessions/sessions.ts';
import { ApiError, businessError } from '../../core/errors.ts';
import { ResultCode } from '../../../contract/result-codes.ts';

/** The session each authenticated request came with (the devices page marks it, sign-out keeps it). */
const sessions = new WeakMap<FastifyRequest, SessionRow>();

/** Barred (4007) and frozen (4008) accounts may neither log in nor use a session. A freeze the
 * customer made (self_frozen_at) says so and how to lift it, not the spec's "illegal operation". */
export function assertActive(user: UserRow): void {
  if (user.barred) throw businessError(ResultCode.barred);
  if (user.frozen && user.self_frozen_at !== null) throw new ApiError(ResultCode.frozen, 'security.selfFrozenSignIn');
  if (user.frozen) throw businessError(ResultCode.frozen);
}

export async function authenticate(ctx: AppContext, req: FastifyRequest): Promise<UserRow> {
  const header = req.headers['x-token'];
  const token = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!token) throw businessError(ResultCode.noToken);
  if (!/^[0-9a-f]{64}$/.test(token)) throw businessError(ResultCode.tokenInvalid);
  const found = await findSession(ctx.db, token);
  if (!found) throw businessError(ResultCode.tokenInvalid);
  const now = ctx.now();
  if (now - Number(found.session.created_at) > ctx.sessions.ttlDays * DAY_MS) throw businessError(ResultCode.tokenExpired);
  assertActive(found.user);
  await touchSession(ctx.db, found.session, now);
  sessions.set(req, found.session);
  return found.user;
}

/** The session of an authenticated request. */
export function currentSession(req: FastifyRequest): SessionRow {
  const session = sessions.get(req);
  if (!session) throw new Error('currentSession() called on a request that was not authenticated');
  return session;
}
