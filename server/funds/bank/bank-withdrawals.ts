// Withdrawals to a saved bank card: what can be withdrawn (per coin: limits, fee rate, the
// largest amount whose fee fits), the request (checks, then one transaction that writes the
// withdrawal and freezes amount + fee), the customer's view of a row, and the review kind
// "bank-withdrawal" the operator decides with `npm run ops -- approve|reject bank-withdrawal <id>`.
//
// The amount entered is what the card receives (in fiat, at the operator's payout); the fee,
// bankWithdrawFeeRate of the amount rounded up to the coin's decimals, is charged on top.
// bankWithdrawMin/Max (schemas/config/funds.json) are USDT values: a coin's limits are those
// values at its market price, so a BTC withdrawal has sensible bounds too. A coin without a
// USDT price is not offered. Under review amount + fee are frozen (bank_withdrawal_request);
// an approval lets them leave (bank_withdrawal_success), a rejection returns them
// (withdrawal_refund) and the customer sees the reason.
import type { Endpoints } from '../../../contract/generated/endpoints.ts';
import type { BankWithdrawal, BankWithdrawOptions } from '../../../contract/generated/types.ts';
import { divide, formatUnits, multiply, plainUnits, roundTo, STORAGE_ONE, STORAGE_SCALE, units } from '../../../contract/decimal.ts';
import { normalizeIban } from '../../../contract/iban.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { isoTime } from '../../core/db/index.ts';
import { type BankWithdrawalRow, type CoinRow, ReviewStatus, type UserRow } from '../../core/db/types.ts';
import { businessError, validationError } from '../../core/errors.ts';
import { positiveAmount } from '../../core/amounts.ts';
import { balanceOf } from '../../core/ledger.ts';
import { requireCoin } from '../../core/coins.ts';
import { coinTable } from '../coins/coins.ts';
import { rejectionReason, type ReviewItem, type ReviewKind, userLabel } from '../../core/review-kind.ts';
import { decideFrozenRequest, type FrozenRequestKind, submitFrozenRequest } from '../frozen-requests.ts';
import { assertNotBlocked, fundsRules } from '../rules.ts';
import { ResultCode } from '../../../contract/result-codes.ts';
import { refusal } from '../../core/errors.ts';

const USDT = 'USDT';

/** What a bank withdrawal carries (the generated request type: the amount as a decimal string or a JSON number). */
export type BankWithdrawInput = Endpoints['createBankWithdrawal']['input'];

/** The fee of `amount` (a plain decimal) at `rate`, rounded up to `decimals`: the client shows the same (multiply, 'up'). */
export function bankFee(amount: string, rate: string, decimals: number): bigint {
  return units(multiply(amount, rate, decimals, 'up'));
}

/** The largest amount (units, at `decimals`) whose amount + fee is within `balance`. */
export function withdrawable(balance: bigint, rate: string, decimals: number): bigint {
  if (balance <= 0n) return 0n;
  // one unit of the coin's last decimal, in ledger units
  const step = 10n ** BigInt(Math.max(0, STORAGE_SCALE - decimals));
  // amount × (1 + rate) ≤ balance, then down by one step while the rounded-up fee does not fit
  let amount = roundTo((balance * STORAGE_ONE) / (STORAGE_ONE + units(rate)), decimals, 'down');
  while (amount > 0n && amount + bankFee(plainUnits(amount), rate, decimals) > balance) amount -= step;
  return amount > 0n ? amount : 0n;
}

/** USDT per one coin: 1 for USDT, else the live market price; undefined without a current price. */
function usdtPrice(ctx: AppContext, coin: string): string | undefined {
  if (coin === USDT) return '1';
  const symbol = `${coin.toLowerCase()}usdt`;
  if (!ctx.market.market(symbol)) return undefined;
  try {
    return ctx.market.price(symbol);
  } catch {
    // a stale price (the upstream feed is interrupted): not offered until it is current again
    return undefined;
  }
}

export interface BankLimits {
  min: bigint;
  max: bigint;
}

/** A coin's bank withdrawal limits in units of the coin, at its decimals; undefined when it has no USDT value now. */
export function bankLimits(ctx: AppContext, coin: CoinRow): BankLimits | undefined {
  const price = usdtPrice(ctx, coin.coin);
  if (price === undefined || !/[1-9]/.test(price)) return undefined;
  const d = Number(coin.decimals);
  const { bankWithdrawMin, bankWithdrawMax } = fundsRules();
  return { min: units(divide(bankWithdrawMin, price, d, 'up')), max: units(divide(bankWithdrawMax, price, d, 'down')) };
}

/** GET /withdraw_bank/options: per enabled coin with a USDT value, its limits, the fee rate and what the caller can withdraw. */
export async function bankWithdrawOptions(ctx: AppContext, user: UserRow): Promise<BankWithdrawOptions> {
  const feeRate = fundsRules().bankWithdrawFeeRate;
  const { coins } = await coinTable(ctx.db);
  const list: BankWithdrawOptions['list'] = [];
  for (const coin of coins) {
    if (Number(coin.enabled) !== 1) continue;
    const limits = bankLimits(ctx, coin);
    if (!limits) continue;
    const d = Number(coin.decimals);
    const { available } = await balanceOf(ctx.db, user.id, coin.coin);
    list.push({
      ID: Number(coin.id),
      coin: coin.coin,
      name: coin.name,
      logo: coin.logo,
      decimals: d,
      min: plainUnits(limits.min),
      max: plainUnits(limits.max),
      feeRate,
      balance: formatUnits(available, d),
      available: plainUnits(withdrawable(available, feeRate, d)),
    });
  }
  return { feeRate, list };
}

export function toBankWithdrawal(row: BankWithdrawalRow): BankWithdrawal {
  const amount = BigInt(row.amount);
  const fee = BigInt(row.fee);
  return {
    ID: Number(row.id),
    coinname: row.coin,
    num: plainUnits(amount),
    fee: plainUnits(fee),
    total: plainUnits(amount + fee),
    bankname: row.bankname,
    accountname: row.accountname,
    bankcard: row.bankcard,
    ibna: row.iban,
    payeeaddress: row.payeeaddress,
    country: row.country,
    status: Number(row.status) as BankWithdrawal['status'],
    reason: row.reason,
    CreatedAt: isoTime(Number(row.created_at)),
    reviewedAt: row.reviewed_at === null ? null : isoTime(Number(row.reviewed_at)),
    bankReference: row.bank_reference ?? null,
  };
}

/**
 * Checks a bank withdrawal and, when everything holds, writes it in one transaction: the
 * withdrawal (status 1, the card's details as they are now, the fee) and the freeze of amount +
 * fee. Refusals, in order: a block (4022 no withdrawal password, locked, 24 h after a login
 * password change); 4019 an unknown coin or one without a USDT value; coin_id of another coin;
 * card details that are not one of the caller's saved cards; the amount (format, decimals,
 * minimum, maximum); 4020 when amount + fee exceed the available balance; 4023 a wrong
 * withdrawal password (five in a row lock).
 */
export async function requestBankWithdrawal(ctx: AppContext, user: UserRow, input: BankWithdrawInput, now: number): Promise<BankWithdrawalRow> {
  const { db } = ctx;
  assertNotBlocked(user, now);
  const coin = await requireCoin(db, input.coinname);
  if (Number(coin.id) !== input.coin_id) throw validationError('coin_id', 'bankWithdraw.coinIdMismatch', { coin: coin.coin });
  const limits = bankLimits(ctx, coin);
  if (!limits) throw businessError(ResultCode.unsupportedCoin);

  const card = await db
    .selectFrom('bank_cards')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('bankname', '=', input.bankname)
    .where('accountname', '=', input.accountname)
    .where('bankcard', '=', input.bankcard)
    .where('iban', '=', normalizeIban(input.ibna ?? ''))
    .where('payeeaddress', '=', input.payeeaddress)
    .where('country', '=', input.country)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!card) throw validationError('bankcard', 'bankWithdraw.cardUnknown');

  const decimals = Number(coin.decimals);
  // the coin's decimals, minimum and maximum were held against the amount before this handler ran (the schema's x-limits,
  // server/platform/http/endpoints.ts checkLimits)
  const amount = positiveAmount(input.num, 'num', STORAGE_SCALE, 'bankWithdraw.amountInvalid');
  const fee = bankFee(plainUnits(amount), fundsRules().bankWithdrawFeeRate, decimals);
  const total = amount + fee;
  return submitFrozenRequest(
    ctx,
    user,
    { coin: coin.coin, total, type: 'bank_withdrawal_request', payPassword: input.pay_password, secondFactor: input.totp },
    now,
    (trx) =>
      trx
        .insertInto('bank_withdrawals')
        .values({
          user_id: user.id,
          coin: coin.coin,
          amount: amount.toString(),
          fee: fee.toString(),
          bankname: card.bankname,
          accountname: card.accountname,
          bankcard: card.bankcard,
          iban: card.iban,
          routing: card.routing,
          payeeaddress: card.payeeaddress,
          country: card.country,
          status: ReviewStatus.pending,
          reason: '',
          created_at: now,
          reviewed_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
  );
}

// ---- review kind "bank-withdrawal" ------------------------------------------------------

function destination(row: Pick<BankWithdrawalRow, 'accountname' | 'bankname' | 'iban'>): string {
  return `${row.accountname}, ${row.bankname}, IBAN ${row.iban}`;
}

const BANK_WITHDRAWAL: FrozenRequestKind = {
  table: 'bank_withdrawals',
  label: 'Bank withdrawal',
  unknownKey: 'refusals.review.bankWithdrawalUnknown',
  successType: 'bank_withdrawal_success',
};

export const bankWithdrawalReview: ReviewKind = {
  kind: 'bank-withdrawal',
  approveArgs: '',

  async pending(db) {
    const rows = await db
      .selectFrom('bank_withdrawals')
      .innerJoin('users', 'users.id', 'bank_withdrawals.user_id')
      .select(['bank_withdrawals.id', 'bank_withdrawals.coin', 'bank_withdrawals.amount', 'bank_withdrawals.fee', 'bank_withdrawals.created_at'])
      .select(['bank_withdrawals.bankname', 'bank_withdrawals.accountname', 'bank_withdrawals.iban'])
      .select(['users.email', 'users.phone', 'users.country_code'])
      .where('bank_withdrawals.status', '=', ReviewStatus.pending)
      .orderBy('bank_withdrawals.id')
      .execute();
    return rows.map((r): ReviewItem => ({
      kind: 'bank-withdrawal',
      id: Number(r.id),
      user: userLabel(r),
      summary: `${plainUnits(BigInt(r.amount))} ${r.coin} + fee ${plainUnits(BigInt(r.fee))} to ${destination(r)}`,
      created: isoTime(Number(r.created_at)),
    }));
  },

  async approve(db, id, args, now) {
    if (args.length > 0) throw refusal('refusals.review.noArguments', { command: 'approve bank-withdrawal <id>', input: args.join(' ') });
    return decideFrozenRequest<BankWithdrawalRow>(db, BANK_WITHDRAWAL, id, ReviewStatus.completed, '', now, (row) => {
      const total = BigInt(row.amount) + BigInt(row.fee);
      return `Bank withdrawal ${row.id} approved: pay ${plainUnits(BigInt(row.amount))} ${row.coin} to ${destination(row)}; ${plainUnits(total)} ${row.coin} (with the fee ${plainUnits(BigInt(row.fee))}) left the frozen balance (bank_withdrawal_success).`;
    });
  },

  async moves(db, id, args) {
    if (args.length > 0) throw refusal('refusals.review.noArguments', { command: 'approve bank-withdrawal <id>', input: args.join(' ') });
    const row = await db.selectFrom('bank_withdrawals').select(['coin', 'amount']).where('id', '=', id).executeTakeFirst();
    return row && { coin: row.coin, units: BigInt(row.amount) };
  },

  async reject(db, id, reason, now) {
    const text = rejectionReason(reason);
    return decideFrozenRequest<BankWithdrawalRow>(db, BANK_WITHDRAWAL, id, ReviewStatus.rejected, text, now, (row) => {
      const total = BigInt(row.amount) + BigInt(row.fee);
      return `Bank withdrawal ${row.id} rejected: ${plainUnits(total)} ${row.coin} returned to the available balance (withdrawal_refund). The customer sees: ${text}`;
    });
  },
};
