// The shape of a review kind (see reviews.ts) and helpers the kinds share.
import type { ReviewKindName } from '../../contract/review-kinds.ts';
import type { Db } from './db/index.ts';
import { refusal } from './errors.ts';

export interface ReviewItem {
  kind: ReviewKindName;
  id: number;
  /** The customer's email or phone */
  user: string;
  /** Amount, coin or currency and where it goes: one line */
  summary: string;
  /** ISO time of the request */
  created: string;
}

/** What approving one item with given arguments moves, in storage units. */
export interface ReviewMoves {
  coin: string;
  units: bigint;
  /**
   * What the customer asked for or reported (a deposit's amount, a wire's announced sum, a loan's
   * request): a credit above it needs two approvals, whatever its size.
   */
  claimed?: { coin: string; units: bigint };
}

export interface ReviewKind {
  /** Its name in contract/review-kinds.ts (the CLI's word, the console's and the config's key) */
  kind: ReviewKindName;
  /** What `approve <kind> <id> [args…]` takes after the id, for the help text */
  approveArgs: string;
  pending(db: Db): Promise<ReviewItem[]>;
  /** Approves one item; returns what happened, one or more lines. Already decided: says so and changes nothing. */
  approve(db: Db, id: number, args: string[], now: number): Promise<string>;
  /** Rejects one item with the reason the customer will see. */
  reject(db: Db, id: number, reason: string, now: number): Promise<string>;
  /**
   * What approving with these arguments would credit or pay out, checked as `approve` checks them
   * (a bad amount is a refusal here, before anything is recorded): what the four-eyes rule
   * weighs. Every kind whose registry entry moves money has it; undefined when the id is unknown.
   */
  moves?(db: Db, id: number, args: string[]): Promise<ReviewMoves | undefined>;
  /**
   * The images an operator looks at beside the item (a deposit's transfer proof, an identity
   * check's three photos), as upload names by what they show.
   */
  images?(db: Db, id: number): Promise<ReviewImages>;
  /** Texts the customer is shown about the item (a wire transfer's payment instructions), for the operator to read beside it. */
  notes?(db: Db, id: number): Promise<ReviewNotes>;
  /** Further steps of an item (`ops act <kind> <action> <id> [args…]`), e.g. a loan repayment or wire instructions */
  actions?: Record<string, ReviewAction>;
}

export interface ReviewImages {
  proof?: string;
  idFront?: string;
  idBack?: string;
  idHand?: string;
}

export interface ReviewNotes {
  instructions?: string;
}

export interface ReviewAction {
  /** What the action takes after the id, for the help text */
  args: string;
  /** One line for the help text */
  help: string;
  /** The action appends its own audit row (with the rows before and after), so the CLI adds none. */
  audited?: boolean;
  /** `dataDir`: the CLI's DATA_DIR (uploaded images are in the database, not there) */
  run(db: Db, id: number, args: string[], now: number, dataDir: string): Promise<string>;
}

/** A positive integer id, or a refusal naming the argument. */
export function reviewId(text: string | undefined): number {
  if (!text || !/^\d{1,10}$/.test(text) || Number(text) < 1) throw refusal('refusals.review.idFormat', { input: text ?? '' });
  return Number(text);
}

/** The customer label of a review line. */
export function userLabel(row: { email: string | null; phone: string | null; country_code: string }): string {
  return row.email ?? `${row.country_code} ${row.phone ?? ''}`.trim();
}

/** How the CLI names the review states of deposits, withdrawals and bank withdrawals. */
export const REVIEW_STATUS_NAMES: Record<number, string> = { 1: 'under review', 2: 'completed', 3: 'rejected' };

/** The longest rejection reason a customer is shown. */
export const REASON_MAX = 200;

/** A rejection reason as given on the command line: required, at most REASON_MAX characters. */
export function rejectionReason(reason: string): string {
  const text = reason.trim();
  if (!text) throw refusal('refusals.review.reasonMissing');
  if (text.length > REASON_MAX) throw refusal('refusals.review.reasonLength', { length: text.length, max: REASON_MAX });
  return text;
}

/** "<Label> <id> is already <status> (reason: …); nothing changed." */
export function alreadyDecided(
  label: string,
  row: { id: number; status: number; reason: string },
  names: Record<number, string> = REVIEW_STATUS_NAMES,
): string {
  const status = Number(row.status);
  const reason = status === 3 && row.reason ? ` (reason: ${row.reason})` : '';
  return `${label} ${row.id} is already ${names[status] ?? `in status ${status}`}${reason}; nothing changed.`;
}
