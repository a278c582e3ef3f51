// Customer account security tables (migration 0024_account_security).
import type { Generated, Selectable } from 'kysely';

/** A user's authenticator: pending until `enabled_at` is set by a confirmed code. */
export interface UserTotpTable {
  user_id: number;
  /** The base32 secret sealed with AES-256-GCM under the server secret (platform/security/secret-box.ts) */
  secret_box: string;
  enabled_at: number | null;
  created_at: number;
  /** The newest 30-second step whose code was accepted; a code of that step or older is refused */
  last_step: Generated<number>;
  /** Wrong codes in a row; the fifth locks code checks until `locked_until` */
  failures: Generated<number>;
  locked_until: number | null;
}

/** One of the ten recovery codes shown once when TOTP is turned on; only its sha256 is kept. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: number | null;
}

/** A registered WebAuthn credential. */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url credential ID */
  credential_id: string;
  /** base64url COSE public key */
  public_key: string;
  counter: Generated<number>;
  /** comma-separated authenticator transports, as the browser reported them */
  transports: Generated<string>;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

export type WebauthnPurpose = 'register' | 'signin';

export interface WebauthnChallengesTable {
  id: Generated<number>;
  /** base64url challenge; a challenge is good for one ceremony */
  challenge: string;
  purpose: WebauthnPurpose;
  user_id: number | null;
  expires_at: number;
  used_at: number | null;
}

/** Between a right password and its second step: the ticket is in the login answer, its sha256 here. */
export interface LoginTicketsTable {
  id: Generated<number>;
  ticket_hash: string;
  user_id: number;
  ip: string;
  device_key: string;
  expires_at: number;
  used_at: number | null;
}

export type SignInMethod = 'password' | 'totp' | 'recovery' | 'passkey';
export type SignInResult = 'ok' | 'badPassword' | 'badCode' | 'locked' | 'frozen';

/** A sign-in or failed attempt of a known account. */
export interface SigninsTable {
  id: Generated<number>;
  user_id: number;
  at: number;
  ip: string;
  /** "Chrome · Android" from the User-Agent */
  device: string;
  /** What tells this device from others: sha256 of the app's device id, else of the device name and address */
  device_key: string;
  method: SignInMethod;
  result: SignInResult;
  /** The locale code the sign-in asked for (de-DE…); empty where unknown (migration 0025) */
  lang: Generated<string>;
}

/** The one-tap freeze link of a new-device alert. */
export interface FreezeLinksTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  expires_at: number;
  used_at: number | null;
}

export interface SecurityTables {
  user_totp: UserTotpTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  login_tickets: LoginTicketsTable;
  signins: SigninsTable;
  freeze_links: FreezeLinksTable;
}

export type UserTotpRow = Selectable<UserTotpTable>;
export type PasskeyRow = Selectable<PasskeysTable>;
export type SigninRow = Selectable<SigninsTable>;
