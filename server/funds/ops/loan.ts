// `ops loan …`: the loan products customers can apply for (server/funds/loan-products.ts).
// Amounts are exact decimals in the product coin's decimals (coin table); every change is
// checked whole before anything is written. A change applies to new applications only: an
// order keeps the terms it was made under.
import { formatUnits, parseAmount, plainUnits, STORAGE_SCALE } from '../../../contract/decimal.ts';
import type { Db } from '../../core/db/index.ts';
import type { LoanProductRow } from '../../core/db/types.ts';
import { ratePercent } from '../loan-products.ts';
import { loadConfig } from '../../../contract/loader.ts';
import { parseNames } from '../../core/local-names.ts';

const LANGUAGE_PREFIXES = loadConfig<{ languages: { prefix: string }[] }>('languages').languages.map((l) => l.prefix);
import { keyValues, OpsError, table } from '../../platform/ops/format.ts';

export const LOAN_HELP = `  loan list           every loan product: range, interest-free days, daily rate, term, open/closed
  loan create name=<name> coin=<COIN> min=<amount> max=<amount> freeDays=<n> dailyRate=<ratio> termDays=<n>
                      a new product (open); dailyRate is a ratio per day: 0.0005 = 0.05 % a day
  loan update <id> key=value …
                      change a product (keys as for create); orders keep the terms they were made under
  loan open|close <id>
                      offer a product, or stop offering it (existing loans are not affected)
  loan name <id> <lang> <name…>
                      the product's name in one language (lang: de, es, fr, it, jp, kr, pt, ru, tr,
                      vn, zh, tw; "-" removes it); without one a language shows the English name`;

/** Largest daily rate a product may have: 5 % a day (a guard against typing 0.5 for 0.005). */
export const MAX_DAILY_RATE = '0.05';
const MAX_DAYS = 3650;
const KEYS = ['name', 'coin', 'min', 'max', 'freeDays', 'dailyRate', 'termDays'] as const;

interface Draft {
  name: string;
  coin: string;
  min: string;
  max: string;
  freeDays: string;
  dailyRate: string;
  termDays: string;
}

function days(key: string, text: string, min: number): number {
  if (!/^\d{1,5}$/.test(text) || Number(text) < min || Number(text) > MAX_DAYS) throw new OpsError(`${key} must be a whole number of days from ${min} to ${MAX_DAYS}, not "${text}".`);
  return Number(text);
}

function amount(key: string, text: string, coin: string, decimals: number): bigint {
  const parsed = parseAmount(text);
  if (!parsed) throw new OpsError(`${key} must be a decimal number like 100 or 0.5, not "${text}".`);
  if (parsed.decimals > decimals) throw new OpsError(`${key}: ${coin} amounts have at most ${decimals} decimals ("${text}").`);
  if (parsed.units <= 0n) throw new OpsError(`${key} must be greater than zero, not "${text}".`);
  return parsed.units;
}

function dailyRate(text: string): string {
  const parsed = parseAmount(text);
  if (!parsed) throw new OpsError(`dailyRate must be a decimal ratio like 0.0005 (0.05 % a day), not "${text}".`);
  if (parsed.decimals > STORAGE_SCALE) throw new OpsError(`dailyRate has at most ${STORAGE_SCALE} decimals ("${text}").`);
  const max = parseAmount(MAX_DAILY_RATE)!.units;
  if (parsed.units > max) throw new OpsError(`dailyRate must be at most ${MAX_DAILY_RATE} (${ratePercent(MAX_DAILY_RATE)} % a day), not "${text}". It is a ratio: 0.0005 is 0.05 % a day.`);
  // stored as the plain ratio, without trailing zeros
  return plainUnits(parsed.units);
}

/** The columns of a whole, checked product. */
async function checked(db: Db, d: Draft) {
  const name = d.name.trim();
  if (name.length < 2 || name.length > 64) throw new OpsError(`name must be 2 to 64 characters, not "${d.name}".`);
  const coin = await db.selectFrom('coins').select(['coin', 'decimals']).where('coin', '=', d.coin.trim().toUpperCase()).executeTakeFirst();
  if (!coin) throw new OpsError(`No coin "${d.coin}" in the coin table. See: coin list.`);
  const decimals = Number(coin.decimals);
  const min = amount('min', d.min, coin.coin, decimals);
  const max = amount('max', d.max, coin.coin, decimals);
  if (min > max) throw new OpsError(`min (${d.min}) must not be above max (${d.max}).`);
  const termDays = days('termDays', d.termDays, 1);
  const freeDays = days('freeDays', d.freeDays, 0);
  if (freeDays > termDays) throw new OpsError(`freeDays (${freeDays}) must not be more than termDays (${termDays}).`);
  return { name, coin: coin.coin, min_amount: min.toString(), max_amount: max.toString(), free_days: freeDays, daily_rate: dailyRate(d.dailyRate), term_days: termDays };
}

async function productRow(db: Db, idText: string | undefined): Promise<LoanProductRow> {
  if (!idText || !/^\d{1,10}$/.test(idText)) throw new OpsError(`Name the product by its id (see: loan list), not "${idText ?? ''}".`);
  const row = await db.selectFrom('loan_products').selectAll().where('id', '=', Number(idText)).executeTakeFirst();
  if (!row) throw new OpsError(`No loan product ${idText}. See: loan list.`);
  return row;
}

function draftOf(p: LoanProductRow, decimals: number): Draft {
  return {
    name: p.name,
    coin: p.coin,
    min: formatUnits(BigInt(p.min_amount), decimals),
    max: formatUnits(BigInt(p.max_amount), decimals),
    freeDays: String(p.free_days),
    dailyRate: p.daily_rate,
    termDays: String(p.term_days),
  };
}

async function decimalsOf(db: Db, coin: string): Promise<number> {
  const row = await db.selectFrom('coins').select('decimals').where('coin', '=', coin).executeTakeFirst();
  return row ? Number(row.decimals) : STORAGE_SCALE;
}

function describe(p: LoanProductRow, decimals: number): string {
  const f = (v: string) => formatUnits(BigInt(v), decimals);
  return `${p.id} "${p.name}": ${f(p.min_amount)}–${f(p.max_amount)} ${p.coin}, ${p.free_days} days free, ${ratePercent(p.daily_rate)} % a day, due ${p.term_days} days after approval, ${Number(p.enabled) ? 'open' : 'closed'}`;
}

export async function listLoanProducts(db: Db): Promise<Record<string, string | number>[]> {
  const rows = await db.selectFrom('loan_products').selectAll().orderBy('id').execute();
  const out: Record<string, string | number>[] = [];
  for (const p of rows) {
    const d = await decimalsOf(db, p.coin);
    out.push({
      id: Number(p.id),
      name: p.name,
      coin: p.coin,
      min: formatUnits(BigInt(p.min_amount), d),
      max: formatUnits(BigInt(p.max_amount), d),
      freeDays: Number(p.free_days),
      dailyRate: `${p.daily_rate} (${ratePercent(p.daily_rate)} %)`,
      termDays: Number(p.term_days),
      state: Number(p.enabled) ? 'open' : 'closed',
    });
  }
  return out;
}

/** Runs `loan <sub> …`; returns what it shows or what changed. */
export async function loanCommand(db: Db, args: string[], now: number): Promise<string> {
  const [sub, ...rest] = args;
  switch (sub) {
    case undefined:
    case 'list':
      return table(await listLoanProducts(db), '(no loan products)');
    case 'create': {
      const given = keyValues(rest, KEYS);
      const missing = KEYS.filter((k) => given[k] === undefined);
      if (missing.length) throw new OpsError(`A new product needs: ${missing.join(', ')}.\n${LOAN_HELP}`);
      const values = await checked(db, given as Draft);
      const row = await db
        .insertInto('loan_products')
        .values({ ...values, enabled: 1, created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return `Created loan product ${describe(row, await decimalsOf(db, row.coin))}.`;
    }
    case 'update': {
      const [idText, ...changes] = rest;
      const p = await productRow(db, idText);
      const given = keyValues(changes, KEYS);
      if (Object.keys(given).length === 0) throw new OpsError(`Name what to change: loan update ${p.id} key=value … (keys: ${KEYS.join(', ')}).`);
      const values = await checked(db, { ...draftOf(p, await decimalsOf(db, p.coin)), ...given });
      await db.updateTable('loan_products').set(values).where('id', '=', p.id).execute();
      const row = await productRow(db, String(p.id));
      return `Changed loan product ${describe(row, await decimalsOf(db, row.coin))}.\nNew applications get these terms; existing orders keep theirs.`;
    }
    case 'open':
    case 'close': {
      if (rest.length !== 1) throw new OpsError(`Usage: loan ${sub} <id>`);
      const p = await productRow(db, rest[0]);
      const enabled = sub === 'open' ? 1 : 0;
      if (Number(p.enabled) === enabled) return `Loan product ${p.id} is already ${sub === 'open' ? 'open' : 'closed'}; nothing changed.`;
      await db.updateTable('loan_products').set({ enabled }).where('id', '=', p.id).execute();
      return sub === 'open' ? `Loan product ${p.id} is open: customers can apply for it.` : `Loan product ${p.id} is closed: no new applications; existing loans are not affected.`;
    }
    case 'name': {
      const [idText, lang, ...words] = rest;
      const p = await productRow(db, idText);
      const prefixes = LANGUAGE_PREFIXES.filter((l) => l !== 'en');
      if (!lang || !prefixes.includes(lang)) throw new OpsError(`Name the language: ${prefixes.join(', ')} (English is the product's name itself; change it with loan update).`);
      const text = words.join(' ').trim();
      if (!text) throw new OpsError(`Usage: loan name <id> <lang> <name…> ("-" removes the ${lang} name).`);
      if (text.length > 64) throw new OpsError(`The name is ${text.length} characters; at most 64.`);
      const names = parseNames(p.names);
      if (text === '-') delete names[lang];
      else names[lang] = text;
      await db
        .updateTable('loan_products')
        .set({ names: JSON.stringify(names) })
        .where('id', '=', p.id)
        .execute();
      return text === '-' ? `Loan product ${p.id} shows its English name in ${lang}.` : `Loan product ${p.id} is "${text}" in ${lang}.`;
    }
    default:
      throw new OpsError(`Unknown loan command "${sub}".\n${LOAN_HELP}`);
  }
}
