// Which second factors a customer has, never a secret: the sign-in's second step, the security
// page and the back office's customer page all read it here.
import type { Db } from '../../core/db/index.ts';
import { toCount } from '../../core/db/index.ts';
import { hasTotp } from './user-totp.ts';

export interface SecondFactors {
  totp: boolean;
  passkeys: number;
}

export async function secondFactorsOf(db: Db, userId: number): Promise<SecondFactors> {
  const passkeys = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { totp: await hasTotp(db, userId), passkeys: toCount(passkeys.n) };
}
