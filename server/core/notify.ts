// Notices the platform writes to a customer when something of theirs settles (a deposit,
// withdrawal, loan or identity check is decided, an order settles). Call it inside the
// transaction that makes the change, so the notice exists exactly when the change does.
// Only the event and its parameters are stored: the title and body are translated when the
// notice is read, in the reader's language (server/content/notices.ts).
import type { Db } from './db/index.ts';

/** What happened; each event has a title and body key per language (locale `notice.<event>.*`). */
export type NoticeEvent =
  | 'deposit_approved'
  | 'deposit_rejected'
  | 'withdrawal_approved'
  | 'withdrawal_rejected'
  | 'bank_withdrawal_approved'
  | 'bank_withdrawal_rejected'
  | 'wire_credited'
  | 'loan_approved'
  | 'loan_rejected'
  | 'futures_win'
  | 'futures_loss'
  | 'futures_refund'
  | 'spot_buy_filled'
  | 'spot_sell_filled'
  | 'kyc_approved'
  | 'kyc_rejected'
  | 'support_reply';

/** Every event, for the check that each has its locale keys. */
export const NOTICE_EVENTS: readonly NoticeEvent[] = [
  'deposit_approved',
  'deposit_rejected',
  'withdrawal_approved',
  'withdrawal_rejected',
  'bank_withdrawal_approved',
  'bank_withdrawal_rejected',
  'wire_credited',
  'loan_approved',
  'loan_rejected',
  'futures_win',
  'futures_loss',
  'futures_refund',
  'spot_buy_filled',
  'spot_sell_filled',
  'kyc_approved',
  'kyc_rejected',
  'support_reply',
];

export async function notify(db: Db, userId: number, event: NoticeEvent, params: Record<string, string>, now: number): Promise<void> {
  await db
    .insertInto('notices')
    .values({ user_id: userId, event, params: JSON.stringify(params), created_at: now })
    .execute();
}
