// Funds tables (migration 0005_funds). Money columns are TEXT holding integer base units
// (10^-8 of the coin); times are epoch milliseconds; flags are 0/1 integers.
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Review states shared by deposits, withdrawals, bank withdrawals and wire transfers. */
export const ReviewStatus = { pending: 1, completed: 2, rejected: 3 } as const;
/** Loan orders: under review, approved (money paid out), rejected, repaid in full. */
export const LoanStatus = { pending: 1, active: 2, rejected: 3, repaid: 4 } as const;

export interface CoinsTable {
  id: Generated<number>;
  coin: string;
  name: string;
  logo: string;
  /** Decimals amounts of the coin may have and are shown with */
  decimals: number;
  sort: number;
  enabled: number;
  created_at: number;
}

export interface CoinNetworksTable {
  id: Generated<number>;
  coin_id: number;
  /** TRC20, ERC20, BEP20, BTC… (schemas/config/networks.json gives each its address format) */
  network: string;
  /** The platform's deposit address on this network */
  deposit_address: string;
  deposit_min: string;
  withdraw_min: string;
  withdraw_max: string;
  withdraw_fee: string;
  deposit_enabled: number;
  withdraw_enabled: number;
  created_at: number;
}

/** What a proposal would do: add the network, or change its address or switch it on. */
export type NetworkProposalKind = 'add' | 'change';
export type NetworkProposalStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn';

/** A new network or a change of a network's address or switches, waiting for a second operator (migration 0028). */
export interface CoinNetworkProposalsTable {
  id: Generated<number>;
  coin_id: number;
  network: string;
  kind: NetworkProposalKind;
  /** The coin_networks columns approval writes (every one for an add) */
  proposed_json: string;
  status: NetworkProposalStatus;
  /** The audit actor who proposed it: "operator <name>" or "cli <os user>" */
  proposed_by: string;
  proposer_operator_id: number | null;
  created_at: number;
  decided_by: string | null;
  decider_operator_id: number | null;
  decided_at: number | null;
}

export interface UploadsTable {
  id: Generated<number>;
  user_id: number;
  /** Random name with its extension (32 hex digits.jpg|png|webp) */
  name: string;
  mime: string;
  size: number;
  created_at: number;
  /** Where the bytes are: 'db' (upload_blobs) or 's3' (the bucket of S3_URL: server/platform/storage/bucket.ts) */
  store: ColumnType<UploadStore, UploadStore | undefined, never>;
}

export type UploadStore = 'db' | 's3';

/** An upload's bytes, apart from its row so that ownership checks never read them. */
export interface UploadBlobsTable {
  name: string;
  bytes: Buffer;
}

export interface DepositsTable {
  id: Generated<number>;
  user_id: number;
  coin: string;
  network: string;
  address: string;
  amount: string;
  fee: string;
  /** Units credited on approval; null until then */
  received: string | null;
  /** Upload name of the transfer proof */
  proof: string;
  /** Who made it: 1 the customer, 2 an operator (the wire's `cate`) */
  origin: number;
  status: number;
  reason: string;
  created_at: number;
  reviewed_at: number | null;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  coin: string;
  network: string;
  address: string;
  /** Units that arrive at the address */
  amount: string;
  /** Units of fee; amount + fee are frozen at submit */
  fee: string;
  /** 1 when a recent password or security change sent it to manual review */
  manual_review: number;
  status: number;
  reason: string;
  created_at: number;
  reviewed_at: number | null;
  /** The chain's transaction hash once the withdrawal is sent (migration 0030); null before */
  tx_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BankWithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  coin: string;
  amount: string;
  fee: string;
  bankname: string;
  accountname: string;
  bankcard: string;
  iban: string;
  /** The card's local routing code, copied (0023) */
  routing: Generated<string>;
  payeeaddress: string;
  country: string;
  status: number;
  reason: string;
  created_at: number;
  reviewed_at: number | null;
  /** The paying bank's reference once the transfer is sent (migration 0036); null before */
  bank_reference: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WireTransfersTable {
  id: Generated<number>;
  user_id: number;
  email: string;
  /** Fiat amount in units of 10^-8 of the currency */
  amount: string;
  currency: string;
  status: number;
  reason: string;
  /** What the operator sent the customer (bank, reference) */
  instructions: string;
  credited_coin: string | null;
  credited_amount: string | null;
  created_at: number;
  reviewed_at: number | null;
}

export interface LoanProductsTable {
  id: Generated<number>;
  /** English name, the fallback of every language */
  name: string;
  /** JSON {"de": "…", "jp": "…"}: the name per language prefix (migration 0006) */
  names: Generated<string>;
  coin: string;
  min_amount: string;
  max_amount: string;
  /** Days without interest from approval */
  free_days: number;
  /** Decimal string, "0.001" = 0.1 % a day */
  daily_rate: string;
  /** Days from approval until repayment is due */
  term_days: number;
  enabled: number;
  created_at: number;
}

export interface LoanOrdersTable {
  id: Generated<number>;
  user_id: number;
  loan_id: number;
  coin: string;
  /** Units asked for */
  amount: string;
  /** The range the applicant asked for, in units: the approved amount lies within it; null where one amount was named (up to it) */
  requested_min: string | null;
  requested_max: string | null;
  approved_amount: string | null;
  /** The product's terms when the user applied: they never change afterwards */
  free_days: number;
  daily_rate: string;
  term_days: number;
  /** Units repaid so far */
  repaid: string;
  status: number;
  reason: string;
  created_at: number;
  approved_at: number | null;
  repaid_at: number | null;
}

export interface FundsTables {
  coins: CoinsTable;
  coin_networks: CoinNetworksTable;
  coin_network_proposals: CoinNetworkProposalsTable;
  uploads: UploadsTable;
  upload_blobs: UploadBlobsTable;
  deposits: DepositsTable;
  withdrawals: WithdrawalsTable;
  bank_withdrawals: BankWithdrawalsTable;
  wire_transfers: WireTransfersTable;
  loan_products: LoanProductsTable;
  loan_orders: LoanOrdersTable;
}

export type CoinRow = Selectable<CoinsTable>;
export type CoinNetworkRow = Selectable<CoinNetworksTable>;
export type CoinNetworkProposalRow = Selectable<CoinNetworkProposalsTable>;
export type UploadRow = Selectable<UploadsTable>;
export type DepositRow = Selectable<DepositsTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type BankWithdrawalRow = Selectable<BankWithdrawalsTable>;
export type WireTransferRow = Selectable<WireTransfersTable>;
export type LoanProductRow = Selectable<LoanProductsTable>;
export type LoanOrderRow = Selectable<LoanOrdersTable>;
