// The review kinds: what operators decide, each named here and nowhere else. The server's kinds
// (server/composition/reviews.ts) are typed by these names, the CLI's kind words and the dashboard's counts come
// from them, and `check:schemas` holds every schema enum, config key, locale key family and link
// that repeats a kind against this list (scripts/check-review-kinds.ts), so a kind spelt
// differently anywhere fails CI.
//
// `money` says what approving one moves, for the four-eyes rule (server/backoffice/review-rules.ts):
//   credit  money reaches the customer's balance (deposit, wire, loan, a mining machine's reward)
//   payout  money leaves the platform (crypto and bank withdrawals)
//   none    nothing moves (identity checks)

export type ReviewMoney = 'credit' | 'payout' | 'none';

export interface ReviewKindEntry {
  readonly name: string;
  /** The table whose rows wait for a decision */
  readonly table: string;
  readonly money: ReviewMoney;
}

export const REVIEW_KIND_REGISTRY = [
  { name: 'deposit', table: 'deposits', money: 'credit' },
  { name: 'withdrawal', table: 'withdrawals', money: 'payout' },
  { name: 'bank-withdrawal', table: 'bank_withdrawals', money: 'payout' },
  { name: 'wire', table: 'wire_transfers', money: 'credit' },
  { name: 'loan', table: 'loan_orders', money: 'credit' },
  { name: 'kyc', table: 'user_cards', money: 'none' },
  { name: 'mining', table: 'mining_orders', money: 'credit' },
] as const satisfies readonly ReviewKindEntry[];

export type ReviewKindName = (typeof REVIEW_KIND_REGISTRY)[number]['name'];

export const REVIEW_KIND_NAMES: readonly ReviewKindName[] = REVIEW_KIND_REGISTRY.map((k) => k.name);

export function reviewKindEntry(name: ReviewKindName): ReviewKindEntry {
  return REVIEW_KIND_REGISTRY.find((k) => k.name === name)!;
}

export function isReviewKindName(name: string): name is ReviewKindName {
  return (REVIEW_KIND_NAMES as readonly string[]).includes(name);
}

type Pascal<S extends string> = S extends `${infer A}-${infer B}` ? `${Capitalize<A>}${Pascal<B>}` : Capitalize<S>;

/** The dashboard's count of a kind's waiting items: waitingDeposit, waitingBankWithdrawal… */
export type ReviewCountField = `waiting${Pascal<ReviewKindName>}`;

export function reviewCountField(name: ReviewKindName): ReviewCountField {
  return `waiting${name.replace(/(^|-)(\w)/g, (_, _dash, c: string) => c.toUpperCase())}` as ReviewCountField;
}
