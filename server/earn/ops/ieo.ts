// `ops ieo …`: the IEO projects customers can subscribe to (server/earn/ieo.ts). Amounts are exact
// decimals (coin amounts in the project's decimals, the price in the price coin's); times are ISO
// (UTC when no zone is given). A change applies to new subscriptions only: an order keeps the
// price, lock-up and thaw time it was made under.
import { formatUnits, parseAmount } from '../../../contract/decimal.ts';
import type { Db } from '../../core/db/index.ts';
import type { IeoProjectRow } from '../../core/db/types.ts';
import { DAY_MS, IeoState, priceDecimals, projectState, thawTime } from '../ieo.ts';
import type { Tx } from '../../core/ledger.ts';
import { keyValues, OpsError, table } from '../../platform/ops/format.ts';

export const IEO_HELP = `  ieo list            every IEO project: coin, window, sold/total, price, lock-up, limits, state
  ieo create coin=<COIN> name=<name> start=<ISO time> end=<ISO time> total=<amount> price=<amount>
             lockDays=<n> userCap=<amount> min=<amount> max=<amount> [priceCoin=USDT] [decimals=8] [logo=<url>]
                      a new project (open); state upcoming/live/ended follows from start and end
  ieo update <id> key=value …
                      change a project (keys as for create); orders keep the terms they were made under
  ieo open|close <id>
                      allow subscriptions, or stop them (existing subscriptions are not affected)`;

const MAX_DAYS = 3650;
const KEYS = ['coin', 'name', 'start', 'end', 'total', 'price', 'lockDays', 'userCap', 'min', 'max', 'priceCoin', 'decimals', 'logo'] as const;
const REQUIRED = ['coin', 'name', 'start', 'end', 'total', 'price', 'lockDays', 'userCap', 'min', 'max'] as const;
type Key = (typeof KEYS)[number];
type Draft = Record<Key, string>;

function time(key: string, text: string): number {
  const iso = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/.test(text) ? `${text.length === 10 ? `${text}T00:00` : text}Z` : text;
  const ms = /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(iso) : NaN;
  if (!Number.isFinite(ms)) throw new OpsError(`${key} must be an ISO time like 2026-01-31T12:00 (UTC) or 2026-01-31T12:00+08:00, not "${text}".`);
  return ms;
}

function amount(key: string, text: string, decimals: number, what: string): bigint {
  const parsed = parseAmount(text);
  if (!parsed) throw new OpsError(`${key} must be a decimal number like 100 or 0.5, not "${text}".`);
  if (parsed.decimals > decimals) throw new OpsError(`${key}: ${what} has at most ${decimals} decimals ("${text}").`);
  if (parsed.units <= 0n) throw new OpsError(`${key} must be greater than zero, not "${text}".`);
  return parsed.units;
}

function whole(key: string, text: string, min: number, max: number): number {
  if (!/^\d{1,5}$/.test(text) || Number(text) < min || Number(text) > max) throw new OpsError(`${key} must be a whole number from ${min} to ${max}, not "${text}".`);
  return Number(text);
}

/** The columns of a whole, checked project (sold: what is already sold, which total may not go below). */
async function checked(db: Tx, d: Draft, sold: bigint) {
  const coin = d.coin.trim().toUpperCase();
  if (!/^[A-Z0-9]{2,16}$/.test(coin)) throw new OpsError(`coin must be 2 to 16 letters or digits, not "${d.coin}".`);
  const name = d.name.trim();
  if (name.length < 2 || name.length > 64) throw new OpsError(`name must be 2 to 64 characters, not "${d.name}".`);
  const priceCoin = d.priceCoin.trim().toUpperCase();
  if (!(await db.selectFrom('coins').select('id').where('coin', '=', priceCoin).executeTakeFirst())) throw new OpsError(`No coin "${d.priceCoin}" in the coin table to pay with. See: coin list.`);
  if (priceCoin === coin) throw new OpsError(`priceCoin must differ from the coin offered (${coin}).`);
  const decimals = whole('decimals', d.decimals, 0, 8);
  const start = time('start', d.start);
  const end = time('end', d.end);
  if (end <= start) throw new OpsError(`end (${d.end}) must be after start (${d.start}).`);
  const total = amount('total', d.total, decimals, `a ${coin} amount`);
  const min = amount('min', d.min, decimals, `a ${coin} amount`);
  const max = amount('max', d.max, decimals, `a ${coin} amount`);
  const userCap = amount('userCap', d.userCap, decimals, `a ${coin} amount`);
  const price = amount('price', d.price, await priceDecimals(db, priceCoin), `a ${priceCoin} price`);
  if (min > max) throw new OpsError(`min (${d.min}) must not be above max (${d.max}).`);
  if (max > total) throw new OpsError(`max (${d.max}) must not be above total (${d.total}).`);
  if (min > userCap) throw new OpsError(`min (${d.min}) must not be above userCap (${d.userCap}): nobody could subscribe.`);
  if (total < sold) throw new OpsError(`total (${d.total}) must not be below what is already sold (${formatUnits(sold, decimals)}).`);
  const logo = d.logo.trim();
  if (logo.length > 200) throw new OpsError('logo must be at most 200 characters.');
  return {
    coin,
    name,
    logo,
    decimals,
    start_at: start,
    end_at: end,
    total: total.toString(),
    price: price.toString(),
    price_coin: priceCoin,
    lock_days: whole('lockDays', d.lockDays, 0, MAX_DAYS),
    user_cap: userCap.toString(),
    order_min: min.toString(),
    order_max: max.toString(),
  };
}

async function projectRow(db: Tx, idText: string | undefined): Promise<IeoProjectRow> {
  if (!idText || !/^\d{1,10}$/.test(idText)) throw new OpsError(`Name the project by its id (see: ieo list), not "${idText ?? ''}".`);
  const row = await db.selectFrom('ieo_projects').selectAll().where('id', '=', Number(idText)).executeTakeFirst();
  if (!row) throw new OpsError(`No IEO project ${idText}. See: ieo list.`);
  return row;
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);

async function draftOf(db: Tx, p: IeoProjectRow): Promise<Draft> {
  const d = Number(p.decimals);
  const f = (v: string) => formatUnits(BigInt(v), d);
  return {
    coin: p.coin,
    name: p.name,
    start: iso(Number(p.start_at)),
    end: iso(Number(p.end_at)),
    total: f(p.total),
    price: formatUnits(BigInt(p.price), await priceDecimals(db, p.price_coin)),
    lockDays: String(p.lock_days),
    userCap: f(p.user_cap),
    min: f(p.order_min),
    max: f(p.order_max),
    priceCoin: p.price_coin,
    decimals: String(p.decimals),
    logo: p.logo,
  };
}

const STATE_NAMES: Record<number, string> = { [IeoState.upcoming]: 'upcoming', [IeoState.live]: 'live', [IeoState.ended]: 'ended' };

export async function listIeoProjects(db: Tx, now: number): Promise<Record<string, string | number>[]> {
  const rows = await db.selectFrom('ieo_projects').selectAll().orderBy('id').execute();
  const out: Record<string, string | number>[] = [];
  for (const p of rows) {
    const d = Number(p.decimals);
    const f = (v: string) => formatUnits(BigInt(v), d);
    out.push({
      id: Number(p.id),
      coin: p.coin,
      name: p.name,
      window: `${iso(Number(p.start_at))}–${iso(Number(p.end_at))}`,
      sold: `${f(p.sold)}/${f(p.total)}`,
      price: `${formatUnits(BigInt(p.price), await priceDecimals(db, p.price_coin))} ${p.price_coin}`,
      lockDays: Number(p.lock_days),
      order: `${f(p.order_min)}–${f(p.order_max)}`,
      userCap: f(p.user_cap),
      state: `${STATE_NAMES[projectState(p, now)]}${Number(p.prohibited) ? ', closed' : ''}`,
    });
  }
  return out;
}

function describe(p: IeoProjectRow, now: number): string {
  const f = (v: string) => formatUnits(BigInt(v), Number(p.decimals));
  return `${p.id} "${p.name}" (${p.coin}): ${f(p.total)} ${p.coin} from ${iso(Number(p.start_at))} to ${iso(Number(p.end_at))} UTC, ${f(p.order_min)}–${f(p.order_max)} per order, ${f(p.user_cap)} per user, frozen until ${iso(thawTime(p))} (${p.lock_days} days after the end), ${STATE_NAMES[projectState(p, now)]}${Number(p.prohibited) ? ', closed' : ''}`;
}

/** Creates a project from key=value text (also used by the seed). */
export async function createIeoProject(db: Tx, given: Partial<Draft>, now: number, names: Record<string, string> = {}): Promise<IeoProjectRow> {
  const missing = REQUIRED.filter((k) => given[k] === undefined);
  if (missing.length) throw new OpsError(`A new project needs: ${missing.join(', ')}.\n${IEO_HELP}`);
  const values = await checked(db, { priceCoin: 'USDT', decimals: '8', logo: '', ...given } as Draft, 0n);
  return db
    .insertInto('ieo_projects')
    .values({ ...values, names: JSON.stringify(names), sold: '0', prohibited: 0, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Runs `ieo <sub> …`; returns what it shows or what changed. */
export async function ieoCommand(db: Db, args: string[], now: number): Promise<string> {
  const [sub, ...rest] = args;
  switch (sub) {
    case undefined:
    case 'list':
      return table(await listIeoProjects(db, now), '(no IEO projects)');
    case 'create':
      return `Created IEO project ${describe(await createIeoProject(db, keyValues(rest, KEYS), now), now)}.`;
    case 'update': {
      const [idText, ...changes] = rest;
      const p = await projectRow(db, idText);
      const given = keyValues(changes, KEYS);
      if (Object.keys(given).length === 0) throw new OpsError(`Name what to change: ieo update ${p.id} key=value … (keys: ${KEYS.join(', ')}).`);
      const hasOrders = await db.selectFrom('ieo_orders').select('id').where('project_id', '=', p.id).limit(1).executeTakeFirst();
      if (
        hasOrders &&
        ((given.coin !== undefined && given.coin.toUpperCase() !== p.coin) || given.decimals !== undefined || (given.priceCoin !== undefined && given.priceCoin.toUpperCase() !== p.price_coin))
      )
        throw new OpsError(`Project ${p.id} has subscriptions: its coin, price coin and decimals cannot change. Nothing changed.`);
      const values = await checked(db, { ...(await draftOf(db, p)), ...given }, BigInt(p.sold));
      await db.updateTable('ieo_projects').set(values).where('id', '=', p.id).execute();
      return `Changed IEO project ${describe(await projectRow(db, String(p.id)), now)}.\nNew subscriptions get these terms; existing ones keep theirs.`;
    }
    case 'open':
    case 'close': {
      if (rest.length !== 1) throw new OpsError(`Usage: ieo ${sub} <id>`);
      const p = await projectRow(db, rest[0]);
      const prohibited = sub === 'close' ? 1 : 0;
      if (Number(p.prohibited) === prohibited) return `IEO project ${p.id} is already ${sub === 'open' ? 'open' : 'closed'}; nothing changed.`;
      await db.updateTable('ieo_projects').set({ prohibited }).where('id', '=', p.id).execute();
      return sub === 'open' ? `IEO project ${p.id} is open: customers can subscribe within its window.` : `IEO project ${p.id} is closed: no new subscriptions; existing ones are not affected.`;
    }
    default:
      throw new OpsError(`Unknown ieo command "${sub}".\n${IEO_HELP}`);
  }
}

// ---- demo projects -------------------------------------------------------------------------

const SEED = [
  {
    coin: 'NOVA',
    name: 'Nova Network',
    names: { de: 'Nova Network', zh: 'Nova 网络', tw: 'Nova 網路', jp: 'Nova ネットワーク', kr: 'Nova 네트워크', ru: 'Сеть Nova' },
    from: -2,
    to: 12,
    total: '1000000',
    price: '0.05',
    lockDays: 30,
    userCap: '50000',
    min: '100',
    max: '20000',
  },
  {
    coin: 'ORBX',
    name: 'Orbix Protocol',
    names: { zh: 'Orbix 协议', tw: 'Orbix 協議', jp: 'Orbix プロトコル', kr: 'Orbix 프로토콜', ru: 'Протокол Orbix' },
    from: 7,
    to: 21,
    total: '500000',
    price: '0.2',
    lockDays: 60,
    userCap: '10000',
    min: '50',
    max: '5000',
  },
  {
    coin: 'DOT',
    name: 'Polkadot launch round',
    names: { de: 'Polkadot-Startrunde', zh: 'Polkadot 首发轮', tw: 'Polkadot 首發輪', ru: 'Стартовый раунд Polkadot' },
    from: -40,
    to: -30,
    total: '200000',
    price: '3.5',
    lockDays: 14,
    userCap: '2000',
    min: '10',
    max: '1000',
  },
] as const;

/** Fills an empty ieo_projects table with one live, one upcoming and one ended demo project. */
export async function seedIeoProjects(db: Db, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await trx.selectFrom('ieo_projects').select('id').limit(1).executeTakeFirst()) return;
    if (!(await trx.selectFrom('coins').select('id').where('coin', '=', 'USDT').executeTakeFirst())) return;
    const hour = Math.floor(now / 3_600_000) * 3_600_000;
    for (const s of SEED) {
      await createIeoProject(
        trx,
        {
          coin: s.coin,
          name: s.name,
          start: new Date(hour + s.from * DAY_MS).toISOString(),
          end: new Date(hour + s.to * DAY_MS).toISOString(),
          total: s.total,
          price: s.price,
          lockDays: String(s.lockDays),
          userCap: s.userCap,
          min: s.min,
          max: s.max,
          decimals: '2',
        },
        now,
        s.names,
      );
    }
  });
}
