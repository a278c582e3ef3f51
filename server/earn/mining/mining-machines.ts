// Mining machines: the catalogue the operator keeps (`npm run ops -- mining …`) as customers
// see it, and which of them they can buy. A machine is sold whole (sole) or in shares of one.
import type { MiningMachine } from '../../../contract/generated/types.ts';
import { formatUnits, plainUnits, units } from '../../../contract/decimal.ts';
import { formatAmount } from '../../../contract/number-format.ts';
import { MiningIncome, type MiningMachineRow, MiningType } from '../../core/db/types.ts';
import { USDT } from '../../core/coins.ts';
import { localName } from '../../core/local-names.ts';
import type { Translate } from '../../platform/i18n/i18n.ts';
import type { Tx } from '../../core/ledger.ts';
import { ratePercent } from '../products/earn-units.ts';

/** A share is a percent of one machine with at most this many decimals */
export const SHARE_DECIMALS = 2;

/** The percent of a machine quantity: 0.25 machine → "25". */
export const sharePercent = (quantity: bigint): string => plainUnits(quantity * 100n);

export function machineTerms(
  m: Pick<MiningMachineRow, 'type' | 'income_type' | 'daily_output' | 'output_coin' | 'frozen_ratio' | 'release_days' | 'term_days'>,
  t: Translate,
  locale?: string,
): string {
  // the day's output as the reader writes numbers: "0,0002" in German (exact: the decimals it has)
  const plain = plainUnits(BigInt(m.daily_output));
  const output = formatAmount(plain, plain.split('.')[1]?.length ?? 0, locale);
  const daily =
    Number(m.income_type) === MiningIncome.value
      ? t('mining.dailyValue', { amount: output, coin: m.output_coin })
      : t('mining.dailyCoins', { amount: output, coin: m.output_coin });
  const frozen = BigInt(units(m.frozen_ratio)) > 0n ? t('mining.termsFrozen', { percent: ratePercent(m.frozen_ratio), days: Number(m.release_days) }) : '';
  return [t('mining.terms', { daily, term: Number(m.term_days) }), frozen].filter(Boolean).join(' ');
}

export function toMiningMachine(m: MiningMachineRow, priceDecimals: number, t: Translate, lang: unknown, locale?: string, outputDecimals = 8): MiningMachine {
  const sole = Number(m.type) === MiningType.sole;
  const max = BigInt(m.max_quantity);
  return {
    ID: Number(m.id),
    name: localName(m, lang),
    type: Number(m.type) as 1 | 2,
    priceCoin: m.price_coin,
    priceDecimals,
    price: formatUnits(BigInt(m.price), priceDecimals),
    outputCoin: m.output_coin,
    outputDecimals,
    incomeType: Number(m.income_type) as 1 | 2,
    dailyOutput: plainUnits(BigInt(m.daily_output)),
    dailyOutputCoin: Number(m.income_type) === MiningIncome.value ? USDT : m.output_coin,
    frozenRatio: m.frozen_ratio,
    releaseDays: Number(m.release_days),
    termDays: Number(m.term_days),
    minHolding: Number(m.term_days),
    maxPerOrder: sole ? plainUnits(max) : sharePercent(max),
    quantityDecimals: sole ? 0 : SHARE_DECIMALS,
    rewardRatio: m.reward_ratio,
    terms: machineTerms(m, t, locale),
  };
}

/** Machines a customer can buy: open, their price coin enabled. */
export function openMachines(db: Tx) {
  return db
    .selectFrom('mining_machines')
    .innerJoin('coins', 'coins.coin', 'mining_machines.price_coin')
    .where('mining_machines.enabled', '=', 1)
    .where('coins.enabled', '=', 1);
}

export async function machineNames(db: Tx, ids: number[], lang: unknown): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('mining_machines')
    .select(['id', 'name', 'names'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), localName(r, lang)]));
}
