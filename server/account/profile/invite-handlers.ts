// Invite statistics (GET /user/myInvite, spec §3 and §9): the logged-in user's invitation code,
// how many members each referral level holds (level 1 = users whose `invited_by` is the user,
// level 2 = invited by a level-1 member, … up to config app.referralLevels), their total, and
// the newest members of all levels with their account masked.
import { sql } from 'kysely';
import type { InviteMember } from '../../../contract/generated/types.ts';
import { loadConfig } from '../../../contract/loader.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { toCount } from '../../core/db/index.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';

/** The invitation page lists at most this many members, newest first (the counts cover all). */
export const INVITE_MEMBERS_LIMIT = 50;
/** users.real_name_status of a verified identity */
const VERIFIED = 2;
const DOT = '\u2022';

/** "john.smith@example.com" → "jo•••@example.com": at most two leading characters stay, never the whole name. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return maskPhone('', email);
  const local = [...email.slice(0, at)];
  const keep = local.length > 3 ? 2 : local.length > 1 ? 1 : 0;
  return `${local.slice(0, keep).join('')}${DOT.repeat(3)}${email.slice(at)}`;
}

/** ("+86", "13812348000") → "+86 138••••8000"; shorter numbers keep less, always hiding at least half. */
export function maskPhone(countryCode: string, phone: string): string {
  const digits = [...phone.trim()];
  const n = digits.length;
  const [head, tail] = n >= 10 ? [3, 4] : n >= 7 ? [2, 2] : n >= 4 ? [1, 1] : [0, 0];
  const hidden = Math.max(n - head - tail, 4);
  const masked = `${digits.slice(0, head).join('')}${DOT.repeat(hidden)}${tail ? digits.slice(n - tail).join('') : ''}`;
  const cc = countryCode.trim();
  return cc ? `${cc.startsWith('+') ? cc : `+${cc}`} ${masked}` : masked;
}

/** The account a member is shown by: the email when it has one, else the phone. */
export function maskAccount(row: { email: string | null; phone: string | null; country_code: string }): string {
  if (row.email) return maskEmail(row.email);
  if (row.phone) return maskPhone(row.country_code, row.phone);
  return DOT.repeat(6);
}

export function inviteHandlers(ctx: AppContext): HandlerTable {
  const { db } = ctx;
  // The number of levels is config app.referralLevels (spec §9: 3).
  const levels = Math.max(1, Math.trunc(loadConfig<{ referralLevels: number }>('app').referralLevels));

  /** The user's referral tree to `levels` deep, as a recursive CTE (SQLite and PostgreSQL). */
  const tree = (me: number) => sql`
    WITH RECURSIVE tree(id, level) AS (
      SELECT id, 1 FROM users WHERE invited_by = ${me}
      UNION ALL
      SELECT u.id, t.level + 1 FROM users u JOIN tree t ON u.invited_by = t.id WHERE t.level < ${levels}
    )`;

  return {
    getMyInvite: async (_input, { user }) => {
      const me = Number(user.id);
      const counted = await sql<{ level: number; n: number }>`${tree(me)} SELECT level, COUNT(*) AS n FROM tree GROUP BY level`.execute(db);
      const byLevel = new Map(counted.rows.map((r) => [Number(r.level), toCount(r.n)]));
      const counts = Array.from({ length: levels }, (_, i) => ({ level: i + 1, count: byLevel.get(i + 1) ?? 0 }));
      const newest = await sql<{ email: string | null; phone: string | null; country_code: string; created_at: number; real_name_status: number; level: number }>`
        ${tree(me)}
        SELECT u.email, u.phone, u.country_code, u.created_at, u.real_name_status, t.level
        FROM tree t JOIN users u ON u.id = t.id
        ORDER BY u.created_at DESC, u.id DESC
        LIMIT ${INVITE_MEMBERS_LIMIT}`.execute(db);
      const members: InviteMember[] = newest.rows.map((r) => ({
        account: maskAccount(r),
        joinedAt: Number(r.created_at),
        level: Number(r.level),
        verified: Number(r.real_name_status) === VERIFIED,
      }));
      return {
        invitationCode: user.invitation_code,
        levels: counts,
        total: counts.reduce((s, l) => s + l.count, 0),
        members,
        membersLimit: INVITE_MEMBERS_LIMIT,
      };
    },
  };
}
