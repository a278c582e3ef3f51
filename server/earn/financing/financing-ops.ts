// `ops financing …`: the fixed-term financing products customers can buy (server/earn/financing/financing.ts),
// checked and written by server/earn/financing/financing-catalogue.ts as the back office's are.
import { formatUnits } from '../../../contract/decimal.ts';
import type { Db } from '../../core/db/index.ts';
import type { FinancingProductRow } from '../../core/db/types.ts';
import { ratePercent } from '../products/earn-units.ts';
import { createFinancingProduct, FINANCING_KEYS, financingCatalogue, financingDecimals, financingProductRow } from './financing-catalogue.ts';
import { idOf, requireFields } from '../products/product-rules.ts';
import { keyValues, table } from '../../platform/ops/format.ts';
import { refusal } from '../../core/errors.ts';

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

function describe(p: FinancingProductRow, decimals: number): string {
  const f = (v: string) => formatUnits(BigInt(v), decimals);
  return `${p.id} "${p.name}": ${f(p.min_amount)}–${f(p.max_amount)} ${p.coin}, ${ratePercent(p.daily_rate)} % a day paid daily, ${p.term_days} days, early redemption penalty ${ratePercent(p.penalty_rate)} %, ${Number(p.enabled) ? 'open' : 'closed'}`;
}

async function described(db: Db, id: number): Promise<string> {
  const row = await financingProductRow(db, id);
  return describe(row, await financingDecimals(db, row.coin));
}

async function listRows(db: Db): Promise<Record<string, string | number>[]> {
  return (await financingCatalogue.list(db, Date.now())).map((p) => ({
    id: p.id,
    name: p.name,
    coin: p.coin,
    min: p.min,
    max: p.max,
    dailyRate: p.dailyRateShown,
    termDays: p.termDays,
    penaltyRate: p.penaltyRateShown,
    state: p.status,
  }));
}

async function openOrClose(db: Db, sub: 'open' | 'close', rest: string[]): Promise<string> {
  if (rest.length !== 1) throw refusal('refusals.usage', { usage: `financing ${sub} <id>` });
  const id = idOf(rest[0]);
  if (!(await financingCatalogue.setOpen(db, id, sub === 'open')))
    return `Financing product ${id} is already ${sub === 'open' ? 'open' : 'closed'}; nothing changed.`;
  return sub === 'open'
    ? `Financing product ${id} is open: customers can buy it.`
    : `Financing product ${id} is closed: no new purchases; orders in term are not affected.`;
}

async function localName(db: Db, [idText, lang, ...words]: string[]): Promise<string> {
  const id = idOf(idText);
  const text = words.join(' ').trim();
  if (lang && !text) throw refusal('refusals.product.nameUsage', { usage: 'financing name <id> <lang> <name…>', lang });
  await financingCatalogue.setName(db, id, lang ?? '', text);
  return text === '-' ? `Financing product ${id} shows its English name in ${lang}.` : `Financing product ${id} is "${text}" in ${lang}.`;
}

/** Runs `financing <sub> …`; returns what it shows or what changed. */
export async function financingCommand(db: Db, args: string[], now: number): Promise<string> {
  const [sub, ...rest] = args;
  switch (sub) {
    case undefined:
    case 'list':
      return table(await listRows(db), '(no financing products)');
    case 'create': {
      const given = keyValues(rest, FINANCING_KEYS);
      requireFields(given, FINANCING_KEYS);
      return `Created financing product ${await described(db, Number((await createFinancingProduct(db, given, now)).id))}.`;
    }
    case 'update': {
      const [idText, ...changes] = rest;
      const id = idOf(idText);
      await financingCatalogue.update(db, id, keyValues(changes, FINANCING_KEYS));
      return `Changed financing product ${await described(db, id)}.\nNew purchases get these terms; orders in term keep theirs.`;
    }
    case 'open':
    case 'close':
      return openOrClose(db, sub, rest);
    case 'name':
      return localName(db, rest);
    default:
      throw refusal('refusals.unknownCommand', { family: 'financing', input: sub, help: FINANCING_HELP });
  }
}
