// `ops mining …`: the mining machines customers can buy (server/earn/mining-machines.ts).
// Amounts are exact decimals; every change is checked whole before anything is written. A change
// applies to new purchases only: an order keeps the terms it was bought under.
import { formatUnits, parseAmount, plainUnits, STORAGE_SCALE, units } from '../../../contract/decimal.ts';
import type { Db } from '../../core/db/index.ts';
import { MiningIncome, type MiningMachineRow, MiningType } from '../../core/db/types.ts';
import { ratePercent } from '../financing.ts';
import { sharePercent } from '../mining-machines.ts';
import { keyValues, OpsError } from '../../platform/ops/format.ts';

export const MINING_HELP = `  mining list         every mining machine: type, price, output, term, limits, open/closed
  mining create name=<name> type=sole|shared price=<USDT> outputCoin=<COIN> incomeType=value|coin
                dailyOutput=<amount> termDays=<n> maxPerOrder=<n> [frozenRatio=<ratio>] [releaseDays=<n>] [rewardRatio=<ratio>]
                      a new machine (open), paid in USDT. incomeType value: dailyOutput USDT worth of the
                      output coin a day per machine (at the market price then); coin: dailyOutput coins a day.
                      maxPerOrder: machines (sole) or percent of one machine (shared). frozenRatio 0.2 = 20 %
                      of each day's output frozen for releaseDays; rewardRatio 0.01 = 1 % of the price back on approval
  mining update <id> key=value …
                      change a machine (keys as for create); orders keep the terms they were bought under
  mining open|close <id>
                      offer a machine, or stop offering it (running machines are not affected)`;

const KEYS = ['name', 'type', 'price', 'outputCoin', 'incomeType', 'dailyOutput', 'termDays', 'maxPerOrder', 'frozenRatio', 'releaseDays', 'rewardRatio'] as const;
const REQUIRED = KEYS.slice(0, 8);
type Key = (typeof KEYS)[number];
type Draft = Record<Key, string>;
const MAX_DAYS = 3650;

function positive(key: string, text: string, decimals: number): bigint {
  const parsed = parseAmount(text);
  if (!parsed) throw new OpsError(`${key} must be a decimal number like 100 or 0.5, not "${text}".`);
  if (parsed.decimals > decimals) throw new OpsError(`${key} has at most ${decimals} decimals ("${text}").`);
  if (parsed.units <= 0n) throw new OpsError(`${key} must be greater than zero, not "${text}".`);
  return parsed.units;
}

function ratio(key: string, text: string): string {
  const parsed = parseAmount(text);
  if (!parsed || parsed.decimals > STORAGE_SCALE) throw new OpsError(`${key} must be a decimal ratio from 0 to 1 like 0.2 (20 %), not "${text}".`);
  if (parsed.units > units('1')) throw new OpsError(`${key} must be at most 1 (100 %), not "${text}". It is a ratio: 0.2 is 20 %.`);
  return plainUnits(parsed.units);
}

function days(key: string, text: string, min: number): number {
  if (!/^\d{1,5}$/.test(text) || Number(text) < min || Number(text) > MAX_DAYS) throw new OpsError(`${key} must be a whole number of days from ${min} to ${MAX_DAYS}, not "${text}".`);
  return Number(text);
}

async function checked(db: Db, d: Draft) {
  const name = d.name.trim();
  if (name.length < 2 || name.length > 64) throw new OpsError(`name must be 2 to 64 characters, not "${d.name}".`);
  if (d.type !== 'sole' && d.type !== 'shared') throw new OpsError(`type must be sole or shared, not "${d.type}".`);
  if (d.incomeType !== 'value' && d.incomeType !== 'coin') throw new OpsError(`incomeType must be value (USDT worth a day) or coin (coins a day), not "${d.incomeType}".`);
  const usdt = await db.selectFrom('coins').select('decimals').where('coin', '=', 'USDT').executeTakeFirst();
  if (!usdt) throw new OpsError('USDT is not in the coin table. See: coin list.');
  const coin = await db.selectFrom('coins').select(['coin', 'decimals']).where('coin', '=', d.outputCoin.trim().toUpperCase()).executeTakeFirst();
  if (!coin) throw new OpsError(`No coin "${d.outputCoin}" in the coin table. See: coin list.`);
  const sole = d.type === 'sole';
  const max = sole ? positive('maxPerOrder', d.maxPerOrder, 0) : positive('maxPerOrder', d.maxPerOrder, 2) / 100n;
  if (!sole && max > units('1')) throw new OpsError(`maxPerOrder of a shared machine is a percent of one machine: at most 100, not "${d.maxPerOrder}".`);
  return {
    name,
    type: sole ? MiningType.sole : MiningType.shared,
    price_coin: 'USDT',
    price: positive('price', d.price, Number(usdt.decimals)).toString(),
    output_coin: coin.coin,
    income_type: d.incomeType === 'value' ? MiningIncome.value : MiningIncome.coin,
    daily_output: positive('dailyOutput', d.dailyOutput, d.incomeType === 'value' ? Number(usdt.decimals) : Number(coin.decimals)).toString(),
    term_days: days('termDays', d.termDays, 1),
    max_quantity: max.toString(),
    frozen_ratio: ratio('frozenRatio', d.frozenRatio || '0'),
    release_days: days('releaseDays', d.releaseDays || '0', 0),
    reward_ratio: ratio('rewardRatio', d.rewardRatio || '0'),
  };
}

async function machineRow(db: Db, idText: string | undefined): Promise<MiningMachineRow> {
  if (!idText || !/^\d{1,10}$/.test(idText)) throw new OpsError(`Name the machine by its id (see: mining list), not "${idText ?? ''}".`);
  const row = await db.selectFrom('mining_machines').selectAll().where('id', '=', Number(idText)).executeTakeFirst();
  if (!row) throw new OpsError(`No mining machine ${idText}. See: mining list.`);
  return row;
}

function draftOf(m: MiningMachineRow): Draft {
  const sole = Number(m.type) === MiningType.sole;
  return {
    name: m.name,
    type: sole ? 'sole' : 'shared',
    price: plainUnits(BigInt(m.price)),
    outputCoin: m.output_coin,
    incomeType: Number(m.income_type) === MiningIncome.value ? 'value' : 'coin',
    dailyOutput: plainUnits(BigInt(m.daily_output)),
    termDays: String(m.term_days),
    maxPerOrder: sole ? plainUnits(BigInt(m.max_quantity)) : sharePercent(BigInt(m.max_quantity)),
    frozenRatio: m.frozen_ratio,
    releaseDays: String(m.release_days),
    rewardRatio: m.reward_ratio,
  };
}

function describe(m: MiningMachineRow): string {
  const d = draftOf(m);
  const output = d.incomeType === 'value' ? `${d.dailyOutput} USDT worth of ${m.output_coin}` : `${d.dailyOutput} ${m.output_coin}`;
  const limit = d.type === 'sole' ? `${d.maxPerOrder} machines` : `${d.maxPerOrder} % of a machine`;
  return `${m.id} "${m.name}" (${d.type}): ${formatUnits(BigInt(m.price), 6)} ${m.price_coin} a machine, ${output} a day per machine for ${m.term_days} days, at most ${limit} per order, ${ratePercent(m.frozen_ratio)} % frozen for ${m.release_days} days, purchase reward ${ratePercent(m.reward_ratio)} %, ${Number(m.enabled) ? 'open' : 'closed'}`;
}

/** Runs `mining <sub> …`; returns what it shows or what changed. */
export async function miningCommand(db: Db, args: string[], now: number): Promise<string> {
  const [sub, ...rest] = args;
  switch (sub) {
    case undefined:
    case 'list': {
      const rows = await db.selectFrom('mining_machines').selectAll().orderBy('id').execute();
      return rows.length ? rows.map(describe).join('\n') : '(no mining machines)';
    }
    case 'create': {
      const given = keyValues(rest, KEYS);
      const missing = REQUIRED.filter((k) => given[k] === undefined);
      if (missing.length) throw new OpsError(`A new machine needs: ${missing.join(', ')}.\n${MINING_HELP}`);
      const values = await checked(db, { frozenRatio: '0', releaseDays: '0', rewardRatio: '0', ...given } as Draft);
      const row = await db
        .insertInto('mining_machines')
        .values({ ...values, enabled: 1, created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return `Created mining machine ${describe(row)}.`;
    }
    case 'update': {
      const [idText, ...changes] = rest;
      const m = await machineRow(db, idText);
      const given = keyValues(changes, KEYS);
      if (Object.keys(given).length === 0) throw new OpsError(`Name what to change: mining update ${m.id} key=value … (keys: ${KEYS.join(', ')}).`);
      const values = await checked(db, { ...draftOf(m), ...given });
      await db.updateTable('mining_machines').set(values).where('id', '=', m.id).execute();
      return `Changed mining machine ${describe(await machineRow(db, String(m.id)))}.\nNew purchases get these terms; existing orders keep theirs.`;
    }
    case 'open':
    case 'close': {
      if (rest.length !== 1) throw new OpsError(`Usage: mining ${sub} <id>`);
      const m = await machineRow(db, rest[0]);
      const enabled = sub === 'open' ? 1 : 0;
      if (Number(m.enabled) === enabled) return `Mining machine ${m.id} is already ${sub === 'open' ? 'open' : 'closed'}; nothing changed.`;
      await db.updateTable('mining_machines').set({ enabled }).where('id', '=', m.id).execute();
      return sub === 'open' ? `Mining machine ${m.id} is open: customers can buy it.` : `Mining machine ${m.id} is closed: no new purchases; running machines are not affected.`;
    }
    default:
      throw new OpsError(`Unknown mining command "${sub}".\n${MINING_HELP}`);
  }
}
