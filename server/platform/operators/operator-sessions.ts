// Operator sessions: X-Admin-Token, 32 random bytes of which only the sha256 is stored. A session
// ends after 30 minutes without a request, on sign-out, and when its operator is disabled. Customer
// sessions live in another table: neither token is ever looked up in the other's.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../core/db/index.ts';
import type { OperatorRow } from '../../core/db/types.ts';
import { businessError } from '../../core/errors.ts';
import { OperatorCode } from '../../../contract/result-codes.ts';
import { hashToken, newToken } from '../security/tokens.ts';

export const IDLE_MS = 30 * 60_000;
/** A session is refreshed at most this often, so that reads stay reads. */
const TOUCH_STEP_MS = 15_000;

export const ADMIN_TOKEN_HEADER = 'x-admin-token';

export async function startOperatorSession(db: Db, operatorId: number, ip: string, now: number): Promise<string> {
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    // idle sessions of this operator go with each new one
    await trx
      .deleteFrom('operator_sessions')
      .where('operator_id', '=', operatorId)
      .where('last_seen_at', '<=', now - IDLE_MS)
      .execute();
    await trx
      .insertInto('operator_sessions')
      .values({ operator_id: operatorId, token_hash: hashToken(token), ip: ip.slice(0, 45), created_at: now, last_seen_at: now })
      .execute();
  });
  return token;
}

export interface OperatorSession {
  id: number;
  operator: OperatorRow;
}

function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers[ADMIN_TOKEN_HEADER];
  return (Array.isArray(header) ? header[0] : header)?.trim();
}

/** The signed-in operator of a request, or 4103 (no token, an unknown one, idle too long, a disabled operator). */
export async function authenticateOperator(db: Db, req: FastifyRequest, now: number): Promise<OperatorSession> {
  const token = tokenOf(req);
  const ended = () => businessError(OperatorCode.sessionEnded);
  if (!token || !/^[0-9a-f]{64}$/.test(token)) throw ended();
  const row = await db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .select(['operator_sessions.id as session_id', 'operator_sessions.last_seen_at'])
    .selectAll('operators')
    .where('operator_sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) throw ended();
  const { session_id, last_seen_at, ...operator } = row;
  if (now - Number(last_seen_at) > IDLE_MS || operator.disabled) {
    await db.deleteFrom('operator_sessions').where('id', '=', session_id).execute();
    throw ended();
  }
  if (now - Number(last_seen_at) >= TOUCH_STEP_MS) await db.updateTable('operator_sessions').set({ last_seen_at: now }).where('id', '=', session_id).execute();
  return { id: Number(session_id), operator };
}

export async function endOperatorSession(db: Db, sessionId: number): Promise<void> {
  await db.deleteFrom('operator_sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of an operator (disabled, re-roled, or a changed password elsewhere). */
export async function endOperatorSessions(db: Db, operatorId: number, exceptSessionId?: number): Promise<void> {
  let q = db.deleteFrom('operator_sessions').where('operator_id', '=', operatorId);
  if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}
