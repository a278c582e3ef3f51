// Session tables (migration 0007_sessions).
import type { Generated, Selectable } from 'kysely';

/** One signed-in device. The token itself is never stored, only its sha256. */
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  /** "Chrome on Android", from the User-Agent at sign-in */
  device: string;
  /** The address it signed in from (IPv4 or IPv6 text) */
  ip: string;
  created_at: number;
  /** Updated at most once a minute while the session is used */
  last_seen_at: number;
}

export interface SessionTables {
  sessions: SessionsTable;
}

export type SessionRow = Selectable<SessionsTable>;
