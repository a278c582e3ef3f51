// Requests whose amount and fee are frozen when the customer sends them (crypto and bank
// withdrawals). Sending checks the balance and the withdrawal password, then writes the request
// and its freeze in one transaction. The operator's decision and its ledger change also happen
// in one transaction, behind a conditional status update, so deciding twice changes nothing.
// Approval lets the frozen money leave; rejection returns it to the available balance
// (withdrawal_refund).
import { requireCodeIfOn } from '../platform/security/user-totp.ts';
import { transact, type Db } from '../core/db/index.ts';
import { type BankWithdrawalRow, ReviewStatus, type WithdrawalRow } from '../core/db/tables/funds.ts';
import type { LedgerType, UserRow } from '../core/db/types.ts';
import { applyChanges, balanceOf, type Tx } from '../core/ledger.ts';
import { businessError } from '../core/errors.ts';
import { alreadyDecided } from '../core/review-kind.ts';
import { checkPayPassword, type PayPasswordContext } from './rules.ts';
import { plainUnits } from '../../contract/decimal.ts';
import { notify } from '../core/notify.ts';
import { ResultCode } from '../../contract/result-codes.ts';
import { refusal } from '../core/errors.ts';

export interface FrozenRequestKind {
  table: 'withdrawals' | 'bank_withdrawals';
  /** "Withdrawal", "Bank withdrawal": how the CLI names one */
  label: string;
  /** The refusal of an id that has none (refusals.review.*Unknown) */
  unknownKey: string;
  /** Ledger type of the frozen money leaving on approval */
  successType: LedgerType;
}

type Row = WithdrawalRow | BankWithdrawalRow;

export interface FrozenRequest {
  coin: string;
  /** Amount + fee, units: what is frozen until the decision */
  total: bigint;
  /** Ledger type of the freeze */
  type: LedgerType;
  payPassword: string;
  /** The authenticator code, needed while the customer's authenticator is on */
  secondFactor?: string;
}

/**
 * Sends a request whose checks have passed: 4020 when amount + fee exceed the available balance,
 * then the withdrawal password (4023; five wrong in a row lock), then `insert` writes the row and
 * the freeze goes with it in the same transaction.
 */
export async function submitFrozenRequest<R extends { id: number }>(ctx: PayPasswordContext, user: UserRow, req: FrozenRequest, now: number, insert: (trx: Tx) => Promise<R>): Promise<R> {
  const { db } = ctx;
  if ((await balanceOf(db, user.id, req.coin)).available < req.total) throw businessError(ResultCode.insufficientBalance);
  await checkPayPassword(ctx, user, req.payPassword, now);
  await requireCodeIfOn(ctx, user.id, req.secondFactor, now);
  return transact(db, async (trx) => {
    const row = await insert(trx);
    await applyChanges(trx, [{ userId: user.id, coin: req.coin, available: -req.total, frozen: req.total, type: req.type, refId: Number(row.id) }], now);
    return row;
  });
}

export async function frozenRequestById(db: Db, kind: FrozenRequestKind, id: number): Promise<Row> {
  // both tables share the columns read here; Kysely needs one table name to type them
  const row = await db
    .selectFrom(kind.table as 'withdrawals')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw refusal(kind.unknownKey, { id });
  return row;
}

/** Decides one pending request; `describe` says what happened, or the answer is that it was decided already. */
export async function decideFrozenRequest<R extends Row>(db: Db, kind: FrozenRequestKind, id: number, to: number, reason: string, now: number, describe: (row: R) => string): Promise<string> {
  const row = (await frozenRequestById(db, kind, id)) as R;
  return transact(db, async (trx) => {
    const updated = await trx
      .updateTable(kind.table as 'withdrawals')
      .set({ status: to, reason, reviewed_at: now })
      .where('id', '=', id)
      .where('status', '=', ReviewStatus.pending)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return alreadyDecided(kind.label, await frozenRequestById(trx, kind, id));
    const total = BigInt(row.amount) + BigInt(row.fee);
    const change = to === ReviewStatus.completed ? { available: 0n, frozen: -total, type: kind.successType } : { available: total, frozen: -total, type: 'withdrawal_refund' as const };
    await applyChanges(trx, [{ userId: Number(row.user_id), coin: row.coin, ...change, refId: Number(row.id) }], now);
    const event = `${kind.table === 'withdrawals' ? 'withdrawal' : 'bank_withdrawal'}_${to === ReviewStatus.completed ? 'approved' : 'rejected'}` as const;
    await notify(trx, Number(row.user_id), event, { coin: row.coin, amount: plainUnits(BigInt(row.amount)), reason }, now);
    return describe(row);
  });
}
