// Operator commands over the server's database. The CLI (cli.ts) prints their results;
// tests call them directly. No command chooses prices or an order's outcome (there is no
// market-seed command: the simulator's seed is secret and random per installation).
import { captchaAnswer } from '../platform/codes/captcha.ts';
import { contactOf, deliver } from '../platform/codes/codes.ts';
import type { Db } from '../core/db/index.ts';
import type { UserRow } from '../core/db/types.ts';
import { DEMO_EMAIL } from '../composition/seed.ts';
import { coinDecimals, USDT } from '../core/coins.ts';
import { adminDeposit } from '../funds/deposits/admin-deposit.ts';
import { balancesOf } from '../core/ledger.ts';
import { formatUnits } from '../../contract/decimal.ts';
import { findUser } from '../platform/sessions/users.ts';
import { refusal } from '../core/errors.ts';


export interface OutboxEntry {
  channel: string;
  target: string;
  code: string;
  time: string;
}

export interface UserSummary {
  id: number;
  email: string;
  phone: string;
  status: string;
  invitationCode: string;
  creditScore: number;
  created: string;
}

export function userStatus(user: Pick<UserRow, 'barred' | 'frozen'>): string {
  const flags = [user.barred ? 'barred' : '', user.frozen ? 'frozen' : ''].filter(Boolean);
  return flags.length ? flags.join(', ') : 'active';
}

function summary(user: UserRow): UserSummary {
  return {
    id: Number(user.id),
    email: user.email ?? '',
    phone: user.phone ? `${user.country_code} ${user.phone}`.trim() : '',
    status: userStatus(user),
    invitationCode: user.invitation_code,
    creditScore: Number(user.credit_score),
    created: new Date(Number(user.created_at)).toISOString(),
  };
}

export async function requireUser(db: Db, ref: string | undefined): Promise<UserRow> {
  if (!ref) throw refusal('refusals.cli.userMissing');
  const user = await findUser(db, ref);
  if (!user) throw refusal('refusals.cli.userUnknown', { input: ref });
  return user;
}

/** The latest `n` email and SMS messages, newest first. */
export async function outbox(db: Db, n = 10): Promise<OutboxEntry[]> {
  const rows = await db.selectFrom('outbox').select(['channel', 'target', 'code', 'created_at']).orderBy('id', 'desc').limit(n).execute();
  return rows.map((r) => ({ channel: r.channel, target: r.target, code: r.code, time: new Date(Number(r.created_at)).toISOString() }));
}

export async function captcha(db: Db, id: string | undefined): Promise<string> {
  if (!id) throw refusal('refusals.cli.captchaMissing');
  const answer = await captchaAnswer(db, id);
  if (answer === undefined) throw refusal('refusals.cli.captchaUnknown', { input: id });
  return answer;
}

export async function user(db: Db, ref: string | undefined): Promise<UserSummary> {
  return summary(await requireUser(db, ref));
}

export async function bar(db: Db, ref: string | undefined): Promise<UserSummary> {
  const u = await requireUser(db, ref);
  await db.updateTable('users').set({ barred: 1 }).where('id', '=', u.id).execute();
  return summary({ ...u, barred: 1 });
}

export async function freeze(db: Db, ref: string | undefined): Promise<UserSummary> {
  const u = await requireUser(db, ref);
  await db.updateTable('users').set({ frozen: 1, self_frozen_at: null }).where('id', '=', u.id).execute();
  return summary({ ...u, frozen: 1 });
}

/** Lifts both a freeze and a bar. */
export async function unfreeze(db: Db, ref: string | undefined): Promise<UserSummary> {
  const u = await requireUser(db, ref);
  await db.updateTable('users').set({ frozen: 0, barred: 0, self_frozen_at: null }).where('id', '=', u.id).execute();
  return summary({ ...u, frozen: 0, barred: 0 });
}

/**
 * Clears a customer's withdrawal password once support has checked who they are (they forgot it,
 * and changing it takes the current one). Withdrawals stay blocked until they set a new one with
 * their login password, and that starts the manual-review window; the owner is told at once.
 */
export async function clearPayPassword(db: Db, ref: string | undefined, now = Date.now()): Promise<UserSummary> {
  const u = await requireUser(db, ref);
  if (u.pay_password_hash === null) throw refusal('refusals.cli.noPayPassword', { id: u.id });
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ pay_password_hash: null, pay_failures: 0, pay_locked_until: null }).where('id', '=', u.id).execute();
    const contact = contactOf(u);
    if (contact) await deliver(trx, contact.channel, contact.target, PAY_PASSWORD_CLEARED, now);
  });
  return summary(u);
}

const PAY_PASSWORD_CLEARED =
  'Customer service has cleared your withdrawal password at your request. Set a new one in the app before your next withdrawal. If you did not ask for this, contact customer service and change your login password now.';

/** An invitation code that registration accepts: the demo user's, else the first active user's. */
export async function inviteCode(db: Db): Promise<string> {
  const demo = await findUser(db, DEMO_EMAIL);
  if (demo) return demo.invitation_code;
  const any = await db.selectFrom('users').select('invitation_code').where('barred', '=', 0).where('frozen', '=', 0).orderBy('id').executeTakeFirst();
  if (!any) throw refusal('refusals.cli.noUserYet');
  return any.invitation_code;
}

export interface BalanceLine {
  coin: string;
  available: string;
  frozen: string;
  total: string;
}

function balanceLine(coin: string, available: bigint, frozen: bigint): BalanceLine {
  const d = coinDecimals(coin);
  return { coin, available: formatUnits(available, d), frozen: formatUnits(frozen, d), total: formatUnits(available + frozen, d) };
}

/** Every coin the user has a balance in (USDT always), available and frozen. */
export async function balance(db: Db, ref: string | undefined): Promise<BalanceLine[]> {
  const u = await requireUser(db, ref);
  const rows = await balancesOf(db, u.id);
  if (!rows.some((r) => r.coin === USDT)) rows.unshift({ coin: USDT, available: 0n, frozen: 0n });
  rows.sort((a, b) => (a.coin === USDT ? -1 : b.coin === USDT ? 1 : a.coin.localeCompare(b.coin)));
  return rows.map((r) => balanceLine(r.coin, r.available, r.frozen));
}

/**
 * Administrator deposit: credits an exact positive amount of a coin, with a ledger row of
 * type agent_deposit, in one transaction. Returns the user's new balance of that coin.
 */
export async function credit(
  db: Db,
  ref: string | undefined,
  coin: string | undefined,
  amount: string | undefined,
  now = Date.now(),
): Promise<BalanceLine & { user: number }> {
  const u = await requireUser(db, ref);
  if (!coin || amount === undefined) throw refusal('refusals.usage', { usage: 'credit <user> <coin> <amount>, e.g. credit demo@coinapp.test USDT 100.5' });
  const b = await adminDeposit(db, u.id, coin, amount, now);
  return { user: u.id, ...balanceLine(b.coin, b.available, b.frozen) };
}
