// One-time enrolment links for operators made or reset in the console: 32 random bytes as hex in
// the link, only their sha256 stored, valid 24 hours, single use; a new link of an operator voids
// the older ones. The link carries the authenticator secret its QR code sets up, so the admin who
// hands it over never sees a password or a secret; whoever opens it chooses the password, scans
// the code, confirms a current code, and is signed in.
import type { Db } from '../../core/db/index.ts';
import { forUpdate } from '../../core/db/locks.ts';
import type { EnrolmentPurpose, OperatorRow } from '../../core/db/types.ts';
import { ApiError, validationError } from '../../core/errors.ts';
import { ResultCode } from '../../../contract/result-codes.ts';
import { hashPassword } from '../security/password.ts';
import { assertNewPassword } from '../security/password-policy.ts';
import { matchTotp, newTotpSecret, otpauthUri } from '../security/totp.ts';
import { hashToken, newToken } from '../security/tokens.ts';
import { endOperatorSessions } from './operator-sessions.ts';
import { TOTP_ISSUER } from './operators.ts';

export const ENROL_TTL_MS = 24 * 60 * 60_000;
/** The back office's route that opens a link; the token follows in the fragment, which browsers never send to a server. */
export const ENROL_ROUTE = '/admin/enrol';

export interface EnrolmentLink {
  link: string;
  validUntil: string;
}

/** The link as the admin hands it over: APP_URL (default http://localhost:8080), the route and the token. */
export function enrolLinkUrl(token: string, appUrl = process.env.APP_URL ?? 'http://localhost:8080'): string {
  return `${appUrl.replace(/\/+$/, '')}${ENROL_ROUTE}#${token}`;
}

/** A new link for the operator (older unused ones stop working); until it is used the operator cannot sign in. Inside the caller's transaction. */
export async function issueEnrolment(db: Db, operatorId: number, purpose: EnrolmentPurpose, createdBy: number | null, now: number): Promise<EnrolmentLink> {
  const token = newToken();
  await db.updateTable('operator_enrolments').set({ used_at: now }).where('operator_id', '=', operatorId).where('used_at', 'is', null).execute();
  await db
    .insertInto('operator_enrolments')
    .values({
      operator_id: operatorId,
      token_hash: hashToken(token),
      purpose,
      totp_secret: newTotpSecret(),
      created_by: createdBy,
      created_at: now,
      expires_at: now + ENROL_TTL_MS,
      used_at: null,
    })
    .execute();
  await db.updateTable('operators').set({ enrol_required: 1 }).where('id', '=', operatorId).execute();
  return { link: enrolLinkUrl(token), validUntil: new Date(now + ENROL_TTL_MS).toISOString() };
}

const TOKEN = /^[0-9a-f]{64}$/;
const refused = (key: string) => new ApiError(ResultCode.error, key, { field: 'token' });

async function openLink(db: Db, token: string, now: number, lock: boolean) {
  if (!TOKEN.test(token)) throw refused('admin.enrolLinkUnknown');
  const query = db
    .selectFrom('operator_enrolments')
    .innerJoin('operators', 'operators.id', 'operator_enrolments.operator_id')
    .select(['operator_enrolments.id as enrolment_id', 'operator_enrolments.totp_secret as secret', 'expires_at', 'used_at', 'purpose'])
    .selectAll('operators')
    .where('token_hash', '=', hashToken(token));
  const row = await (lock ? forUpdate(db, query) : query).executeTakeFirst();
  if (!row) throw refused('admin.enrolLinkUnknown');
  if (row.used_at !== null) throw refused('admin.enrolLinkUsed');
  if (Number(row.expires_at) <= now) throw refused('admin.enrolLinkExpired');
  if (Number(row.disabled) === 1) throw refused('admin.enrolOperatorDisabled');
  return row;
}

/** What the link's page shows: whose it is, the authenticator to scan, until when it is valid. Consumes nothing. */
export async function enrolmentStart(db: Db, token: string, now: number) {
  const row = await openLink(db, token, now, false);
  return {
    name: row.name,
    purpose: row.purpose,
    otpauthUrl: otpauthUri(TOTP_ISSUER, row.name, row.secret),
    secret: row.secret,
    validUntil: new Date(Number(row.expires_at)).toISOString(),
  };
}

/**
 * Enrols the operator of the link: the password (the customers' rules) and a current code of the
 * link's authenticator; the link is used up, other sessions of the operator end. Returns the operator.
 */
export async function completeEnrolment(db: Db, token: string, password: string, code: string, now: number): Promise<OperatorRow> {
  assertNewPassword(password, 'password');
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    // held until commit: the same link sent twice at once enrols once
    const row = await openLink(trx, token, now, true);
    const step = matchTotp(row.secret, code, now);
    if (step === null) throw validationError('totp', 'admin.enrolCodeWrong');
    const used = await trx
      .updateTable('operator_enrolments')
      .set({ used_at: now })
      .where('id', '=', row.enrolment_id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw refused('admin.enrolLinkUsed');
    await trx
      .updateTable('operators')
      .set({
        password_hash: passwordHash,
        totp_secret: row.secret,
        totp_last_step: step,
        must_change_password: 0,
        enrol_required: 0,
        failures: 0,
        locked_until: null,
      })
      .where('id', '=', row.id)
      .execute();
    await endOperatorSessions(trx, row.id);
    return (await trx.selectFrom('operators').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()) as OperatorRow;
  });
}
