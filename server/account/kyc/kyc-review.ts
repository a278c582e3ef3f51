// The operator's side of identity verification: what waits, approve, reject with a reason.
// Registered as the review kind `kyc` (server/composition/reviews.ts: `ops reviews`, `ops approve kyc <id>`)
// and behind `ops kyc list|approve|reject` (server/account/ops/kyc.ts). A decision is one transaction:
// the conditional status change (only from 1), users.real_name_status and the customer's notice.
import { transact, type Db } from '../../core/db/index.ts';
import { KycStatus } from '../../core/db/tables/kyc.ts';
import { alreadyDecided, rejectionReason, type ReviewItem, type ReviewKind, userLabel } from '../../core/review-kind.ts';
import { notify } from '../../core/notify.ts';
import { refusal } from '../../core/errors.ts';

export const CARD_TYPE_NAMES: Record<number, string> = { 1: 'passport', 2: 'driving licence', 3: 'identity card' };
export const KYC_STATUS_NAMES: Record<number, string> = { 1: 'under review', 2: 'verified', 3: 'rejected' };

export interface KycListItem extends ReviewItem {
  status: string;
}

async function cardRows(db: Db, statuses: number[]) {
  return db
    .selectFrom('user_cards')
    .innerJoin('users', 'users.id', 'user_cards.user_id')
    .select(['user_cards.id', 'user_cards.type', 'user_cards.name', 'user_cards.status', 'user_cards.reason', 'user_cards.updated_at', 'users.email', 'users.phone', 'users.country_code'])
    .where('user_cards.status', 'in', statuses)
    .orderBy('user_cards.id')
    .execute();
}

type CardListRow = Awaited<ReturnType<typeof cardRows>>[number];

function item(r: CardListRow): KycListItem {
  const reason = Number(r.status) === KycStatus.rejected && r.reason ? ` (reason: ${r.reason})` : '';
  return {
    kind: 'kyc',
    id: Number(r.id),
    user: userLabel(r),
    summary: `${CARD_TYPE_NAMES[Number(r.type)] ?? `type ${r.type}`}: ${r.name}${reason}`,
    created: new Date(Number(r.updated_at)).toISOString(),
    status: KYC_STATUS_NAMES[Number(r.status)] ?? String(r.status),
  };
}

/** Records waiting for a decision, oldest first. */
export async function pendingCards(db: Db): Promise<ReviewItem[]> {
  return (await cardRows(db, [KycStatus.pending])).map((r) => {
    const { status: _status, ...rest } = item(r);
    return rest;
  });
}

/** Every record, or those of one status. */
export async function listCards(db: Db, statuses: number[] = [KycStatus.pending, KycStatus.verified, KycStatus.rejected]): Promise<KycListItem[]> {
  return (await cardRows(db, statuses)).map(item);
}

async function decide(db: Db, id: number, to: typeof KycStatus.verified | typeof KycStatus.rejected, reason: string, now: number): Promise<string> {
  return transact(db, async (trx) => {
    const row = await trx.selectFrom('user_cards').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw refusal('refusals.review.kycUnknown', { id });
    const changed = await trx.updateTable('user_cards').set({ status: to, reason, updated_at: now, reviewed_at: now }).where('id', '=', id).where('status', '=', KycStatus.pending).executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return alreadyDecided('Identity record', { id: Number(row.id), status: Number(row.status), reason: row.reason }, KYC_STATUS_NAMES);
    await trx.updateTable('users').set({ real_name_status: to }).where('id', '=', row.user_id).execute();
    await notify(trx, Number(row.user_id), to === KycStatus.verified ? 'kyc_approved' : 'kyc_rejected', { reason }, now);
    return to === KycStatus.verified ? `Identity record ${id} approved: the user is verified.` : `Identity record ${id} rejected: ${reason}`;
  });
}

export function approveCard(db: Db, id: number, now: number): Promise<string> {
  return decide(db, id, KycStatus.verified, '', now);
}

export function rejectCard(db: Db, id: number, reason: string, now: number): Promise<string> {
  return decide(db, id, KycStatus.rejected, rejectionReason(reason), now);
}

export const kycReview: ReviewKind = {
  kind: 'kyc',
  approveArgs: '',
  pending: pendingCards,
  approve: (db, id, args, now) => {
    if (args.length) throw refusal('refusals.usage', { usage: 'approve kyc <id>' });
    return approveCard(db, id, now);
  },
  reject: rejectCard,
  async images(db, id) {
    const row = await db.selectFrom('user_cards').select(['card_front', 'card_end', 'card_hand']).where('id', '=', id).executeTakeFirst();
    return row ? { idFront: row.card_front || undefined, idBack: row.card_end || undefined, idHand: row.card_hand || undefined } : {};
  },
};
