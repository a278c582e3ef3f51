// X-Token authentication: 4015 without a token, 4016 for an unknown or replaced token,
// 4017 after 7 days, then 4007 barred and 4008 frozen.
import type { FastifyRequest } from 'fastify';
import { TOKEN_TTL_MS } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/types.ts';
import { findUserByToken } from '../users.ts';
import { businessError, Codes } from './errors.ts';

/** Barred (4007) and frozen (4008) accounts may neither log in nor use a session. */
export function assertActive(user: UserRow): void {
  if (user.barred) throw businessError(Codes.barred);
  if (user.frozen) throw businessError(Codes.frozen);
}

export async function authenticate(ctx: AppContext, req: FastifyRequest): Promise<UserRow> {
  const header = req.headers['x-token'];
  const token = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!token) throw businessError(Codes.noToken);
  if (!/^[0-9a-f]{64}$/.test(token)) throw businessError(Codes.tokenInvalid);
  const user = await findUserByToken(ctx.db, token);
  if (!user) throw businessError(Codes.tokenInvalid);
  if (ctx.now() - Number(user.token_issued_at ?? 0) > TOKEN_TTL_MS) throw businessError(Codes.tokenExpired);
  assertActive(user);
  return user;
}
