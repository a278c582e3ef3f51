// IEO tables (migration 0011_ieo). Money columns are TEXT holding integer base units (10^-8);
// times are epoch milliseconds; flags are 0/1 integers.
import type { Generated, Selectable } from 'kysely';

/** Subscriptions: the coins are frozen until thaw_at, then released once by the scheduler. */
export const IeoOrderStatus = { frozen: 1, released: 2 } as const;

/** A new-coin offering the operator manages (`npm run ops -- ieo …`); its state follows from the times. */
export interface IeoProjectsTable {
  id: Generated<number>;
  coin: string;
  /** English name; `names` holds the other languages (JSON, server/core/local-names.ts) */
  name: string;
  names: Generated<string>;
  logo: Generated<string>;
  /** Decimals a subscribed amount of the coin may have */
  decimals: number;
  start_at: number;
  end_at: number;
  /** Coins offered in all, and coins sold so far (never above total) */
  total: string;
  sold: Generated<string>;
  /** Price of one coin in price_coin */
  price: string;
  price_coin: string;
  lock_days: number;
  /** Most coins one user may subscribe in all; per-order min and max */
  user_cap: string;
  order_min: string;
  order_max: string;
  /** 1: the operator stopped subscriptions (ops ieo close) */
  prohibited: Generated<number>;
  created_at: number;
}

/** A subscription, with the project's terms copied at purchase. */
export interface IeoOrdersTable {
  id: Generated<number>;
  user_id: number;
  project_id: number;
  coin: string;
  /** Coins subscribed (frozen until thaw_at) */
  amount: string;
  /** What was paid, in price_coin */
  payment: string;
  price: string;
  price_coin: string;
  lock_days: number;
  /** End of the subscription window + lock_days */
  thaw_at: number;
  status: number;
  created_at: number;
  released_at: number | null;
}

/** A referral reward of one level on one subscription (unique per order and level). */
export interface IeoRewardsTable {
  id: Generated<number>;
  order_id: number;
  level: number;
  user_id: number;
  coin: string;
  rate: string;
  amount: string;
  created_at: number;
}

export interface IeoTables {
  ieo_projects: IeoProjectsTable;
  ieo_orders: IeoOrdersTable;
  ieo_rewards: IeoRewardsTable;
}

export type IeoProjectRow = Selectable<IeoProjectsTable>;
export type IeoOrderRow = Selectable<IeoOrdersTable>;
