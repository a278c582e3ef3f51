// Rules that guard money leaving an account: the withdrawal password (4022 when unset, 4023
// when wrong, a lock after too many wrong ones in a row), the 24-hour block after a login
// password change (spec §4, §9), and manual review after a password or security change.
// Withdrawal, bank withdrawal and the status endpoint all read them from here, so the
// screen shows the same block, reason and end time the server refuses with.
import type { WithdrawBlock } from '../../contract/generated/types.ts';
import { loadConfig } from '../../contract/loader.ts';
import { liveConfig } from '../core/live-config.ts';
import type { AppContext } from '../platform/http/context.ts';
import type { UserRow } from '../core/db/types.ts';
import { ApiError, businessError, validationError } from '../core/errors.ts';
import { hashPin, pinNeedsUpgrade, verifyPin } from '../platform/security/pin.ts';
import { serverSecret } from '../platform/security/secret-key.ts';
import { ResultCode } from '../../contract/result-codes.ts';

export interface FundsRules {
  payPasswordMaxFailures: number;
  payPasswordLockMinutes: number;
  manualReviewAfterSecurityChangeH: number;
  addressActivationH: number;
  exchangeFeeRate: string;
  exchangeCoins: string[];
  bankWithdrawFeeRate: string;
  bankWithdrawMin: string;
  bankWithdrawMax: string;
}

/** schemas/config/funds.json as published (changeable at run time: server/core/live-config.ts) */
export function fundsRules(): FundsRules {
  return liveConfig<FundsRules>('funds');
}

const HOUR = 3_600_000;

/** Hours withdrawals stay blocked after a login password change (schemas/config/timings.json). */
export function lockAfterPasswordChangeMs(): number {
  return loadConfig<{ withdrawLockAfterPasswordChangeH: number }>('timings').withdrawLockAfterPasswordChangeH * HOUR;
}

/**
 * What stops this user withdrawing now, if anything, with its end time: no withdrawal
 * password yet (until it is set), too many wrong withdrawal passwords, a recent login
 * password change.
 */
export function withdrawalBlock(user: UserRow, now: number): WithdrawBlock | null {
  if (Number(user.withdraw_frozen) === 1) return { reason: 'frozen', until: null, link: null, note: user.withdraw_frozen_reason };
  if (user.pay_password_hash === null) return { reason: 'noPayPassword', until: null, link: '/login/resetWithdrawPassword' };
  const locked = user.pay_locked_until === null ? 0 : Number(user.pay_locked_until);
  if (locked > now) return { reason: 'payLocked', until: locked, link: null };
  const changed = user.password_changed_at === null ? null : Number(user.password_changed_at);
  if (changed !== null && changed + lockAfterPasswordChangeMs() > now) return { reason: 'passwordChanged', until: changed + lockAfterPasswordChangeMs(), link: null };
  return null;
}

/** Whether a recent password or withdrawal-password change sends new withdrawals to manual review. */
export function manualReviewNeeded(user: UserRow, now: number): boolean {
  const window = fundsRules().manualReviewAfterSecurityChangeH * HOUR;
  const changes = [user.password_changed_at, user.pay_password_changed_at].filter((t): t is number => t !== null).map(Number);
  return changes.some((t) => t + window > now);
}

/** "2025-01-16 12:00 UTC": how server messages and the operator CLI name a moment (screens show it in the user's zone). */
export function utcMinute(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The refusal for a block: 4022 for a missing withdrawal password, else code 7 with the block's reason and end time. */
export function blockError(block: WithdrawBlock): ApiError {
  if (block.reason === 'noPayPassword') return businessError(ResultCode.noPayPassword, { block });
  const until = block.until === null ? '' : utcMinute(block.until);
  return new ApiError(ResultCode.error, `funds.block.${block.reason}`, { block }, { until, note: block.note ?? '' });
}

/** Refuses when withdrawals are blocked (see withdrawalBlock). */
export function assertNotBlocked(user: UserRow, now: number): void {
  const block = withdrawalBlock(user, now);
  if (block) throw blockError(block);
}

/** What checking a withdrawal password needs: the database, and the data dir whose server secret keys the hashes. */
export type PayPasswordContext = Pick<AppContext, 'db' | 'dataDir'>;

/** The stored form of a new withdrawal password (server/platform/security/pin.ts). */
export function hashPayPassword(ctx: PayPasswordContext, password: string): string {
  return hashPin(serverSecret(ctx.dataDir), password);
}

/**
 * Changing a withdrawal password that is set takes the current one: missing, code 7 under
 * oldPassword; wrong, 4012 under oldPassword. Not counted towards the withdrawal lock: the
 * change is already behind the login password and five attempts per 15 minutes.
 */
export async function checkOldPayPassword(ctx: PayPasswordContext, user: UserRow, oldPassword: string | undefined): Promise<void> {
  if (user.pay_password_hash === null) return;
  if (!oldPassword) throw validationError('oldPassword', 'payPassword.oldRequired');
  if (!(await verifyPin(serverSecret(ctx.dataDir), oldPassword, user.pay_password_hash))) {
    throw businessError(ResultCode.wrongOldPayPassword, { field: 'oldPassword' });
  }
}

/**
 * Checks the withdrawal password. Unset: 4022. Wrong: 4023, and the failure is counted; the
 * Nth wrong one in a row (payPasswordMaxFailures) locks withdrawals for payPasswordLockMinutes
 * and answers with that lock. Right: the count starts again, and a hash stored in the old
 * scrypt form is replaced by the HMAC form.
 */
export async function checkPayPassword(ctx: PayPasswordContext, user: UserRow, password: string, now: number): Promise<void> {
  const { db } = ctx;
  assertNotBlocked(user, now);
  const stored = user.pay_password_hash!;
  if (await verifyPin(serverSecret(ctx.dataDir), password, stored)) {
    if (pinNeedsUpgrade(stored)) {
      // only if unchanged meanwhile: a new withdrawal password set in between stays
      await db.updateTable('users').set({ pay_password_hash: hashPayPassword(ctx, password) }).where('id', '=', user.id).where('pay_password_hash', '=', stored).execute();
    }
    if (Number(user.pay_failures) !== 0) await db.updateTable('users').set({ pay_failures: 0 }).where('id', '=', user.id).execute();
    return;
  }
  const { payPasswordMaxFailures, payPasswordLockMinutes } = fundsRules();
  // counted in the database, so wrong passwords sent at the same moment each count
  const counted = await db
    .updateTable('users')
    .set((eb) => ({ pay_failures: eb('pay_failures', '+', 1) }))
    .where('id', '=', user.id)
    .returning('pay_failures')
    .executeTakeFirstOrThrow();
  const failures = Number(counted.pay_failures);
  if (failures >= payPasswordMaxFailures) {
    const until = now + payPasswordLockMinutes * 60_000;
    await db.updateTable('users').set({ pay_failures: 0, pay_locked_until: until }).where('id', '=', user.id).execute();
    throw blockError({ reason: 'payLocked', until, link: null });
  }
  throw businessError(ResultCode.wrongPayPassword, { field: 'pay_password', remaining: payPasswordMaxFailures - failures });
}
