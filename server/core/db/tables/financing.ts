// Financing tables (migration 0012_financing). Money columns are TEXT integer units (10^-8 of
// the coin); rates are decimal-string ratios ("0.001" = 0.1 %); times are epoch ms; flags 0/1.
import type { Generated, Selectable } from 'kysely';

/** Orders: in term (principal frozen, paid daily), redeemed early (with the penalty), ended at maturity. */
export const FinancingStatus = { inTerm: 1, redeemed: 2, ended: 3 } as const;

export interface FinancingProductsTable {
  id: Generated<number>;
  /** English name, the fallback of every language */
  name: string;
  /** JSON {"de": "…", "jp": "…"}: the name per language prefix */
  names: Generated<string>;
  coin: string;
  /** Earnings per day as a ratio of the principal */
  daily_rate: string;
  term_days: number;
  /** Days between payouts (1: daily) */
  cycle_days: Generated<number>;
  min_amount: string;
  max_amount: string;
  /** Share of the principal kept on early redemption */
  penalty_rate: string;
  enabled: number;
  created_at: number;
}

export interface FinancingOrdersTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  coin: string;
  /** Units invested, frozen while in term */
  principal: string;
  /** The product's terms at purchase: they never change afterwards */
  daily_rate: string;
  term_days: number;
  penalty_rate: string;
  started_at: number;
  /** started_at + term_days days: the last payout and the principal's return */
  due_at: number;
  status: number;
  /** Days paid so far (financing_payouts rows) */
  days_paid: Generated<number>;
  /** Units of earnings paid so far */
  earnings_paid: Generated<string>;
  /** Units kept on early redemption; 0 otherwise */
  penalty: Generated<string>;
  /** Redemption or maturity time */
  ended_at: number | null;
  created_at: number;
}

export interface FinancingPayoutsTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  /** 1 … term_days; (order_id, day) is unique */
  day: number;
  amount: string;
  paid_at: number;
}

export interface FinancingTables {
  financing_products: FinancingProductsTable;
  financing_orders: FinancingOrdersTable;
  financing_payouts: FinancingPayoutsTable;
}

export type FinancingProductRow = Selectable<FinancingProductsTable>;
export type FinancingOrderRow = Selectable<FinancingOrdersTable>;
export type FinancingPayoutRow = Selectable<FinancingPayoutsTable>;
