// Identity verification tables (migration 0008_kyc). Times are epoch milliseconds.
import type { Generated, Selectable } from 'kysely';

/** Document types of spec §3 (real-name record). */
export const CardType = { passport: 1, drivingLicence: 2, identityCard: 3 } as const;

/**
 * States of a record and of users.real_name_status (schemas/entities/user.json): 0 nothing
 * submitted (users only), 1 under review, 2 verified, 3 rejected. Resubmission sets 1 again.
 */
export const KycStatus = { none: 0, pending: 1, verified: 2, rejected: 3 } as const;

export interface UserCardsTable {
  id: Generated<number>;
  user_id: number;
  type: number;
  name: string;
  /** Upload names (server/platform/uploads/uploads.ts) of the caller's own images; '' for a seeded record */
  card_front: string;
  card_end: string;
  card_hand: string;
  status: number;
  /** Why it was rejected, as the operator wrote it; '' otherwise */
  reason: string;
  created_at: number;
  /** The last (re)submission or decision */
  updated_at: number;
  reviewed_at: number | null;
}

export type UserCardRow = Selectable<UserCardsTable>;

export interface KycTables {
  user_cards: UserCardsTable;
}
