// `ops financing …`: the fixed-term financing products customers can buy (server/earn/financing.ts).
// Amounts are exact decimals in the product coin's decimals (coin table); every change is checked
// whole before anything is written. A change applies to new purchases only: an order keeps the
// terms it was bought under.
import { formatUnits, parseAmount, plainUnits, STORAGE_SCALE } from '../../../contract/decimal.ts';
import { loadConfig } from '../../../contract/loader.ts';
import type { Db } from '../../core/db/index.ts';
import type { FinancingProductRow } from '../../core/db/types.ts';
import { ratePercent } from '../financing.ts';
import { parseNames } from '../../core/local-names.ts';
import { keyValues, OpsError, table } from '../../platform/ops/format.ts';

const LANGUAGE_PREFIXES = loadConfig<{ languages: { prefix: string }[] }>('languages').languages.map((l) => l.prefix);

export const FINANCING_HELP = `  financing list      every financing product: range, daily rate, term, penalty, open/closed
  financing create name=<name> coin=<COIN> min=<amount> max=<amount> dailyRate=<ratio> termDays=<n> penaltyRate=<ratio>
                      a new product (open), paid daily; dailyRate 0.001 = 0.1 % of the principal a day,
                      penaltyRate 0.02 = 2 % of the principal kept on early redemption
  financing update <id> key=value …
                      change a product (keys as for create); orders keep the terms they were bought under
  financing open|close <id>
                      offer a product, or stop offering it (orders in term are not affected)
  financing name <id> <lang> <name…>
                      the product's name in one language ("-" removes it)`;

/** Guards against typing 0.5 for 0.005: at most 5 % a day, at most 50 % penalty. */
export const MAX_DAILY_RATE = '0.05';
export const MAX_PENALTY_RATE = '0.5';
const MAX_DAYS = 3650;
const KEYS = ['name', 'coin', 'min', 'max', 'dailyRate', 'termDays', 'penaltyRate'] as const;
type Key = (typeof KEYS)[number];
type Draft = Record<Key, string>;

function amount(key: string, text: string, coin: string, decimals: number): bigint {
  const parsed = parseAmount(text);
  if (!parsed) throw new OpsError(`${key} must be a decimal number like 100 or 0.5, not "${text}".`);
  if (parsed.decimals > decimals) throw new OpsError(`${key}: ${coin} amounts have at most ${decimals} decimals ("${text}").`);
  if (parsed.units <= 0n) throw new OpsError(`${key} must be greater than zero, not "${text}".`);
  return parsed.units;
}

function ratio(key: string, text: string, max: string, allowZero: boolean): string {
  const parsed = parseAmount(text);
  if (!parsed) throw new OpsError(`${key} must be a decimal ratio like 0.001 (0.1 %), not "${text}".`);
  if (parsed.decimals > STORAGE_SCALE) throw new OpsError(`${key} has at most ${STORAGE_SCALE} decimals ("${text}").`);
  if (!allowZero && parsed.units <= 0n) throw new OpsError(`${key} must be greater than zero, not "${text}".`);
  if (parsed.units > parseAmount(max)!.units) throw new OpsError(`${key} must be at most ${max} (${ratePercent(max)} %), not "${text}". It is a ratio: 0.001 is 0.1 %.`);
  return plainUnits(parsed.units);
}

async function checked(db: Db, d: Draft) {
  const name = d.name.trim();
  if (name.length < 2 || name.length > 64) throw new OpsError(`name must be 2 to 64 characters, not "${d.name}".`);
  const coin = await db.selectFrom('coins').select(['coin', 'decimals']).where('coin', '=', d.coin.trim().toUpperCase()).executeTakeFirst();
  if (!coin) throw new OpsError(`No coin "${d.coin}" in the coin table. See: coin list.`);
  const decimals = Number(coin.decimals);
  const min = amount('min', d.min, coin.coin, decimals);
  const max = amount('max', d.max, coin.coin, decimals);
  if (min > max) throw new OpsError(`min (${d.min}) must not be above max (${d.max}).`);
  if (!/^\d{1,5}$/.test(d.termDays) || Number(d.termDays) < 1 || Number(d.termDays) > MAX_DAYS)
    throw new OpsError(`termDays must be a whole number of days from 1 to ${MAX_DAYS}, not "${d.termDays}".`);
  return {
    name,
    coin: coin.coin,
    min_amount: min.toString(),
    max_amount: max.toString(),
    daily_rate: ratio('dailyRate', d.dailyRate, MAX_DAILY_RATE, false),
    term_days: Number(d.termDays),
    penalty_rate: ratio('penaltyRate', d.penaltyRate, MAX_PENALTY_RATE, true),
  };
}

async function productRow(db: Db, idText: string | undefined): Promise<FinancingProductRow> {
  if (!idText || !/^\d{1,10}$/.test(idText)) throw new OpsError(`Name the product by its id (see: financing list), not "${idText ?? ''}".`);
  const row = await db.selectFrom('financing_products').selectAll().where('id', '=', Number(idText)).executeTakeFirst();
  if (!row) throw new OpsError(`No financing product ${idText}. See: financing list.`);
  return row;
}

async function decimalsOf(db: Db, coin: string): Promise<number> {
  const row = await db.selectFrom('coins').select('decimals').where('coin', '=', coin).executeTakeFirst();
  return row ? Number(row.decimals) : STORAGE_SCALE;
}

function draftOf(p: FinancingProductRow, decimals: number): Draft {
  return {
    name: p.name,
    coin: p.coin,
    min: formatUnits(BigInt(p.min_amount), decimals),
    max: formatUnits(BigInt(p.max_amount), decimals),
    dailyRate: p.daily_rate,
    termDays: String(p.term_days),
    penaltyRate: p.penalty_rate,
  };
}

function describe(p: FinancingProductRow, decimals: number): string {
  const f = (v: string) => formatUnits(BigInt(v), decimals);
  return `${p.id} "${p.name}": ${f(p.min_amount)}–${f(p.max_amount)} ${p.coin}, ${ratePercent(p.daily_rate)} % a day paid daily, ${p.term_days} days, early redemption penalty ${ratePercent(p.penalty_rate)} %, ${Number(p.enabled) ? 'open' : 'closed'}`;
}

async function listProducts(db: Db): Promise<Record<string, string | number>[]> {
  const rows = await db.selectFrom('financing_products').selectAll().orderBy('id').execute();
  const out: Record<string, string | number>[] = [];
  for (const p of rows) {
    const d = await decimalsOf(db, p.coin);
    out.push({
      id: Number(p.id),
      name: p.name,
      coin: p.coin,
      min: formatUnits(BigInt(p.min_amount), d),
      max: formatUnits(BigInt(p.max_amount), d),
      dailyRate: `${p.daily_rate} (${ratePercent(p.daily_rate)} %)`,
      termDays: Number(p.term_days),
      penaltyRate: `${p.penalty_rate} (${ratePercent(p.penalty_rate)} %)`,
      state: Number(p.enabled) ? 'open' : 'closed',
    });
  }
  return out;
}

/** Runs `financing <sub> …`; returns what it shows or what changed. */
export async function financingCommand(db: Db, args: string[], now: number): Promise<string> {
  const [sub, ...rest] = args;
  switch (sub) {
    case undefined:
    case 'list':
      return table(await listProducts(db), '(no financing products)');
    case 'create': {
      const given = keyValues(rest, KEYS);
      const missing = KEYS.filter((k) => given[k] === undefined);
      if (missing.length) throw new OpsError(`A new product needs: ${missing.join(', ')}.\n${FINANCING_HELP}`);
      const values = await checked(db, given as Draft);
      const row = await db
        .insertInto('financing_products')
        .values({ ...values, cycle_days: 1, enabled: 1, created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return `Created financing product ${describe(row, await decimalsOf(db, row.coin))}.`;
    }
    case 'update': {
      const [idText, ...changes] = rest;
      const p = await productRow(db, idText);
      const given = keyValues(changes, KEYS);
      if (Object.keys(given).length === 0) throw new OpsError(`Name what to change: financing update ${p.id} key=value … (keys: ${KEYS.join(', ')}).`);
      const values = await checked(db, { ...draftOf(p, await decimalsOf(db, p.coin)), ...given });
      await db.updateTable('financing_products').set(values).where('id', '=', p.id).execute();
      const row = await productRow(db, String(p.id));
      return `Changed financing product ${describe(row, await decimalsOf(db, row.coin))}.\nNew purchases get these terms; orders in term keep theirs.`;
    }
    case 'open':
    case 'close': {
      if (rest.length !== 1) throw new OpsError(`Usage: financing ${sub} <id>`);
      const p = await productRow(db, rest[0]);
      const enabled = sub === 'open' ? 1 : 0;
      if (Number(p.enabled) === enabled) return `Financing product ${p.id} is already ${sub === 'open' ? 'open' : 'closed'}; nothing changed.`;
      await db.updateTable('financing_products').set({ enabled }).where('id', '=', p.id).execute();
      return sub === 'open' ? `Financing product ${p.id} is open: customers can buy it.` : `Financing product ${p.id} is closed: no new purchases; orders in term are not affected.`;
    }
    case 'name': {
      const [idText, lang, ...words] = rest;
      const p = await productRow(db, idText);
      const prefixes = LANGUAGE_PREFIXES.filter((l) => l !== 'en');
      if (!lang || !prefixes.includes(lang)) throw new OpsError(`Name the language: ${prefixes.join(', ')} (English is the product's name itself; change it with financing update).`);
      const text = words.join(' ').trim();
      if (!text) throw new OpsError(`Usage: financing name <id> <lang> <name…> ("-" removes the ${lang} name).`);
      if (text.length > 64) throw new OpsError(`The name is ${text.length} characters; at most 64.`);
      const names = parseNames(p.names);
      if (text === '-') delete names[lang];
      else names[lang] = text;
      await db
        .updateTable('financing_products')
        .set({ names: JSON.stringify(names) })
        .where('id', '=', p.id)
        .execute();
      return text === '-' ? `Financing product ${p.id} shows its English name in ${lang}.` : `Financing product ${p.id} is "${text}" in ${lang}.`;
    }
    default:
      throw new OpsError(`Unknown financing command "${sub}".\n${FINANCING_HELP}`);
  }
}
