// The demo loan products a fresh installation starts with (only while the table is empty; the
// operator changes them with `npm run ops -- loan …`).
import { units } from '../../../contract/decimal.ts';
import type { Tx } from '../../core/ledger.ts';

export const SEED_LOAN_PRODUCTS = [
  {
    name: 'Quick USDT loan',
    names: {
      de: 'USDT-Schnellkredit',
      es: 'Préstamo rápido en USDT',
      fr: 'Prêt express en USDT',
      it: 'Prestito rapido in USDT',
      jp: 'USDT クイックローン',
      kr: 'USDT 빠른 대출',
      pt: 'Empréstimo rápido em USDT',
      ru: 'Быстрый заём в USDT',
      tr: 'Hızlı USDT kredisi',
      vn: 'Khoản vay nhanh USDT',
      zh: 'USDT 快速贷款',
      tw: 'USDT 快速貸款',
    },
    coin: 'USDT',
    min: '100',
    max: '5000',
    freeDays: 7,
    dailyRate: '0.0005',
    termDays: 30,
  },
  {
    name: 'USDT business loan',
    names: {
      de: 'USDT-Geschäftskredit',
      es: 'Préstamo empresarial en USDT',
      fr: 'Prêt professionnel en USDT',
      it: 'Prestito aziendale in USDT',
      jp: 'USDT ビジネスローン',
      kr: 'USDT 사업자 대출',
      pt: 'Empréstimo empresarial em USDT',
      ru: 'Бизнес-заём в USDT',
      tr: 'USDT işletme kredisi',
      vn: 'Khoản vay doanh nghiệp USDT',
      zh: 'USDT 商业贷款',
      tw: 'USDT 商業貸款',
    },
    coin: 'USDT',
    min: '5000',
    max: '100000',
    freeDays: 0,
    dailyRate: '0.0003',
    termDays: 90,
  },
  {
    name: 'BTC loan',
    names: {
      de: 'BTC-Kredit',
      es: 'Préstamo en BTC',
      fr: 'Prêt en BTC',
      it: 'Prestito in BTC',
      jp: 'BTC ローン',
      kr: 'BTC 대출',
      pt: 'Empréstimo em BTC',
      ru: 'Заём в BTC',
      tr: 'BTC kredisi',
      vn: 'Khoản vay BTC',
      zh: 'BTC 贷款',
      tw: 'BTC 貸款',
    },
    coin: 'BTC',
    min: '0.01',
    max: '2',
    freeDays: 3,
    dailyRate: '0.0002',
    termDays: 60,
  },
] as const;

/** Fills an empty loan_products table with SEED_LOAN_PRODUCTS (inside the caller's transaction). */
export async function seedLoanProducts(db: Tx, now: number): Promise<void> {
  const existing = await db.selectFrom('loan_products').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  for (const p of SEED_LOAN_PRODUCTS) {
    await db
      .insertInto('loan_products')
      .values({
        name: p.name,
        names: JSON.stringify(p.names),
        coin: p.coin,
        min_amount: units(p.min).toString(),
        max_amount: units(p.max).toString(),
        free_days: p.freeDays,
        daily_rate: p.dailyRate,
        term_days: p.termDays,
        enabled: 1,
        created_at: now,
      })
      .execute();
  }
}
