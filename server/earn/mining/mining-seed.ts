// The demo mining machines a fresh installation starts with (only while the table is empty; the
// operator changes them with `npm run ops -- mining …`): one sold whole, one sold in shares.
import { units } from '../../../contract/decimal.ts';
import { MiningIncome, MiningType } from '../../core/db/types.ts';
import type { Tx } from '../../core/ledger.ts';

export const SEED_MINING_MACHINES = [
  {
    name: 'BTC miner S19',
    names: {
      de: 'BTC-Miner S19',
      es: 'Minero BTC S19',
      fr: 'Mineur BTC S19',
      it: 'Miner BTC S19',
      jp: 'BTCマイナー S19',
      kr: 'BTC 채굴기 S19',
      pt: 'Minerador BTC S19',
      ru: 'Майнер BTC S19',
      tr: 'BTC madencisi S19',
      vn: 'Máy đào BTC S19',
      zh: 'BTC矿机 S19',
      tw: 'BTC礦機 S19',
    },
    type: MiningType.sole,
    price: '1000',
    outputCoin: 'BTC',
    incomeType: MiningIncome.coin,
    dailyOutput: '0.0002',
    frozenRatio: '0.2',
    releaseDays: 7,
    termDays: 30,
    maxQuantity: '10',
    rewardRatio: '0.01',
  },
  {
    name: 'ETH shared rig',
    names: {
      de: 'Geteilte ETH-Anlage',
      es: 'Equipo ETH compartido',
      fr: 'Installation ETH partagée',
      it: 'Impianto ETH condiviso',
      jp: 'ETH共有マイニング機',
      kr: 'ETH 공유 채굴기',
      pt: 'Equipamento ETH compartilhado',
      ru: 'Общая установка ETH',
      tr: 'Paylaşımlı ETH donanımı',
      vn: 'Máy đào ETH chia sẻ',
      zh: 'ETH共享矿机',
      tw: 'ETH共享礦機',
    },
    type: MiningType.shared,
    price: '10000',
    outputCoin: 'ETH',
    incomeType: MiningIncome.value,
    dailyOutput: '30',
    frozenRatio: '0.1',
    releaseDays: 3,
    termDays: 60,
    maxQuantity: '0.5',
    rewardRatio: '0',
  },
] as const;

/** Fills an empty mining_machines table with SEED_MINING_MACHINES (inside the caller's transaction). */
export async function seedMiningMachines(db: Tx, now: number): Promise<void> {
  const existing = await db.selectFrom('mining_machines').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  for (const m of SEED_MINING_MACHINES) {
    await db
      .insertInto('mining_machines')
      .values({
        name: m.name,
        names: JSON.stringify(m.names),
        type: m.type,
        price_coin: 'USDT',
        price: units(m.price).toString(),
        output_coin: m.outputCoin,
        income_type: m.incomeType,
        daily_output: units(m.dailyOutput).toString(),
        frozen_ratio: m.frozenRatio,
        release_days: m.releaseDays,
        term_days: m.termDays,
        max_quantity: units(m.maxQuantity).toString(),
        reward_ratio: m.rewardRatio,
        enabled: 1,
        created_at: now,
      })
      .execute();
  }
}
