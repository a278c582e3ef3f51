// Table shapes as Kysely sees them. Times are epoch milliseconds; flags are 0/1 integers
// (portable between SQLite and PostgreSQL).
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { LedgerType } from '../../../contract/generated/types.ts';
import type { BackofficeTables } from './tables/backoffice.ts';
import type { OperatorDutyTables } from './tables/operator-duties.ts';
import type { FundsTables } from './tables/funds.ts';
import type { FinancingTables } from './tables/financing.ts';
import type { IeoTables } from './tables/ieo.ts';
import type { MiningTables } from './tables/mining.ts';
import type { KycTables } from './tables/kyc.ts';
import type { PasswordLinkTables } from './tables/password-links.ts';
import type { NoticeTables } from './tables/notices.ts';
import type { ConfigTables } from './tables/config.ts';
import type { SecurityTables } from './tables/security.ts';
import type { SessionTables } from './tables/sessions.ts';
import type { SupportTables } from './tables/support.ts';

export * from './tables/funds.ts';
export * from './tables/financing.ts';
export * from './tables/ieo.ts';
export * from './tables/mining.ts';
export * from './tables/kyc.ts';
export * from './tables/password-links.ts';
export * from './tables/notices.ts';
export * from './tables/config.ts';
export * from './tables/sessions.ts';
export * from './tables/backoffice.ts';
export * from './tables/operator-duties.ts';
export * from './tables/support.ts';
export * from './tables/security.ts';

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
  password_changed_at: number | null;
  created_at: number;
  /** Wrong withdrawal passwords in a row (migration 0005) */
  pay_failures: Generated<number>;
  /** Withdrawals locked until then after too many wrong withdrawal passwords */
  pay_locked_until: Generated<number | null>;
  pay_password_changed_at: Generated<number | null>;
  /** 1: withdrawals go only to saved addresses that are active */
  address_whitelist: Generated<number>;
  /** Shown at the start of every email and SMS (migration 0007); null until the user sets one */
  anti_phishing_code: Generated<string | null>;
  /** Why an operator froze sign-in (migration 0016); '' otherwise */
  frozen_reason: Generated<string>;
  /** 1: an operator froze withdrawals alone */
  withdraw_frozen: Generated<number>;
  withdraw_frozen_reason: Generated<string>;
  /** When the customer froze the account themselves (issue 25); null when not, or an operator froze it */
  self_frozen_at: Generated<number | null>;
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
  iban: string;
  swift: string;
  /** The local routing code outside the IBAN countries (contract/bank-account.ts); '' otherwise */
  routing: Generated<string>;
  payeeaddress: string;
  country: string;
  created_at: number;
}

export interface WithdrawalAddressesTable {
  id: Generated<number>;
  user_id: number;
  coin: string;
  network: string;
  addr: string;
  name: string;
  remark: string;
  created_at: number;
  /** When the address may be used for withdrawals (whitelist mode: 24 h after saving) */
  active_at: Generated<number>;
}

export interface ArticlesTable {
  id: Generated<number>;
  title: string;
  summary: string;
  content: string;
  /** 1 announcement, 2 terms, 3 privacy (the wire's `cate`) */
  category: number;
  created_at: number;
  /** {prefix: {title, summary, content}} of the other languages (migration 0009); the columns above are English */
  translations: ColumnType<string, string | undefined, string>;
  /** 1: customers see it; 0: taken down by an operator (migration 0037) */
  published: Generated<number>;
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
  /** The client's own id of the order (migration 0004), unique per user; null when none was sent */
  client_order_id: Generated<string | null>;
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
  /** Why a settlement is invalid when it is not a draw (migration 0003): 'no_price' when no price was recorded at settleAt; '' otherwise */
  reason: Generated<'' | 'no_price'>;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

/** Migration 0004: one Idempotency-Key of a user, kept 24 hours (server/platform/http/idempotency.ts) */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** sha-256 hex of method, path and the JSON body of the first request */
  fingerprint: string;
  /** pending: running; written: its transaction committed, result not stored yet; done: result stored */
  status: 'pending' | 'written' | 'done';
  /** The first result's data as JSON; null until done */
  response: string | null;
  created_at: number;
  completed_at: number | null;
}

// ---- market history (migration 0003): the simulator's state, its bars and recorded prices.
// Prices are TEXT integer ticks (10^-priceDecimals), amounts base units, vol 10^-2 quote.

export interface MarketStateTable {
  symbol: string;
  genesis_sec: number;
  /** sha-256 of the backfill regenerated from the seed at genesis_sec */
  genesis_hash: string;
  /** Second the state is at */
  sec: number;
  /** Log price of the walk (a JS number's exact decimal text) */
  x: string;
  price: string;
  rng_offset: number;
  minute_start: number;
  updated_at: number;
}

export interface MarketBarsTable {
  symbol: string;
  unit: 'minute' | 'day';
  /** Epoch minute or epoch day of the bar's start */
  idx: number;
  open: string;
  high: string;
  low: string;
  close: string;
  amount: string;
  vol: string;
  count: number;
}

/** The price recorded at each second the server ran (kept for RECORD_SEC) */
export interface MarketTicksTable {
  symbol: string;
  sec: number;
  price: string;
}

/** The market leader's lease (migration 0022, server/platform/cluster/lease.ts) */
export interface ClusterLeaseTable {
  name: string;
  holder: string;
  token: number;
  expires_at: number;
}

export interface Database
  extends BackofficeTables, FundsTables, KycTables, NoticeTables, PasswordLinkTables, SessionTables, IeoTables, FinancingTables, MiningTables, SupportTables, SecurityTables, OperatorDutyTables, ConfigTables {
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
  market_state: MarketStateTable;
  cluster_lease: ClusterLeaseTable;
  market_bars: MarketBarsTable;
  market_ticks: MarketTicksTable;
  idempotency_keys: IdempotencyKeysTable;
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
