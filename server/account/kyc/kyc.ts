// Identity verification (spec §3 real-name record, §4, issue 8 part 1): one record per user
// with a document type, the name on it and three photos the user uploaded before
// (POST /user/uploadBase64). A submission waits for an operator (`ops kyc approve|reject`);
// after a rejection the user resubmits and the SAME record goes back to status 1.
// users.real_name_status follows the record in the same transaction: the user entity and
// the verification gate (server/platform/http/endpoints.ts) read it.
import type { UserCard, UserCardPayload } from '../../../contract/generated/types.ts';
import { type Db, isoTime } from '../../core/db/index.ts';
import { KycStatus, type UserCardRow } from '../../core/db/tables/kyc.ts';
import { ownUpload, uploadNameOf, uploadUrl } from '../../platform/uploads/uploads.ts';
import { ApiError, validationError } from '../../core/errors.ts';
import type { Tx } from '../../core/ledger.ts';
import { ResultCode } from '../../../contract/result-codes.ts';

/** Longest name kept, after trimming (the schema allows the same before trimming). */
export const NAME_MAX = 64;

/** C0/C1 controls (NUL included), bidi embeddings, overrides and isolates, line/paragraph separators. */
const FORBIDDEN = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;

export const PHOTO_FIELDS = ['card_front', 'card_end', 'card_hand'] as const;
type PhotoField = (typeof PHOTO_FIELDS)[number];

/** An identity record as POST /user/card carries it (the generated request type). */
export type CardInput = UserCardPayload;

/** The name as stored: NFC, trimmed; blank, too long or with control/bidi characters is refused (code 7 on `name`). */
export function cardName(raw: string): string {
  const name = raw.normalize('NFC').trim();
  if (!name) throw validationError('name', 'realName.nameRequired');
  if (FORBIDDEN.test(name)) throw validationError('name', 'realName.nameInvalid');
  if ([...name].length > NAME_MAX) throw validationError('name', 'realName.nameTooLong', { limit: NAME_MAX });
  return name;
}

/** What stops a new submission: under review or verified already. */
function refusal(status: number): ApiError | undefined {
  if (status === KycStatus.pending) return new ApiError(ResultCode.error, 'realName.alreadyPending');
  if (status === KycStatus.verified) return new ApiError(ResultCode.error, 'realName.alreadyVerified');
  return undefined;
}

export function toUserCard(row: UserCardRow): UserCard {
  const status = Number(row.status) as UserCard['status'];
  const photo = (name: string) => (name ? uploadUrl(name) : '');
  return {
    ID: Number(row.id),
    uid: Number(row.user_id),
    type: Number(row.type) as UserCard['type'],
    name: row.name,
    card_front: photo(row.card_front),
    card_end: photo(row.card_end),
    card_hand: photo(row.card_hand),
    status,
    reason: status === KycStatus.rejected ? row.reason : '',
    CreatedAt: isoTime(row.created_at),
    UpdatedAt: isoTime(row.updated_at),
    rejected: status === KycStatus.rejected,
    // the form's block (schemas/screens/real-name-submit.json): nothing to send while under review or verified
    block: status === KycStatus.pending ? { reason: 'kycPending', until: null, link: null } : status === KycStatus.verified ? { reason: 'kycVerified', until: null, link: null } : null,
  };
}

/** The three photos as upload names: each one of the caller's own uploads, all different. */
async function ownPhotos(trx: Tx, userId: number, input: CardInput): Promise<Record<PhotoField, string>> {
  const out = {} as Record<PhotoField, string>;
  const seen = new Set<string>();
  for (const field of PHOTO_FIELDS) {
    const name = uploadNameOf(input[field]);
    const upload = name ? await ownUpload(trx, userId, name) : undefined;
    if (!upload) throw validationError(field, 'realName.photoNotYours');
    if (seen.has(upload.name)) throw validationError(field, 'realName.photoRepeated');
    seen.add(upload.name);
    out[field] = upload.name;
  }
  return out;
}

async function setUserStatus(trx: Tx, userId: number, status: number): Promise<void> {
  await trx.updateTable('users').set({ real_name_status: status }).where('id', '=', userId).execute();
}

/** The caller's record, if any. */
export async function myCardRow(db: Db | Tx, userId: number): Promise<UserCardRow | undefined> {
  return db.selectFrom('user_cards').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Resubmission of a rejected record: the same row, new details, status 1, reason cleared. Only from status 3. */
async function resubmit(trx: Tx, row: UserCardRow, fields: CardInput & Record<PhotoField, string>, now: number): Promise<UserCardRow> {
  const refused = refusal(Number(row.status));
  if (refused) throw refused;
  const updated = await trx
    .updateTable('user_cards')
    .set({ ...fields, status: KycStatus.pending, reason: '', updated_at: now, reviewed_at: null })
    .where('id', '=', row.id)
    .where('status', '=', KycStatus.rejected)
    .returningAll()
    .executeTakeFirst();
  // decided or resubmitted in between: read it again and refuse as it now is
  if (!updated) throw refusal(Number((await myCardRow(trx, row.user_id))?.status ?? KycStatus.pending)) ?? new ApiError(ResultCode.error, 'realName.alreadyPending');
  await setUserStatus(trx, row.user_id, KycStatus.pending);
  return updated;
}

/**
 * POST /user_card/createUser_card: the first submission; after a rejection it resubmits the
 * same record (as PUT updateUser_card does), so the form needs no record id. Under review or
 * verified: refused, nothing written.
 */
export async function createCard(db: Db, userId: number, input: CardInput, now: number): Promise<UserCard> {
  const name = cardName(input.name);
  return db.transaction().execute(async (trx) => {
    const photos = await ownPhotos(trx, userId, input);
    const fields = { type: input.type, name, ...photos };
    const existing = await myCardRow(trx, userId);
    if (existing) return toUserCard(await resubmit(trx, existing, fields, now));
    const row = await trx
      .insertInto('user_cards')
      .values({ user_id: userId, ...fields, status: KycStatus.pending, reason: '', created_at: now, updated_at: now, reviewed_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    await setUserStatus(trx, userId, KycStatus.pending);
    return toUserCard(row);
  });
}

/**
 * PUT /user_card/updateUser_card: resubmission of the caller's own rejected record by its ID.
 * The spec's payload also carries status and uid: they are never read (the status becomes 1,
 * the owner is the session's user). Another user's ID answers like an unknown one.
 */
export async function updateCard(db: Db, userId: number, id: number, input: CardInput, now: number): Promise<UserCard> {
  const name = cardName(input.name);
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('user_cards').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!row) throw new ApiError(ResultCode.error, 'errors.notFound');
    const refused = refusal(Number(row.status));
    if (refused) throw refused;
    const photos = await ownPhotos(trx, userId, input);
    return toUserCard(await resubmit(trx, row, { type: input.type, name, ...photos }, now));
  });
}

/** GET /user_card/findMyUser_card: the caller's record as a list of at most one (empty before the first submission). Never an error for a signed-in user. */
export async function findMyCard(db: Db, userId: number): Promise<{ list: UserCard[]; total: number; page: number; pageSize: number }> {
  const row = await myCardRow(db, userId);
  const list = row ? [toUserCard(row)] : [];
  return { list, total: list.length, page: 1, pageSize: 1 };
}
