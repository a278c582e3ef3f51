// The two install modes, said out loud in the start banner. A demo install (the default `npm start`)
// seeds the demo account and products, and the operator CLI's conveniences work as the host (a
// credit, a review decided in one step, captcha answers, the outbox). A production install
// (NODE_ENV=production) seeds nothing and refuses those conveniences: money and reviews go through
// a named operator (`--as NAME`, or the back office).
//
// A database that has once run in production stays a production install, whatever the environment
// of a later process: leaving NODE_ENV out of one CLI call must not bring the conveniences back.
import type { Db } from '../core/db/index.ts';

export type InstallMode = 'demo' | 'production';

export const INSTALL_MODE_KEY = 'install.mode';

export function installModeOfEnvironment(env: NodeJS.ProcessEnv): InstallMode {
  return env.NODE_ENV === 'production' ? 'production' : 'demo';
}

async function recordedProduction(db: Db): Promise<boolean> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', INSTALL_MODE_KEY).executeTakeFirst();
  return row?.value === 'production';
}

/** The mode a process works in: production when its environment says so or the database has run in production. */
export async function installMode(db: Db, env: NodeJS.ProcessEnv): Promise<InstallMode> {
  if (installModeOfEnvironment(env) === 'production') return 'production';
  return (await recordedProduction(db)) ? 'production' : 'demo';
}

/** At start: a production start is recorded for good; returns the mode the server runs in. */
export async function recordInstallMode(db: Db, mode: InstallMode, now: number): Promise<InstallMode> {
  if (mode === 'production') {
    await db
      .insertInto('settings')
      .values({ key: INSTALL_MODE_KEY, value: 'production', updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'production', updated_at: now }))
      .execute();
    return 'production';
  }
  return (await recordedProduction(db)) ? 'production' : 'demo';
}
