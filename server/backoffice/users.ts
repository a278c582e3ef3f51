// Customers as the back office sees them: search, one customer's whole picture (balances, ledger,
// orders, sessions, identity, referral chain), freezes with a reason the customer is told, and
// ending every session. Each write is audited with the row before and after.
import { secondFactorsOf } from '../platform/security/second-factors.ts';
import { plainUnits } from '../../contract/decimal.ts';
import type { AdminUser, AdminUserDetail } from '../../contract/generated/types.ts';
import type { Db } from '../core/db/index.ts';
import type { SigninRow, UserRow } from '../core/db/types.ts';
import { validationError } from '../core/errors.ts';
import { appendAudit } from '../platform/audit/audit.ts';
import { contactOf, deliver } from '../platform/codes/codes.ts';
import { endAllSessions, userSessions } from '../platform/sessions/sessions.ts';
import type { Actor } from '../platform/audit/actor.ts';

export type FreezeTarget = 'login' | 'withdraw';

/** The columns a freeze sets: sign-in (4008 on every request) or withdrawals alone. An operator's
 * freeze or unfreeze of sign-in ends a freeze the customer made (self_frozen_at). */
const freezeColumns = (what: FreezeTarget, on: boolean, reason: string) =>
  what === 'login' ? { frozen: on ? 1 : 0, frozen_reason: reason, self_frozen_at: null } : { withdraw_frozen: on ? 1 : 0, withdraw_frozen_reason: reason };

/** A customer as the back office's lists show them. */
export function userSummary(u: UserRow): AdminUser {
  return {
    uid: Number(u.id),
    email: u.email ?? '',
    phone: u.phone ? `${u.country_code} ${u.phone}`.trim() : '',
    loginFrozen: Number(u.frozen) === 1 || Number(u.barred) === 1,
    loginFrozenReason: u.frozen_reason,
    withdrawFrozen: Number(u.withdraw_frozen) === 1,
    withdrawFrozenReason: u.withdraw_frozen_reason,
    verified: Number(u.real_name_status) === 2,
    created: new Date(Number(u.created_at)).toISOString(),
  };
}

async function userOrFail(db: Db, uid: number): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', uid).executeTakeFirst();
  if (!user) throw validationError('uid', 'admin.userUnknown');
  return user;
}

async function referralChain(db: Db, user: UserRow): Promise<AdminUserDetail['inviters']> {
  const chain: AdminUserDetail['inviters'] = [];
  let next = user.invited_by;
  while (next !== null && chain.length < 3) {
    const inviter = await db.selectFrom('users').select(['id', 'email', 'phone', 'country_code', 'invited_by']).where('id', '=', next).executeTakeFirst();
    if (!inviter) break;
    chain.push({ level: chain.length + 1, uid: Number(inviter.id), contact: inviter.email ?? `${inviter.country_code} ${inviter.phone ?? ''}`.trim() });
    next = inviter.invited_by;
  }
  return chain;
}

/** The customer's last 50 sign-ins and failed attempts, newest first. */
export async function userSignIns(db: Db, uid: number): Promise<SigninRow[]> {
  await userOrFail(db, uid);
  return db.selectFrom('signins').selectAll().where('user_id', '=', uid).orderBy('id', 'desc').limit(50).execute();
}

export async function userDetail(db: Db, uid: number): Promise<AdminUserDetail> {
  const user = await userOrFail(db, uid);
  const balances = await db.selectFrom('balances').select(['coin', 'available', 'frozen']).where('user_id', '=', uid).orderBy('coin').execute();
  const ledger = await db.selectFrom('ledger').selectAll().where('user_id', '=', uid).orderBy('id', 'desc').limit(50).execute();
  const count = async (table: 'spot_orders' | 'futures_orders') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', uid)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const invited = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('invited_by', '=', uid)
    .executeTakeFirstOrThrow();
  return {
    ...userSummary(user),
    realNameStatus: Number(user.real_name_status),
    invitationCode: user.invitation_code,
    balances: balances.map((b) => ({ coin: b.coin, available: plainUnits(BigInt(b.available)), frozen: plainUnits(BigInt(b.frozen)) })),
    ledger: ledger.map((l) => ({ id: Number(l.id), type: l.type, coin: l.coin, amount: plainUnits(BigInt(l.amount)), at: Number(l.created_at) })),
    spotOrders: await count('spot_orders'),
    futuresOrders: await count('futures_orders'),
    sessions: (await userSessions(db, uid)).map((s) => ({ device: s.device, ip: s.ip, lastSeen: Number(s.last_seen_at) })),
    inviters: await referralChain(db, user),
    invited: Number(invited.n),
    ...(await secondFactorsOf(db, uid)),
    selfFrozen: user.self_frozen_at === null ? null : Number(user.self_frozen_at),
  };
}

const FREEZE_NOTICE: Record<FreezeTarget, (reason: string) => string> = {
  login: (reason) => `Customer service has frozen your account, so you cannot sign in for now. Reason: ${reason} Contact customer service to lift it.`,
  withdraw: (reason) => `Customer service has frozen withdrawals from your account. Reason: ${reason} Contact customer service to lift it.`,
};

/** Freezes sign-in (ending every session) or withdrawals, with the reason the customer is sent and shown. */
export async function freezeUser(db: Db, actor: Actor, uid: number, what: FreezeTarget, reason: string, now: number): Promise<AdminUser> {
  const text = reason.trim();
  if (!text) throw validationError('reason', 'admin.reasonRequired');
  return db.transaction().execute(async (trx) => {
    const before = await userOrFail(trx, uid);
    await trx
      .updateTable('users')
      .set(freezeColumns(what, true, text))
      .where('id', '=', uid)
      .execute();
    if (what === 'login') await endAllSessions(trx, uid);
    const contact = contactOf(before);
    if (contact) await deliver(trx, contact.channel, contact.target, FREEZE_NOTICE[what](text), now);
    const after = await userOrFail(trx, uid);
    await appendAudit(trx, { ...actor, action: `user.freeze.${what}`, targetKind: 'user', targetId: uid, before: userSummary(before), after: userSummary(after) }, now);
    return userSummary(after);
  });
}

export async function unfreezeUser(db: Db, actor: Actor, uid: number, what: FreezeTarget, now: number): Promise<AdminUser> {
  return db.transaction().execute(async (trx) => {
    const before = await userOrFail(trx, uid);
    await trx
      .updateTable('users')
      .set(freezeColumns(what, false, ''))
      .where('id', '=', uid)
      .execute();
    const after = await userOrFail(trx, uid);
    await appendAudit(
      trx,
      { ...actor, action: `user.unfreeze.${what}`, targetKind: 'user', targetId: uid, before: userSummary(before), after: userSummary(after) },
      now,
    );
    return userSummary(after);
  });
}

export async function endUserSessions(db: Db, actor: Actor, uid: number, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await userOrFail(trx, uid);
    const sessions = (await userSessions(trx, uid)).length;
    await endAllSessions(trx, uid);
    await appendAudit(trx, { ...actor, action: 'user.endSessions', targetKind: 'user', targetId: uid, before: { sessions }, after: { sessions: 0 } }, now);
  });
}
