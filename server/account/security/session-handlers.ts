// The devices a user is signed in on: list them, sign one out, or sign out every other one.
// The session a request came with is marked `current`; it ends through POST /user/logout.
import type { DeviceSession } from '../../../contract/generated/types.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { SessionRow } from '../../core/db/types.ts';
import { currentSession } from '../../platform/http/auth.ts';
import { notFound } from '../../core/errors.ts';
import type { HandlerTable } from '../../platform/http/handler.ts';
import { DAY_MS, endOtherSessions, endSession, placeOf, userSessions } from '../../platform/sessions/sessions.ts';
import { isoTime, pageOf } from '../../platform/http/records.ts';

export function sessionHandlers(ctx: AppContext): HandlerTable {
  const toDevice = (row: SessionRow, currentId: number, t: (key: string) => string): DeviceSession => {
    const place = placeOf(row.ip);
    return {
      ID: Number(row.id),
      device: row.device || t('devices.unknownDevice'),
      // a configured place is a locale key (places.*) or a name as the operator wrote it
      place: place.startsWith('places.') ? t(place) : place,
      ip: row.ip,
      signedInAt: isoTime(row.created_at),
      lastSeenAt: isoTime(row.last_seen_at),
      current: row.id === currentId,
    };
  };

  return {
    getSessions: async (input, { user, req }) => {
      const current = currentSession(req);
      const t = ctx.i18n.translator(req.headers.lang);
      const oldest = ctx.now() - ctx.sessions.ttlDays * DAY_MS;
      const rows = (await userSessions(ctx.db, user.id)).filter((s) => Number(s.created_at) > oldest);
      // this device first, then the most recently seen
      rows.sort((a, b) => Number(b.id === current.id) - Number(a.id === current.id));
      const { page, pageSize, offset } = pageOf(input);
      return { list: rows.slice(offset, offset + pageSize).map((row) => toDevice(row, current.id, t)), total: rows.length, page, pageSize };
    },
    endSession: async (input, { user, req }) => {
      if (input.ID === currentSession(req).id || !(await endSession(ctx.db, user.id, input.ID))) throw notFound();
      return null;
    },
    endOtherSessions: async (input, { user, req }) => {
      const current = currentSession(req);
      if (input.ID !== current.id) throw notFound();
      await endOtherSessions(ctx.db, user.id, current.id);
      return null;
    },
  };
}
