// Signed-in sessions, one row per device (migration 0007). A token is 32 random bytes; only its
// sha256 is stored. schemas/config/sessions.json says how many devices a user may use at once:
// with the spec's 1, signing in elsewhere ends the other session (4016); with more, the oldest
// ends when the limit is passed.
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { loadConfig } from '../../../contract/loader.ts';
import type { Db } from '../../core/db/index.ts';
import { compiledQuery } from '../../core/db/compiled.ts';
import { forUpdate } from '../../core/db/locks.ts';
import type { SessionRow, UserRow } from '../../core/db/types.ts';
import { hashToken, newToken } from '../security/tokens.ts';

export interface SessionConfig {
  maxPerUser: number;
  ttlDays: number;
  places: { cidr: string; place: string }[];
}

let config: SessionConfig | undefined;

export function sessionConfig(): SessionConfig {
  config ??= loadConfig<SessionConfig>('sessions');
  return config;
}

export const DAY_MS = 24 * 60 * 60_000;

/** A session is refreshed in the table at most this often, so reads stay reads. */
const LAST_SEEN_STEP_MS = 60_000;

export interface DeviceInfo {
  userAgent?: string;
  ip?: string;
}

/** What a sign-in request says about its device. */
export function deviceOf(req: FastifyRequest): DeviceInfo {
  return { userAgent: req.headers['user-agent'], ip: req.ip };
}

/** Starts a session; past `maxPerUser` the oldest sessions of the user end, and expired ones go. Returns the token. */
export async function startSession(db: Db, userId: number, now: number, device: DeviceInfo = {}, rules: SessionConfig = sessionConfig()): Promise<string> {
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    // sign-ins of one user take turns, so together they keep at most maxPerUser sessions
    await forUpdate(trx, trx.selectFrom('users').select('id').where('id', '=', userId)).execute();
    await trx
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: hashToken(token),
        device: deviceName(device.userAgent),
        ip: (device.ip ?? '').slice(0, 45),
        created_at: now,
        last_seen_at: now,
      })
      .execute();
    const keep = await trx
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('created_at', '>', now - rules.ttlDays * DAY_MS)
      .orderBy('id', 'desc')
      .limit(rules.maxPerUser)
      .execute();
    await trx
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where(
        'id',
        'not in',
        keep.map((k) => k.id),
      )
      .execute();
  });
  return token;
}

export interface ActiveSession {
  session: SessionRow;
  user: UserRow;
}

const selectSession = compiledQuery((db, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.token_hash as session_token_hash',
      'sessions.device as session_device',
      'sessions.ip as session_ip',
      'sessions.created_at as session_created_at',
      'sessions.last_seen_at as session_last_seen_at',
    ])
    .where('sessions.token_hash', '=', tokenHash),
);

/** The session and its user in one query: every authenticated request runs it (one round trip on PostgreSQL). */
export async function findSession(db: Db, token: string): Promise<ActiveSession | undefined> {
  const [row] = (await selectSession(db, hashToken(token))).rows;
  if (!row) return undefined;
  const { session_id, session_token_hash, session_device, session_ip, session_created_at, session_last_seen_at, ...user } = row;
  const session: SessionRow = {
    id: session_id,
    user_id: user.id,
    token_hash: session_token_hash,
    device: session_device,
    ip: session_ip,
    created_at: session_created_at,
    last_seen_at: session_last_seen_at,
  };
  return { session, user };
}

export async function touchSession(db: Db, session: SessionRow, now: number): Promise<void> {
  if (now - Number(session.last_seen_at) < LAST_SEEN_STEP_MS) return;
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', session.id).execute();
}

export async function userSessions(db: Db, userId: number): Promise<SessionRow[]> {
  return db.selectFrom('sessions').selectAll().where('user_id', '=', userId).orderBy('last_seen_at', 'desc').orderBy('id', 'desc').execute();
}

/** Ends one session of the user; false when the user has no such session. */
export async function endSession(db: Db, userId: number, sessionId: number): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Ends every session of the user but `keepId`; returns how many ended. */
export async function endOtherSessions(db: Db, userId: number, keepId: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function endAllSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** "Chrome on Android" from a User-Agent; '' when it names nothing known. */
export function deviceName(userAgent = ''): string {
  const browser = (
    [
      [/EdgA?\/|Edg\//, 'Edge'],
      [/OPR\/|Opera/, 'Opera'],
      [/SamsungBrowser\//, 'Samsung Internet'],
      [/Firefox\/|FxiOS\//, 'Firefox'],
      [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
      [/Safari\//, 'Safari'],
    ] as const
  ).find(([re]) => re.test(userAgent))?.[1];
  const os = (
    [
      [/Android/, 'Android'],
      [/iPhone|iPad|iPod/, 'iOS'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/CrOS/, 'ChromeOS'],
      [/Linux/, 'Linux'],
    ] as const
  ).find(([re]) => re.test(userAgent))?.[1];
  if (browser && os) return `${browser} · ${os}`;
  return browser ?? os ?? '';
}

let placeLists: { list: BlockList; place: string }[] | undefined;

/** The configured place of an address (a locale key or a name), or '' when no range has it. */
export function placeOf(ip: string): string {
  placeLists ??= sessionConfig().places.map(({ cidr, place }) => {
    const [net, prefix] = cidr.split('/');
    const list = new BlockList();
    list.addSubnet(net, Number(prefix), isIP(net) === 6 ? 'ipv6' : 'ipv4');
    return { list, place };
  });
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(address);
  if (family === 0) return '';
  return placeLists.find(({ list }) => list.check(address, family === 6 ? 'ipv6' : 'ipv4'))?.place ?? '';
}
