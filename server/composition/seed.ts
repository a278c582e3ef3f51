// Demo data for an empty database: one demo user (whose invitation code lets others
// register) with a demo balance, and the announcements. Never runs again once a user exists.
// A production install seeds none of it, nor the demo coins (their deposit addresses are not the
// operator's) and products: its operators add their own.
import type { Db } from '../core/db/index.ts';
import { toCount } from '../core/db/index.ts';
import { CardType, KycStatus } from '../core/db/tables/kyc.ts';
import { SEED_ANNOUNCEMENTS } from '../content/seed-articles.ts';
import { hashPassword } from '../platform/security/password.ts';
import { applyAdminDeposit } from '../funds/deposits/admin-deposit.ts';
import { createUser } from '../platform/sessions/users.ts';
import { seedFunds } from './seed-products.ts';
import { seedIeoProjects } from '../earn/ieo/ieo-seed.ts';
import type { InstallMode } from './install-mode.ts';

export const DEMO_EMAIL = 'demo@coinapp.test';
export const DEMO_PHONE = '13800138000';
export const DEMO_COUNTRY_CODE = '+86';
export const DEMO_PASSWORD = 'demo123456';
export const DEMO_INVITATION_CODE = 'DEMO88';
export const ANNOUNCEMENT_CATEGORY = 1;
/** The demo user's opening balance, credited as administrator deposits (with ledger rows) */
export const DEMO_BALANCES: readonly { coin: string; amount: string }[] = [
  { coin: 'USDT', amount: '10000' },
  { coin: 'BTC', amount: '0.5' },
];

const DAY = 24 * 3_600_000;

/** Seeds when the database has no user; returns whether it did. */
export async function seedIfEmpty(db: Db, now: number): Promise<boolean> {
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  if (toCount(n) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const demo = await createUser(
      trx,
      { email: DEMO_EMAIL, phone: DEMO_PHONE, countryCode: DEMO_COUNTRY_CODE, passwordHash, invitationCode: DEMO_INVITATION_CODE },
      now - 30 * DAY,
    );
    for (const { coin, amount } of DEMO_BALANCES) await applyAdminDeposit(trx, demo.id, coin, amount, now);
    // verified, so whoever tries the demo can withdraw and borrow (the gate answers 4025 otherwise)
    await trx
      .insertInto('user_cards')
      .values({ user_id: demo.id, type: CardType.identityCard, name: 'Demo User', card_front: '', card_end: '', card_hand: '', status: KycStatus.verified, reason: '', created_at: now - 30 * DAY, updated_at: now - 30 * DAY, reviewed_at: now - 30 * DAY })
      .execute();
    await trx.updateTable('users').set({ real_name_status: KycStatus.verified }).where('id', '=', demo.id).execute();
    // Newest first in SEED_ANNOUNCEMENTS; roughly two days apart, at varied hours.
    const rows = SEED_ANNOUNCEMENTS.map((a, i) => ({
      ...a,
      category: ANNOUNCEMENT_CATEGORY,
      created_at: now - i * 2 * DAY - ((i * 37) % 11) * 3_600_000 - 3_600_000,
    }));
    await trx.insertInto('articles').values(rows).execute();
  });
  return true;
}

/** What a start seeds: a demo install its coins and products, and (unless `demoAccount` is false) the demo account; a production install nothing. */
export async function seedInstallation(db: Db, now: number, mode: InstallMode, opts: { demoAccount: boolean }): Promise<void> {
  if (mode === 'production') return;
  await seedFunds(db, now);
  await seedIeoProjects(db, now);
  if (opts.demoAccount) await seedIfEmpty(db, now);
}
