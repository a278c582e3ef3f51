// Notices the platform writes to a customer when something of theirs settles (a deposit,
// withdrawal, loan or identity check is decided, an order settles). Call it inside the
// transaction that makes the change, so the notice exists exactly when the change does.
import type { Db } from '../db/index.ts';

/** What happened; each event has a title and body key per language (locale `notice.<event>.*`). */
export type NoticeEvent = string;

export async function notify(_db: Db, _userId: number, _event: NoticeEvent, _params: Record<string, string>, _now: number): Promise<void> {
  // Filled in by the notifications work (migration 0009_notices).
}
