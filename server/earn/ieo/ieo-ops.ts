// `ops ieo …`: the IEO projects customers can subscribe to (server/earn/ieo/ieo.ts), checked and
// written by server/earn/ieo/ieo-catalogue.ts as the back office's are.
import { formatUnits } from '../../../contract/decimal.ts';
import type { Db } from '../../core/db/index.ts';
import type { IeoProjectRow } from '../../core/db/types.ts';
import { thawTime } from './ieo.ts';
import { createIeoProject, IEO_KEYS, IEO_REQUIRED, ieoCatalogue, ieoProjectRow, ieoStateName, isoMinutes } from './ieo-catalogue.ts';
import { idOf, requireFields } from '../products/product-rules.ts';
import { keyValues, table } from '../../platform/ops/format.ts';
import { refusal } from '../../core/errors.ts';

export const IEO_HELP = `  ieo list            every IEO project: coin, window, sold/total, price, lock-up, limits, state
  ieo create coin=<COIN> name=<name> start=<ISO time> end=<ISO time> total=<amount> price=<amount>
             lockDays=<n> userCap=<amount> min=<amount> max=<amount> [priceCoin=USDT] [decimals=8] [logo=<url>]
                      a new project (open); state upcoming/live/ended follows from start and end
  ieo update <id> key=value …
                      change a project (keys as for create); orders keep the terms they were made under
  ieo open|close <id>
                      allow subscriptions, or stop them (existing subscriptions are not affected)`;

/** The CLI's table: one line a project. */
async function listRows(db: Db, now: number): Promise<Record<string, string | number>[]> {
  return (await ieoCatalogue.list(db, now)).map((p) => ({
    id: p.id,
    coin: p.coin,
    name: p.name,
    window: p.window,
    sold: p.soldOfTotal,
    price: p.priceShown,
    lockDays: p.lockDays,
    order: p.order,
    userCap: p.userCap,
    state: `${p.state}${p.status === 'closed' ? ', closed' : ''}`,
  }));
}

function describe(p: IeoProjectRow, now: number): string {
  const f = (v: string) => formatUnits(BigInt(v), Number(p.decimals));
  return `${p.id} "${p.name}" (${p.coin}): ${f(p.total)} ${p.coin} from ${isoMinutes(Number(p.start_at))} to ${isoMinutes(Number(p.end_at))} UTC, ${f(p.order_min)}–${f(p.order_max)} per order, ${f(p.user_cap)} per user, frozen until ${isoMinutes(thawTime(p))} (${p.lock_days} days after the end), ${ieoStateName(p, now)}${Number(p.prohibited) ? ', closed' : ''}`;
}

async function openOrClose(db: Db, sub: 'open' | 'close', rest: string[]): Promise<string> {
  if (rest.length !== 1) throw refusal('refusals.usage', { usage: `ieo ${sub} <id>` });
  const id = idOf(rest[0]);
  if (!(await ieoCatalogue.setOpen(db, id, sub === 'open'))) return `IEO project ${id} is already ${sub === 'open' ? 'open' : 'closed'}; nothing changed.`;
  return sub === 'open'
    ? `IEO project ${id} is open: customers can subscribe within its window.`
    : `IEO project ${id} is closed: no new subscriptions; existing ones are not affected.`;
}

/** Runs `ieo <sub> …`; returns what it shows or what changed. */
export async function ieoCommand(db: Db, args: string[], now: number): Promise<string> {
  const [sub, ...rest] = args;
  switch (sub) {
    case undefined:
    case 'list':
      return table(await listRows(db, now), '(no IEO projects)');
    case 'create': {
      const given = keyValues(rest, IEO_KEYS);
      requireFields(given, IEO_REQUIRED);
      return `Created IEO project ${describe(await createIeoProject(db, given, now), now)}.`;
    }
    case 'update': {
      const [idText, ...changes] = rest;
      const id = idOf(idText);
      await ieoCatalogue.update(db, id, keyValues(changes, IEO_KEYS));
      return `Changed IEO project ${describe(await ieoProjectRow(db, id), now)}.\nNew subscriptions get these terms; existing ones keep theirs.`;
    }
    case 'open':
    case 'close':
      return openOrClose(db, sub, rest);
    default:
      throw refusal('refusals.unknownCommand', { family: 'ieo', input: sub, help: IEO_HELP });
  }
}
