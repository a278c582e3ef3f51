// Crypto withdrawals: the request (checks, then one transaction that writes the withdrawal
// and freezes amount + fee), the customer's view of a row, and the review kind "withdrawal"
// the operator decides with `npm run ops -- approve|reject withdrawal <id>`.
//
// The amount the customer enters is what arrives at the address; the network's fee is
// charged on top. Under review amount + fee are frozen (ledger withdrawal_request); an
// approval lets them leave (withdrawal_success), a rejection returns them to the available
// balance (withdrawal_refund) and the customer sees the reason.
import type { Withdrawal } from '../../../contract/generated/types.ts';
import { plainUnits, STORAGE_SCALE } from '../../../contract/decimal.ts';
import type { Endpoints } from '../../../contract/generated/endpoints.ts';
import type { Db } from '../../core/db/index.ts';
import { isoTime } from '../../core/db/index.ts';
import { ReviewStatus, type UserRow, type WithdrawalRow } from '../../core/db/types.ts';
import { validationError } from '../../core/errors.ts';
import { positiveAmount } from '../../core/amounts.ts';
import { addressMatches, explorerUrl, networkFormats, requireNetwork } from '../coins/coins.ts';
import { rejectionReason, type ReviewItem, type ReviewKind, userLabel } from '../../core/review-kind.ts';
import { decideFrozenRequest, type FrozenRequestKind, submitFrozenRequest } from '../frozen-requests.ts';
import { assertNotBlocked, manualReviewNeeded, type PayPasswordContext, utcMinute } from '../rules.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { spendBusinessLimit } from '../../platform/http/business-limits.ts';
import { holdWithdrawalValue } from './withdrawal-value.ts';
import { refusal } from '../../core/errors.ts';

/** What a withdrawal request needs besides the database: the server secret's dir, the business limits and the market that values them. */
export type WithdrawalContext = PayPasswordContext & Pick<AppContext, 'limiter' | 'limits' | 'now' | 'market'>;

/** What POST /withdraw/createWithdraw carries (the amount as a decimal string or a JSON number). */
export type WithdrawInput = Endpoints['createWithdraw']['input'];

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  const amount = BigInt(row.amount);
  const fee = BigInt(row.fee);
  return {
    ID: Number(row.id),
    coinname: row.coin,
    czline: row.network,
    address: row.address,
    num: plainUnits(amount),
    fee: plainUnits(fee),
    total: plainUnits(amount + fee),
    actual: plainUnits(amount),
    status: Number(row.status) as Withdrawal['status'],
    reason: row.reason,
    manualReview: Number(row.manual_review) === 1,
    CreatedAt: isoTime(Number(row.created_at)),
    ReviewedAt: row.reviewed_at === null ? '' : isoTime(Number(row.reviewed_at)),
    txHash: row.tx_hash ?? null,
    explorerUrl: explorerUrl(row.network, row.tx_hash ?? null),
  };
}

/** Whether two addresses of a network are the same (EVM hex addresses ignore letter case). */
export function sameAddress(a: string, b: string): boolean {
  return /^0x/i.test(a) ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** The saved address of this coin and network equal to `address`, if any. */
export async function savedAddress(
  db: Db,
  userId: number,
  coin: string,
  network: string,
  address: string,
): Promise<{ addr: string; activeAt: number } | undefined> {
  const rows = await db
    .selectFrom('withdrawal_addresses')
    .select(['addr', 'active_at'])
    .where('user_id', '=', userId)
    .where('coin', '=', coin)
    .where('network', '=', network)
    .execute();
  const row = rows.find((r) => sameAddress(r.addr, address));
  return row && { addr: row.addr, activeAt: Number(row.active_at) };
}

/**
 * Checks a withdrawal request and, when everything holds, writes it in one transaction: the
 * withdrawal (status 1, fee, manual-review flag) and the freeze of amount + fee. Refusals, in
 * order: a block (4022 no withdrawal password, locked, 24 h after a login password change);
 * 4019 unknown coin; coin_id of another coin; network of another coin or closed for
 * withdrawals; an address not in the network's format; whitelist mode and an unsaved or
 * not yet active address; the amount's format; 4020 when amount +
 * fee exceed the available balance; 4023 a wrong withdrawal password (five in a row lock); 4024
 * past the business limits on withdrawals per day, by number and by value.
 */
export async function requestWithdrawal(ctx: WithdrawalContext, user: UserRow, input: WithdrawInput, now: number): Promise<WithdrawalRow> {
  const { db } = ctx;
  assertNotBlocked(user, now);
  const { coin, network } = await requireNetwork(db, input.coinname, input.czline);
  if (Number(coin.id) !== input.coin_id) throw validationError('coin_id', 'withdraw.coinIdMismatch', { coin: coin.coin });
  if (Number(network.withdraw_enabled) !== 1) throw validationError('czline', 'withdraw.networkClosed', { coin: coin.coin, network: network.network });

  const address = input.address.trim();
  if (!addressMatches(network.network, address)) {
    throw validationError('address', 'address.formatInvalid', { network: network.network, example: networkFormats().get(network.network)?.example ?? '' });
  }
  if (Number(user.address_whitelist) === 1) {
    const saved = await savedAddress(db, user.id, coin.coin, network.network, address);
    if (!saved) throw validationError('address', 'withdraw.notInAddressBook', { coin: coin.coin, network: network.network });
    if (saved.activeAt > now) throw validationError('address', 'withdraw.addressNotActive', { until: utcMinute(saved.activeAt) });
  }

  // the network's decimals, minimum and maximum were held against the amount before this
  // handler ran (the schema's x-limits, server/platform/http/endpoints.ts checkLimits)
  const amount = positiveAmount(input.num, 'num', STORAGE_SCALE, 'withdraw.amountInvalid');
  const fee = BigInt(network.withdraw_fee);
  const total = amount + fee;
  await spendBusinessLimit(ctx, 'withdrawalsPerDay', String(user.id));
  return submitFrozenRequest(
    ctx,
    user,
    { coin: coin.coin, total, type: 'withdrawal_request', payPassword: input.pay_password, secondFactor: input.totp },
    now,
    async (trx) => {
      await holdWithdrawalValue(trx, ctx, user.id, coin.coin, amount, now);
      return trx
        .insertInto('withdrawals')
        .values({
          user_id: user.id,
          coin: coin.coin,
          network: network.network,
          address,
          amount: amount.toString(),
          fee: fee.toString(),
          manual_review: manualReviewNeeded(user, now) ? 1 : 0,
          status: ReviewStatus.pending,
          reason: '',
          created_at: now,
          reviewed_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  );
}

// ---- review kind "withdrawal" ------------------------------------------------------------

const WITHDRAWAL: FrozenRequestKind = {
  table: 'withdrawals',
  label: 'Withdrawal',
  unknownKey: 'refusals.review.withdrawalUnknown',
  successType: 'withdrawal_success',
};

export const withdrawalReview: ReviewKind = {
  kind: 'withdrawal',
  approveArgs: '',

  async pending(db) {
    const rows = await db
      .selectFrom('withdrawals')
      .innerJoin('users', 'users.id', 'withdrawals.user_id')
      .select([
        'withdrawals.id',
        'withdrawals.coin',
        'withdrawals.network',
        'withdrawals.address',
        'withdrawals.amount',
        'withdrawals.fee',
        'withdrawals.manual_review',
        'withdrawals.created_at',
      ])
      .select(['users.email', 'users.phone', 'users.country_code'])
      .where('withdrawals.status', '=', ReviewStatus.pending)
      .orderBy('withdrawals.id')
      .execute();
    return rows.map((r): ReviewItem => ({
      kind: 'withdrawal',
      id: Number(r.id),
      user: userLabel(r),
      summary: `${plainUnits(BigInt(r.amount))} ${r.coin} + fee ${plainUnits(BigInt(r.fee))} on ${r.network} to ${r.address}${Number(r.manual_review) === 1 ? ' (manual review: recent security change)' : ''}`,
      created: isoTime(Number(r.created_at)),
    }));
  },

  async approve(db, id, args, now) {
    if (args.length > 0) throw refusal('refusals.review.noArguments', { command: 'approve withdrawal <id>', input: args.join(' ') });
    return decideFrozenRequest<WithdrawalRow>(db, WITHDRAWAL, id, ReviewStatus.completed, '', now, (row) => {
      const total = BigInt(row.amount) + BigInt(row.fee);
      return `Withdrawal ${row.id} approved: ${plainUnits(BigInt(row.amount))} ${row.coin} to ${row.address} on ${row.network}; ${plainUnits(total)} ${row.coin} (with the fee ${plainUnits(BigInt(row.fee))}) left the frozen balance (withdrawal_success).`;
    });
  },

  async moves(db, id, args) {
    if (args.length > 0) throw refusal('refusals.review.noArguments', { command: 'approve withdrawal <id>', input: args.join(' ') });
    const row = await db.selectFrom('withdrawals').select(['coin', 'amount']).where('id', '=', id).executeTakeFirst();
    return row && { coin: row.coin, units: BigInt(row.amount) };
  },

  async reject(db, id, reason, now) {
    const text = rejectionReason(reason);
    return decideFrozenRequest<WithdrawalRow>(db, WITHDRAWAL, id, ReviewStatus.rejected, text, now, (row) => {
      const total = BigInt(row.amount) + BigInt(row.fee);
      return `Withdrawal ${row.id} rejected: ${plainUnits(total)} ${row.coin} returned to the available balance (withdrawal_refund). The customer sees: ${text}`;
    });
  },
};
