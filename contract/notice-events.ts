// The notice events: what the platform tells a customer when something of theirs settles, each
// named here and nowhere else. The server writes them (server/core/notify.ts), the locale family
// `notice.<event>.title|body` words them, and `check:schemas` holds that family against this list
// (scripts/check-registries.ts), so an event without its texts, or texts of no event, fail CI.

export const NOTICE_EVENTS = [
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
] as const;

/** What happened; each event has a title and body key per language (locale `notice.<event>.*`). */
export type NoticeEvent = (typeof NOTICE_EVENTS)[number];

/** The notices page's own keys in the `notice` family, beside the events */
export const NOTICE_PAGE_KEYS = ['listTitle', 'detailTitle', 'empty', 'more'] as const;
