// What `ops operator …` did on the server host (the bootstrap and break-glass path, which prints
// an initial password and authenticator once): each change is recorded here beside its audit row
// and shown to every active admin in the back office until that admin acknowledges it.
import type { Db } from '../../core/db/index.ts';
import type { OperatorHostChangeRow } from '../../core/db/types.ts';

export type HostChange = 'add' | 'reset' | 'roles' | 'disable' | 'enable';

/** `actor` names who ran the command ("cli <OS user>"). */
export async function recordHostChange(db: Db, actor: string, name: string, what: HostChange, roles: string, now: number): Promise<void> {
  await db.insertInto('operator_host_changes').values({ name, what, roles, actor, at: now }).execute();
}

/** The changes this operator has not acknowledged yet, oldest first; none of their own. */
export async function unseenHostChanges(db: Db, operator: { id: number; name: string; host_changes_seen: number }): Promise<OperatorHostChangeRow[]> {
  return db
    .selectFrom('operator_host_changes')
    .selectAll()
    .where('id', '>', Number(operator.host_changes_seen))
    .where('name', '!=', operator.name)
    .orderBy('id')
    .limit(100)
    .execute();
}

/** Marks every change up to `upTo` seen by the operator (never moves the mark back). */
export async function acknowledgeHostChanges(db: Db, operatorId: number, upTo: number): Promise<void> {
  await db.updateTable('operators').set({ host_changes_seen: upTo }).where('id', '=', operatorId).where('host_changes_seen', '<', upTo).execute();
}
