// Back-office tables (migration 0015_backoffice).
import type { Generated, Selectable } from 'kysely';

/** The roles an operator may hold; each operator endpoint names the ones that may call it. */
export type OperatorRole = 'admin' | 'finance' | 'compliance' | 'support' | 'content' | 'product' | 'config';

export interface OperatorsTable {
  id: Generated<number>;
  /** The sign-in name: 3–32 of a–z, 0–9, `.`, `_`, `-` */
  name: string;
  password_hash: string;
  /** Comma-separated OperatorRole values */
  roles: string;
  /** The TOTP secret (RFC 6238), base32 */
  totp_secret: string;
  /** The last 30-second step whose code signed in: a code is good once */
  totp_last_step: Generated<number>;
  /** 1 until the initial password is changed: every other endpoint refuses until then */
  must_change_password: Generated<number>;
  disabled: Generated<number>;
  /** Failed sign-ins in a row; the fifth locks the operator */
  failures: Generated<number>;
  locked_until: number | null;
  created_at: number;
  /** 1 until the operator enrols through their link (made or reset in the console): sign-in refuses until then (migration 0027) */
  enrol_required: Generated<number>;
  /** The newest operator_host_changes id this admin acknowledged */
  host_changes_seen: Generated<number>;
}

export interface OperatorSessionsTable {
  id: Generated<number>;
  operator_id: number;
  /** sha256 of the X-Admin-Token */
  token_hash: string;
  ip: string;
  created_at: number;
  /** Every request refreshes it; 30 minutes without one end the session */
  last_seen_at: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  /** 1, 2, 3… in append order, without gaps (migration 0029) */
  seq: number;
  at: number;
  /** "operator <name>" or "cli <os user>" */
  actor: string;
  operator_id: number | null;
  ip: string;
  action: string;
  target_kind: string;
  target_id: string;
  /** The row before and after, JSON with secrets masked; null where there was none */
  before_json: string | null;
  after_json: string | null;
  /** The previous row's hash (64 zeros for the first row) */
  prev_hash: string;
  /** HMAC-SHA256 (a key derived from SECRET_KEY) over this row's seq, content and prev_hash; rows from before migration 0029: plain sha256 without seq */
  hash: string;
}

/** pending: one finance operator approved; done: the second executed it; rejected: either refused it. */
export type ApprovalStatus = 'pending' | 'done' | 'rejected';

export interface ApprovalsTable {
  id: Generated<number>;
  /** What runs on the second approval: "approve" (a review item) or "credit" / "debit" */
  action: string;
  target_kind: string;
  target_id: string;
  /** What the first operator asked for (amount, coin, user…), JSON */
  args_json: string;
  status: ApprovalStatus;
  first_operator_id: number;
  created_at: number;
  second_operator_id: number | null;
  decided_at: number | null;
  reason: string | null;
}

/** An operator's note on a customer; a risk flag shows on every review of that customer (migration 0034). */
export interface CustomerNotesTable {
  id: Generated<number>;
  user_id: number;
  /** The operator's name at the time */
  operator: string;
  body: string;
  risk_flag: number;
  created_at: number;
}

/** A waiting review item an operator has taken (migration 0035): one row an item, removed by its decision. */
export interface ReviewClaimsTable {
  kind: string;
  item_id: number;
  operator_id: number;
  /** The operator's name at the time */
  operator: string;
  taken_at: number;
}

export interface BackofficeTables {
  operators: OperatorsTable;
  customer_notes: CustomerNotesTable;
  review_claims: ReviewClaimsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
  approvals: ApprovalsTable;
}

export type OperatorRow = Selectable<OperatorsTable>;
export type AuditRow = Selectable<AuditLogTable>;
export type ApprovalRow = Selectable<ApprovalsTable>;
export type CustomerNoteRow = Selectable<CustomerNotesTable>;
