// The demo financing products a fresh installation starts with (only while the table is empty;
// the operator changes them with `npm run ops -- financing …`).
import { units } from '../../../contract/decimal.ts';
import type { Tx } from '../../core/ledger.ts';

export const SEED_FINANCING_PRODUCTS = [
  {
    name: 'USDT 7-day staking',
    names: {
      de: 'USDT-Staking 7 Tage',
      es: 'Staking de USDT a 7 días',
      fr: 'Staking USDT 7 jours',
      it: 'Staking USDT 7 giorni',
      jp: 'USDT 7日間ステーキング',
      kr: 'USDT 7일 스테이킹',
      pt: 'Staking de USDT por 7 dias',
      ru: 'Стейкинг USDT на 7 дней',
      tr: 'USDT 7 günlük staking',
      vn: 'Staking USDT 7 ngày',
      zh: 'USDT 7天质押',
      tw: 'USDT 7天質押',
    },
    coin: 'USDT',
    dailyRate: '0.001',
    termDays: 7,
    min: '100',
    max: '10000',
    penaltyRate: '0.01',
  },
  {
    name: 'USDT 30-day staking',
    names: {
      de: 'USDT-Staking 30 Tage',
      es: 'Staking de USDT a 30 días',
      fr: 'Staking USDT 30 jours',
      it: 'Staking USDT 30 giorni',
      jp: 'USDT 30日間ステーキング',
      kr: 'USDT 30일 스테이킹',
      pt: 'Staking de USDT por 30 dias',
      ru: 'Стейкинг USDT на 30 дней',
      tr: 'USDT 30 günlük staking',
      vn: 'Staking USDT 30 ngày',
      zh: 'USDT 30天质押',
      tw: 'USDT 30天質押',
    },
    coin: 'USDT',
    dailyRate: '0.0015',
    termDays: 30,
    min: '500',
    max: '50000',
    penaltyRate: '0.03',
  },
  {
    name: 'BTC 14-day staking',
    names: {
      de: 'BTC-Staking 14 Tage',
      es: 'Staking de BTC a 14 días',
      fr: 'Staking BTC 14 jours',
      it: 'Staking BTC 14 giorni',
      jp: 'BTC 14日間ステーキング',
      kr: 'BTC 14일 스테이킹',
      pt: 'Staking de BTC por 14 dias',
      ru: 'Стейкинг BTC на 14 дней',
      tr: 'BTC 14 günlük staking',
      vn: 'Staking BTC 14 ngày',
      zh: 'BTC 14天质押',
      tw: 'BTC 14天質押',
    },
    coin: 'BTC',
    dailyRate: '0.0002',
    termDays: 14,
    min: '0.01',
    max: '2',
    penaltyRate: '0.02',
  },
] as const;

/** Fills an empty financing_products table with SEED_FINANCING_PRODUCTS (inside the caller's transaction). */
export async function seedFinancingProducts(db: Tx, now: number): Promise<void> {
  const existing = await db.selectFrom('financing_products').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  for (const p of SEED_FINANCING_PRODUCTS) {
    await db
      .insertInto('financing_products')
      .values({
        name: p.name,
        names: JSON.stringify(p.names),
        coin: p.coin,
        daily_rate: p.dailyRate,
        term_days: p.termDays,
        cycle_days: 1,
        min_amount: units(p.min).toString(),
        max_amount: units(p.max).toString(),
        penalty_rate: p.penaltyRate,
        enabled: 1,
        created_at: now,
      })
      .execute();
  }
}
