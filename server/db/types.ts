// Table shapes as Kysely sees them. Times are epoch milliseconds; flags are 0/1 integers
// (portable between SQLite and PostgreSQL).
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { LedgerType } from '../../contract/generated/types.ts';

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

// ---- trading (migration 0002_trading). Money columns are TEXT holding a signed integer
// count of base units (10^-8 of the coin or quote); never a float.

export interface BalancesTable {
  user_id: number;
  /** Upper-case coin, e.g. USDT, BTC */
  coin: string;
  /** Spendable units */
  available: string;
  /** Units held by open orders */
  frozen: string;
  updated_at: number;
}

/**
 * Every financial record type of spec §3 (schemas/entities/ledger-type.json, the money log's
 * `type` filter); types nothing writes yet belong to features still to come.
 * spot_buy / spot_sell also carry a limit order's freeze and its release on cancel: amount 0
 * (the total does not change) and frozen_change ± the frozen units.
 */
export type { LedgerType };

/** One balance change. available + frozen of a (user, coin) == sum(amount); frozen == sum(frozen_change). */
export interface LedgerTable {
  id: Generated<number>;
  user_id: number;
  coin: string;
  type: LedgerType;
  /** Signed change of the total (available + frozen), in units; 0 for a pure freeze or unfreeze */
  amount: string;
  /** Signed change of the frozen part, in units */
  frozen_change: string;
  available_after: string;
  frozen_after: string;
  /** spot_orders.id for spot_*, futures_orders.id for contract_*, null for admin_deposit */
  ref_id: number | null;
  created_at: number;
}

export interface SpotOrdersTable {
  id: Generated<number>;
  user_id: number;
  symbol: string;
  base: string;
  quote: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  /** Limit price in units; null for market orders */
  price: string | null;
  /** Base quantity ordered, units */
  amount: string;
  /** Base quantity filled, units */
  filled: string;
  /** Quote total of the fills, units */
  total: string;
  /** Fill price, units; null before a fill */
  avg_price: string | null;
  fee: string;
  fee_coin: string;
  /** Decimal string, e.g. "0.001" */
  fee_rate: string;
  /** Units still frozen by the order (quote for a buy, base for a sell) */
  frozen: string;
  price_decimals: number;
  amount_decimals: number;
  status: 'open' | 'filled' | 'cancelled';
  created_at: number;
  updated_at: number;
}

export interface FuturesOrdersTable {
  id: Generated<number>;
  user_id: number;
  symbol: string;
  direction: 'up' | 'down';
  /** USDT units */
  stake: string;
  /** Seconds */
  duration: number;
  /** Decimal string from hy_ykbl at creation, e.g. "0.15" */
  profit_ratio: string;
  /** Units; the market price recorded at creation */
  open_price: string;
  open_time: number;
  settle_at: number;
  /** Units; the market price recorded at settlement, null while pending */
  close_price: string | null;
  close_time: number | null;
  status: 'pending' | 'settled' | 'invalid';
  result: 'win' | 'loss' | 'draw' | '';
  /** Signed USDT units; null while pending */
  pnl: string | null;
  /** USDT units paid back; null while pending */
  payout: string | null;
  price_decimals: number;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface Database {
  users: UsersTable;
  captchas: CaptchasTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  bank_cards: BankCardsTable;
  withdrawal_addresses: WithdrawalAddressesTable;
  articles: ArticlesTable;
  balances: BalancesTable;
  ledger: LedgerTable;
  spot_orders: SpotOrdersTable;
  futures_orders: FuturesOrdersTable;
  settings: SettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type BankCardRow = Selectable<BankCardsTable>;
export type AddressRow = Selectable<WithdrawalAddressesTable>;
export type ArticleRow = Selectable<ArticlesTable>;
export type BalanceRow = Selectable<BalancesTable>;
export type LedgerRow = Selectable<LedgerTable>;
export type SpotOrderRow = Selectable<SpotOrdersTable>;
export type FuturesOrderRow = Selectable<FuturesOrdersTable>;
