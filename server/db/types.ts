// Table shapes as Kysely sees them. Times are epoch milliseconds; flags are 0/1 integers
// (portable between SQLite and PostgreSQL).
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  email: string | null;
  phone: string | null;
  country_code: string;
  password_hash: string;
  pay_password_hash: string | null;
  invitation_code: string;
  invited_by: number | null;
  credit_score: number;
  real_name_status: number;
  barred: number;
  frozen: number;
  /** sha256 of the one live session token */
  token_hash: string | null;
  token_issued_at: number | null;
  password_changed_at: number | null;
  created_at: number;
}

export interface CaptchasTable {
  id: string;
  answer: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  target: string;
  code: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  target: string;
  code: string;
  body: string;
  created_at: number;
}

export interface BankCardsTable {
  id: Generated<number>;
  user_id: number;
  bankname: string;
  accountname: string;
  bankcard: string;
  ibna: string;
  swift: string;
  payeeaddress: string;
  country: string;
  created_at: number;
}

export interface WithdrawalAddressesTable {
  id: Generated<number>;
  user_id: number;
  coin: string;
  czline: string;
  addr: string;
  name: string;
  remark: string;
  created_at: number;
}

export interface ArticlesTable {
  id: Generated<number>;
  title: string;
  summary: string;
  content: string;
  cate: number;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  captchas: CaptchasTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  bank_cards: BankCardsTable;
  withdrawal_addresses: WithdrawalAddressesTable;
  articles: ArticlesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type BankCardRow = Selectable<BankCardsTable>;
export type AddressRow = Selectable<WithdrawalAddressesTable>;
export type ArticleRow = Selectable<ArticlesTable>;
