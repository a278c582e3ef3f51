// `ops mining …`: the mining machines customers can buy (server/earn/mining/mining-machines.ts), checked
// and written by server/earn/mining/mining-catalogue.ts as the back office's are.
import { formatUnits } from '../../../contract/decimal.ts';
import type { Db } from '../../core/db/index.ts';
import type { MiningMachineRow } from '../../core/db/types.ts';
import { ratePercent } from '../products/earn-units.ts';
import { createMiningMachine, MINING_KEYS, MINING_REQUIRED, miningCatalogue, miningDraft, miningMachineRow } from './mining-catalogue.ts';
import { idOf, requireFields } from '../products/product-rules.ts';
import { keyValues } from '../../platform/ops/format.ts';
import { refusal } from '../../core/errors.ts';

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

function describe(m: MiningMachineRow): string {
  const d = miningDraft(m);
  const output = d.incomeType === 'value' ? `${d.dailyOutput} USDT worth of ${m.output_coin}` : `${d.dailyOutput} ${m.output_coin}`;
  const limit = d.type === 'sole' ? `${d.maxPerOrder} machines` : `${d.maxPerOrder} % of a machine`;
  return `${m.id} "${m.name}" (${d.type}): ${formatUnits(BigInt(m.price), 6)} ${m.price_coin} a machine, ${output} a day per machine for ${m.term_days} days, at most ${limit} per order, ${ratePercent(m.frozen_ratio)} % frozen for ${m.release_days} days, purchase reward ${ratePercent(m.reward_ratio)} %, ${Number(m.enabled) ? 'open' : 'closed'}`;
}

async function openOrClose(db: Db, sub: 'open' | 'close', rest: string[]): Promise<string> {
  if (rest.length !== 1) throw refusal('refusals.usage', { usage: `mining ${sub} <id>` });
  const id = idOf(rest[0]);
  if (!(await miningCatalogue.setOpen(db, id, sub === 'open')))
    return `Mining machine ${id} is already ${sub === 'open' ? 'open' : 'closed'}; nothing changed.`;
  return sub === 'open'
    ? `Mining machine ${id} is open: customers can buy it.`
    : `Mining machine ${id} is closed: no new purchases; running machines are not affected.`;
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
      const given = keyValues(rest, MINING_KEYS);
      requireFields(given, MINING_REQUIRED);
      return `Created mining machine ${describe(await createMiningMachine(db, given, now))}.`;
    }
    case 'update': {
      const [idText, ...changes] = rest;
      const id = idOf(idText);
      await miningCatalogue.update(db, id, keyValues(changes, MINING_KEYS));
      return `Changed mining machine ${describe(await miningMachineRow(db, id))}.\nNew purchases get these terms; existing orders keep theirs.`;
    }
    case 'open':
    case 'close':
      return openOrClose(db, sub, rest);
    default:
      throw refusal('refusals.unknownCommand', { family: 'mining', input: sub, help: MINING_HELP });
  }
}
