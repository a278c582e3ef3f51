// One-time links that set a login password (migration 0010_password_links).
import type { Generated } from 'kysely';

/** Why the link was made: an account created without a password, or an operator's reset. */
export type PasswordLinkPurpose = 'setup' | 'reset';

export interface PasswordLinksTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 hex of the link's token; the token itself is only in the message sent */
  token_hash: string;
  purpose: PasswordLinkPurpose;
  created_at: number;
  expires_at: number;
  /** When the link set a password, or when a newer link replaced it */
  used_at: number | null;
}

export interface PasswordLinkTables {
  password_links: PasswordLinksTable;
}
