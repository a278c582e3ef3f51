// Operator enrolment links and the record of operator changes made on the server host (migration 0027_operators_duties).
import type { Generated, Selectable } from 'kysely';

/** new: an operator made in the console; reset: an authenticator reset by two admins. */
export type EnrolmentPurpose = 'new' | 'reset';

export interface OperatorEnrolmentsTable {
  id: Generated<number>;
  operator_id: number;
  /** sha256 hex of the link's token; the token itself is only in the link handed over */
  token_hash: string;
  purpose: EnrolmentPurpose;
  /** The authenticator secret the link's QR code sets up (base32), taken on at enrolment */
  totp_secret: string;
  /** The admin who was given the link */
  created_by: number | null;
  created_at: number;
  expires_at: number;
  /** When the link enrolled the operator, or when a newer link replaced it */
  used_at: number | null;
}

/** `ops operator add|reset|roles|enable|disable` on the server host, announced to every admin. */
export interface OperatorHostChangesTable {
  id: Generated<number>;
  /** The operator the command named */
  name: string;
  what: string;
  /** The operator's roles after the command, comma-separated */
  roles: string;
  /** "cli <OS user>" */
  actor: string;
  at: number;
}

export interface OperatorDutyTables {
  operator_enrolments: OperatorEnrolmentsTable;
  operator_host_changes: OperatorHostChangesTable;
}

export type OperatorEnrolmentRow = Selectable<OperatorEnrolmentsTable>;
export type OperatorHostChangeRow = Selectable<OperatorHostChangesTable>;
