// Resetting a customer's authenticator after an identity check (issue 25): four eyes. A compliance
// operator asks for it with the reason (how the identity was checked); a second, other operator
// sends the same request and only then is the authenticator removed (its secret and recovery
// codes), in one transaction with the approval and the audit row; the customer is told.
import type { Db } from '../core/db/index.ts';
import { forUpdate } from '../core/db/locks.ts';
import { ApiError, validationError } from '../core/errors.ts';
import { ResultCode } from '../../contract/result-codes.ts';
import { appendAudit } from '../platform/audit/audit.ts';
import type { Actor } from '../platform/audit/actor.ts';
import { contactOf, deliver } from '../platform/codes/codes.ts';
import { hasTotp } from '../platform/security/user-totp.ts';
import type { I18n } from '../platform/i18n/i18n.ts';

export const TOTP_RESET = 'totpReset';

export type TotpResetStep = 'requested' | 'done';

/** The language of the customer's latest successful sign-in ('' when none asked for one: English). */
async function lastSignInLang(db: Db, uid: number): Promise<string> {
  const row = await db
    .selectFrom('signins')
    .select(['lang'])
    .where('user_id', '=', uid)
    .where('result', '=', 'ok')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.lang ?? '';
}

/** The first call asks for the reset; a second operator's call carries it out. Returns which step this was. */
export async function resetTotp(db: Db, i18n: I18n, actor: Actor, uid: number, reason: string, now: number): Promise<TotpResetStep> {
  if (actor.operatorId == null) throw new Error('a reset is asked for by a signed-in operator');
  const why = reason.trim();
  if (!why) throw validationError('reason', 'admin.reasonRequired');
  const step = await db.transaction().execute(async (trx) => {
    const user = await forUpdate(trx, trx.selectFrom('users').selectAll().where('id', '=', uid)).executeTakeFirst();
    if (!user) throw validationError('uid', 'admin.userUnknown');
    if (!(await hasTotp(trx, uid))) throw new ApiError(ResultCode.error, 'admin.totpResetNone');
    const pending = await trx
      .selectFrom('approvals')
      .selectAll()
      .where('action', '=', TOTP_RESET)
      .where('target_kind', '=', 'user')
      .where('target_id', '=', String(uid))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (!pending) {
      await trx
        .insertInto('approvals')
        .values({
          action: TOTP_RESET,
          target_kind: 'user',
          target_id: String(uid),
          args_json: JSON.stringify({ reason: why }),
          status: 'pending',
          first_operator_id: actor.operatorId!,
          created_at: now,
        })
        .execute();
      await appendAudit(trx, { ...actor, action: 'user.totpReset.request', targetKind: 'user', targetId: uid, after: { reason: why } }, now);
      return 'requested' as const;
    }
    if (Number(pending.first_operator_id) === actor.operatorId) throw new ApiError(ResultCode.error, 'admin.totpResetSameOperator');
    await trx
      .updateTable('approvals')
      .set({ status: 'done', second_operator_id: actor.operatorId!, decided_at: now, reason: why })
      .where('id', '=', pending.id)
      .where('status', '=', 'pending')
      .execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', uid).execute();
    await trx.deleteFrom('user_totp').where('user_id', '=', uid).execute();
    await appendAudit(
      trx,
      {
        ...actor,
        action: 'user.totpReset',
        targetKind: 'user',
        targetId: uid,
        before: { totp: true },
        after: { totp: false, approval: Number(pending.id), reason: why },
      },
      now,
    );
    return 'done' as const;
  });
  if (step === 'done') {
    const user = await db.selectFrom('users').select(['email', 'phone', 'country_code']).where('id', '=', uid).executeTakeFirstOrThrow();
    const contact = contactOf(user);
    if (contact) {
      // the request is the operator's: the notice takes the language the customer last signed in with
      const t = i18n.translator(await lastSignInLang(db, uid));
      await deliver(db, contact.channel, contact.target, t(contact.channel === 'email' ? 'security.totpResetNotice' : 'security.totpResetNoticeSms'), now);
    }
  }
  return step;
}
