// Mining tables (migration 0013_mining). Money columns are TEXT integer units (10^-8 of the
// coin); a quantity is units of one machine (10^8 = one whole machine; a share of a shared
// machine is a fraction); ratios are decimal strings ("0.2" = 20 %); times are epoch ms; flags 0/1.
import type { Generated, Selectable } from 'kysely';

/** Sole: whole machines (num); shared: a share ratio of one machine. */
export const MiningType = { sole: 1, shared: 2 } as const;
/** Constant output value (USDT a day, paid in the output coin at the market price) or constant coin amount a day. */
export const MiningIncome = { value: 1, coin: 2 } as const;
/** Orders: waiting for review, running, rejected (unfrozen), ended (term over). */
export const MiningStatus = { pending: 1, running: 2, rejected: 3, ended: 4 } as const;

export interface MiningMachinesTable {
  id: Generated<number>;
  /** English name, the fallback of every language */
  name: string;
  /** JSON {"de": "…", "jp": "…"}: the name per language prefix */
  names: Generated<string>;
  type: number;
  /** Coin the machine is paid in (USDT) */
  price_coin: string;
  /** Units of price_coin for one whole machine */
  price: string;
  output_coin: string;
  income_type: number;
  /** Per whole machine a day: USDT units (income type 1) or output-coin units (income type 2) */
  daily_output: string;
  /** Share of each day's output credited frozen */
  frozen_ratio: Generated<string>;
  /** Days after its day that a frozen share is released */
  release_days: Generated<number>;
  /** Minimum holding: days the machine runs and pays */
  term_days: number;
  /** Largest quantity in one order (machine units) */
  max_quantity: string;
  /** Share of the price paid back as a purchase reward on approval */
  reward_ratio: Generated<string>;
  enabled: number;
  created_at: number;
}

export interface MiningOrdersTable {
  id: Generated<number>;
  user_id: number;
  machine_id: number;
  type: number;
  /** Machine units bought: num × 10^8 (sole) or the share ratio (shared) */
  quantity: string;
  /** The machine's terms at purchase: they never change afterwards */
  price_coin: string;
  price: string;
  /** Units of price_coin paid (frozen while under review) */
  amount: string;
  output_coin: string;
  income_type: number;
  daily_output: string;
  frozen_ratio: string;
  release_days: number;
  term_days: number;
  reward_ratio: string;
  status: number;
  /** Rejection reason the customer sees */
  reason: Generated<string>;
  /** Purchase reward paid on approval, units of price_coin */
  reward: Generated<string>;
  reviewed_at: number | null;
  /** Approval time: day k is due at started_at + k days */
  started_at: number | null;
  /** started_at + term_days days */
  ends_at: number | null;
  days_paid: Generated<number>;
  /** Output-coin units paid so far (frozen and available) */
  output_paid: Generated<string>;
  ended_at: number | null;
  created_at: number;
}

export interface MiningPayoutsTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  /** 1 … term_days; (order_id, day) is unique */
  day: number;
  coin: string;
  /** Output-coin units of the day, frozen part included */
  amount: string;
  /** Units of amount credited frozen until release_at */
  frozen: string;
  /** USDT price used for income type 1; '' otherwise */
  price: Generated<string>;
  paid_at: number;
  release_at: number;
  /** When the frozen part was released (paid_at when nothing was frozen) */
  released_at: number | null;
}

export interface MiningTables {
  mining_machines: MiningMachinesTable;
  mining_orders: MiningOrdersTable;
  mining_payouts: MiningPayoutsTable;
}

export type MiningMachineRow = Selectable<MiningMachinesTable>;
export type MiningOrderRow = Selectable<MiningOrdersTable>;
export type MiningPayoutRow = Selectable<MiningPayoutsTable>;
