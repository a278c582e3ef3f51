// Mining machines as operators manage them (`ops mining …` and the back office). Amounts are exact
// decimals; every change is checked whole before anything is written, and applies to new purchases
// only: an order keeps the terms it was bought under.
import { formatUnits, plainUnits, units } from '../../../contract/decimal.ts';
import type { AdminMiningMachine } from '../../../contract/generated/types.ts';
import { MiningIncome, type MiningMachineRow, MiningType } from '../../core/db/types.ts';
import type { Tx } from '../../core/ledger.ts';
import type { ProductCatalogue, ProductDraft } from '../../core/product-catalogue.ts';
import { sharePercent } from './mining-machines.ts';
import {
  coinOf,
  localNamesLine,
  MAX_DAYS,
  offerAndNames,
  positiveUnits,
  productName,
  ratio,
  refuse,
  requireFields,
  someChange,
  wholeNumber,
} from '../products/product-rules.ts';

export const MINING_KEYS = [
  'name',
  'type',
  'price',
  'outputCoin',
  'incomeType',
  'dailyOutput',
  'termDays',
  'maxPerOrder',
  'frozenRatio',
  'releaseDays',
  'rewardRatio',
] as const;
export const MINING_REQUIRED = MINING_KEYS.slice(0, 8);
const DEFAULTS = { frozenRatio: '0', releaseDays: '0', rewardRatio: '0' };

function kinds(d: ProductDraft): { sole: boolean; value: boolean } {
  if (d.type !== 'sole' && d.type !== 'shared') refuse('type', 'typeChoice');
  if (d.incomeType !== 'value' && d.incomeType !== 'coin') refuse('incomeType', 'incomeChoice');
  return { sole: d.type === 'sole', value: d.incomeType === 'value' };
}

/** Machines a sole order may hold, or the share of one machine (1 = 100 %) a shared order may. */
function maxQuantity(d: ProductDraft, sole: boolean): bigint {
  if (sole) return positiveUnits('maxPerOrder', d.maxPerOrder, 0);
  const share = positiveUnits('maxPerOrder', d.maxPerOrder, 2) / 100n;
  if (share > units('1')) refuse('maxPerOrder', 'sharePercent');
  return share;
}

async function checked(db: Tx, d: ProductDraft) {
  const name = productName(d.name);
  const { sole, value } = kinds(d);
  const usdt = await coinOf(db, 'price', 'USDT');
  const coin = await coinOf(db, 'outputCoin', d.outputCoin);
  return {
    name,
    type: sole ? MiningType.sole : MiningType.shared,
    price_coin: 'USDT',
    price: positiveUnits('price', d.price, usdt.decimals).toString(),
    output_coin: coin.coin,
    income_type: value ? MiningIncome.value : MiningIncome.coin,
    daily_output: positiveUnits('dailyOutput', d.dailyOutput, value ? usdt.decimals : coin.decimals).toString(),
    term_days: wholeNumber('termDays', d.termDays, 1, MAX_DAYS),
    max_quantity: maxQuantity(d, sole).toString(),
    frozen_ratio: ratio('frozenRatio', d.frozenRatio || '0', '1', true),
    release_days: wholeNumber('releaseDays', d.releaseDays || '0', 0, MAX_DAYS),
    reward_ratio: ratio('rewardRatio', d.rewardRatio || '0', '1', true),
  };
}

export async function miningMachineRow(db: Tx, id: number): Promise<MiningMachineRow> {
  const row = await db.selectFrom('mining_machines').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) refuse('id', 'unknown', { id });
  return row;
}

/** A machine as operators see it: its fields as a create takes them, and what the list shows. */
export function miningMachineView(m: MiningMachineRow): AdminMiningMachine {
  const sole = Number(m.type) === MiningType.sole;
  return {
    id: Number(m.id),
    name: m.name,
    type: sole ? 'sole' : 'shared',
    price: plainUnits(BigInt(m.price)),
    priceShown: `${formatUnits(BigInt(m.price), 6)} ${m.price_coin}`,
    priceCoin: m.price_coin,
    outputCoin: m.output_coin,
    incomeType: Number(m.income_type) === MiningIncome.value ? 'value' : 'coin',
    dailyOutput: plainUnits(BigInt(m.daily_output)),
    termDays: Number(m.term_days),
    maxPerOrder: sole ? plainUnits(BigInt(m.max_quantity)) : sharePercent(BigInt(m.max_quantity)),
    frozenRatio: m.frozen_ratio,
    releaseDays: Number(m.release_days),
    rewardRatio: m.reward_ratio,
    status: Number(m.enabled) ? 'open' : 'closed',
    localNames: localNamesLine(m.names),
  };
}

/** The fields of a machine as text, as a create takes them. */
export function miningDraft(m: MiningMachineRow): ProductDraft {
  const { name, type, price, outputCoin, incomeType, dailyOutput, termDays, maxPerOrder, frozenRatio, releaseDays, rewardRatio } = miningMachineView(m);
  return {
    name,
    type,
    price,
    outputCoin,
    incomeType,
    dailyOutput,
    termDays: String(termDays),
    maxPerOrder,
    frozenRatio,
    releaseDays: String(releaseDays),
    rewardRatio,
  };
}

/** Creates a machine (open, paid in USDT) from every required field. */
export async function createMiningMachine(db: Tx, given: Partial<ProductDraft>, now: number): Promise<MiningMachineRow> {
  requireFields(given, MINING_REQUIRED);
  const values = await checked(db, { ...DEFAULTS, ...given } as ProductDraft);
  return db
    .insertInto('mining_machines')
    .values({ ...values, enabled: 1, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const miningCatalogue: ProductCatalogue<AdminMiningMachine> = {
  kind: 'mining',
  async list(db) {
    return (await db.selectFrom('mining_machines').selectAll().orderBy('id').execute()).map(miningMachineView);
  },
  row: async (db, id) => miningMachineView(await miningMachineRow(db, id)),
  create: async (db, given, now) => Number((await createMiningMachine(db, given, now)).id),
  async update(db, id, changes) {
    const m = await miningMachineRow(db, id);
    someChange(changes);
    const values = await checked(db, { ...miningDraft(m), ...changes } as ProductDraft);
    await db.updateTable('mining_machines').set(values).where('id', '=', m.id).execute();
  },
  ...offerAndNames('mining_machines', miningMachineRow),
};
