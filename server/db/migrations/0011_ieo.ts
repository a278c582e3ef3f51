// IEO projects and subscriptions (new-coin offerings), and referral rewards paid per subscription.
import type { Kysely } from 'kysely';

export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
