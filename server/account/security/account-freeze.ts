// A customer freezing their own account (issue 25): from /user/security with the login password,
// or in one tap from a new-device alert's link. Every session ends and sign-in (so withdrawals
// too) is refused with 4008 until an operator with the compliance role lifts it after checking
// the customer's identity (the back office's unfreeze, audited).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/http/context.ts';
import type { UserRow } from '../../core/db/types.ts';
import { ApiError } from '../../core/errors.ts';
import { ResultCode } from '../../../contract/result-codes.ts';
import { appendAudit } from '../../platform/audit/audit.ts';
import { endAllSessions } from '../../platform/sessions/sessions.ts';
import { hashToken } from '../../platform/security/tokens.ts';
import { contactOf, deliver } from '../../platform/codes/codes.ts';

/** What the back office and the customer's notices say of a freeze the customer made. */
export const SELF_FREEZE_REASON = 'The customer froze the account themselves. Lift it only after checking their identity.';

/** Freezes the account and ends every session; freezing a frozen account changes nothing. */
export async function freezeOwnAccount(ctx: AppContext, user: UserRow, req: FastifyRequest, via: 'password' | 'link'): Promise<void> {
  const now = ctx.now();
  const changed = await ctx.db
    .updateTable('users')
    .set({ frozen: 1, frozen_reason: SELF_FREEZE_REASON, self_frozen_at: now })
    .where('id', '=', user.id)
    .where('frozen', '=', 0)
    .executeTakeFirst();
  await endAllSessions(ctx.db, user.id);
  if (Number(changed.numUpdatedRows) !== 1) return;
  await appendAudit(
    ctx.db,
    {
      actor: `customer ${user.id}`,
      ip: req.ip,
      action: 'user.selfFreeze',
      targetKind: 'user',
      targetId: user.id,
      before: { frozen: false },
      after: { frozen: true, via },
    },
    now,
  );
  const contact = contactOf(user);
  if (contact) {
    // in the language the freeze asked for (English where none or a text is missing)
    const t = ctx.i18n.translator(req.headers.lang);
    await deliver(ctx.db, contact.channel, contact.target, t(contact.channel === 'email' ? 'security.frozenNotice' : 'security.frozenNoticeSms'), now);
  }
}

/** The user of an unused, unexpired freeze link, the link spent; else a clear refusal. */
export async function takeFreezeLink(ctx: AppContext, token: string): Promise<UserRow> {
  const now = ctx.now();
  const row = await ctx.db.selectFrom('freeze_links').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row || row.used_at !== null || Number(row.expires_at) <= now) throw new ApiError(ResultCode.error, 'security.freezeLinkBad');
  await ctx.db.updateTable('freeze_links').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).execute();
  return ctx.db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirstOrThrow();
}
