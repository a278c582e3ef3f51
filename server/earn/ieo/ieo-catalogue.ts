// IEO projects as operators manage them (`ops ieo …` and the back office): every change is checked
// whole before anything is written, and applies to new subscriptions only: an order keeps the
// price, lock-up and thaw time it was made under. Amounts are exact decimals (coin amounts in the
// project's decimals, the price in the price coin's); times are ISO (UTC when no zone is given).
import { formatUnits } from '../../../contract/decimal.ts';
import type { AdminIeoProject } from '../../../contract/generated/types.ts';
import { forUpdate } from '../../core/db/locks.ts';
import type { IeoProjectRow } from '../../core/db/types.ts';
import type { Tx } from '../../core/ledger.ts';
import type { ProductCatalogue, ProductDraft } from '../../core/product-catalogue.ts';
import { IeoState, priceDecimals, projectState } from './ieo.ts';
import {
  coinOf,
  localNamesLine,
  MAX_DAYS,
  minNotAboveMax,
  positiveUnits,
  productName,
  refuse,
  offerAndNames,
  requireFields,
  someChange,
  wholeNumber,
} from '../products/product-rules.ts';

export const IEO_KEYS = ['coin', 'name', 'start', 'end', 'total', 'price', 'lockDays', 'userCap', 'min', 'max', 'priceCoin', 'decimals', 'logo'] as const;
export const IEO_REQUIRED = IEO_KEYS.slice(0, 10);
const DEFAULTS = { priceCoin: 'USDT', decimals: '8', logo: '' };

function time(field: string, text: string): number {
  const iso = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/.test(text) ? `${text.length === 10 ? `${text}T00:00` : text}Z` : text;
  const ms = /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(iso) : NaN;
  if (!Number.isFinite(ms)) refuse(field, 'timeFormat');
  return ms;
}

function offeredCoin(text: string): string {
  const coin = text.trim().toUpperCase();
  if (!/^[A-Z0-9]{2,16}$/.test(coin)) refuse('coin', 'coinFormat');
  return coin;
}

/** Order limits that let somebody subscribe and do not sell more than there is. */
function orderLimits(d: ProductDraft, a: Record<'total' | 'min' | 'max' | 'userCap', bigint>, sold: bigint, decimals: number): void {
  minNotAboveMax(a.min, a.max, d);
  if (a.max > a.total) refuse('max', 'maxAboveTotal', { max: d.max, total: d.total });
  if (a.min > a.userCap) refuse('min', 'minAboveCap', { min: d.min, cap: d.userCap });
  const soldText = formatUnits(sold, decimals);
  if (a.total < sold) refuse('total', 'totalBelowSold', { sold: soldText });
}

/** The columns of a whole, checked project (sold: what is already sold, which total may not go below). */
async function checked(db: Tx, d: ProductDraft, sold: bigint) {
  const coin = offeredCoin(d.coin);
  const name = productName(d.name);
  const priceCoin = (await coinOf(db, 'priceCoin', d.priceCoin)).coin;
  if (priceCoin === coin) refuse('priceCoin', 'priceCoinSame', { coin });
  const decimals = wholeNumber('decimals', d.decimals, 0, 8);
  const start = time('start', d.start);
  const end = time('end', d.end);
  if (end <= start) refuse('end', 'endBeforeStart');
  const amounts = {
    total: positiveUnits('total', d.total, decimals),
    min: positiveUnits('min', d.min, decimals),
    max: positiveUnits('max', d.max, decimals),
    userCap: positiveUnits('userCap', d.userCap, decimals),
  };
  const price = positiveUnits('price', d.price, await priceDecimals(db, priceCoin));
  orderLimits(d, amounts, sold, decimals);
  const logo = d.logo.trim();
  if (logo.length > 200) refuse('logo', 'logoLength');
  return {
    coin,
    name,
    logo,
    decimals,
    start_at: start,
    end_at: end,
    total: amounts.total.toString(),
    price: price.toString(),
    price_coin: priceCoin,
    lock_days: wholeNumber('lockDays', d.lockDays, 0, MAX_DAYS),
    user_cap: amounts.userCap.toString(),
    order_min: amounts.min.toString(),
    order_max: amounts.max.toString(),
  };
}

export async function ieoProjectRow(db: Tx, id: number): Promise<IeoProjectRow> {
  const row = await db.selectFrom('ieo_projects').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) refuse('id', 'unknown', { id });
  return row;
}

export const isoMinutes = (ms: number) => new Date(ms).toISOString().slice(0, 16);

const STATE_NAMES = { [IeoState.upcoming]: 'upcoming', [IeoState.live]: 'live', [IeoState.ended]: 'ended' } as const;
export const ieoStateName = (p: IeoProjectRow, now: number) => STATE_NAMES[projectState(p, now)];

/** A project as operators see it: its fields as a create takes them, and what the list shows. */
export async function ieoProjectView(db: Tx, p: IeoProjectRow, now: number): Promise<AdminIeoProject> {
  const f = (v: string) => formatUnits(BigInt(v), Number(p.decimals));
  const price = formatUnits(BigInt(p.price), await priceDecimals(db, p.price_coin));
  const [start, end] = [isoMinutes(Number(p.start_at)), isoMinutes(Number(p.end_at))];
  return {
    id: Number(p.id),
    coin: p.coin,
    name: p.name,
    start,
    end,
    window: `${start}–${end}`,
    total: f(p.total),
    sold: f(p.sold),
    soldOfTotal: `${f(p.sold)}/${f(p.total)}`,
    price,
    priceCoin: p.price_coin,
    priceShown: `${price} ${p.price_coin}`,
    lockDays: Number(p.lock_days),
    userCap: f(p.user_cap),
    min: f(p.order_min),
    max: f(p.order_max),
    order: `${f(p.order_min)}–${f(p.order_max)}`,
    decimals: Number(p.decimals),
    logo: p.logo,
    state: ieoStateName(p, now),
    status: Number(p.prohibited) ? 'closed' : 'open',
    localNames: localNamesLine(p.names),
  };
}

/** What an update may not change once customers subscribed. */
async function lockedTermsKept(db: Tx, p: IeoProjectRow, changes: Partial<ProductDraft>): Promise<void> {
  const hasOrders = await db.selectFrom('ieo_orders').select('id').where('project_id', '=', p.id).limit(1).executeTakeFirst();
  const changed = (key: 'coin' | 'priceCoin', now: string) => changes[key] !== undefined && changes[key].trim().toUpperCase() !== now;
  if (
    hasOrders &&
    (changed('coin', p.coin) || (changes.decimals !== undefined && changes.decimals !== String(p.decimals)) || changed('priceCoin', p.price_coin))
  )
    refuse('coin', 'termsLocked');
}

/** Creates a project (open) from every required field; also used by the seed. */
export async function createIeoProject(db: Tx, given: Partial<ProductDraft>, now: number, names: Record<string, string> = {}): Promise<IeoProjectRow> {
  requireFields(given, IEO_REQUIRED);
  const values = await checked(db, { ...DEFAULTS, ...given } as ProductDraft, 0n);
  return db
    .insertInto('ieo_projects')
    .values({ ...values, names: JSON.stringify(names), sold: '0', prohibited: 0, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function draftOf(db: Tx, p: IeoProjectRow, now: number): Promise<ProductDraft> {
  const v = await ieoProjectView(db, p, now);
  const { coin, name, start, end, total, price, userCap, min, max, priceCoin, logo } = v;
  return { coin, name, start, end, total, price, userCap, min, max, priceCoin, logo, lockDays: String(v.lockDays), decimals: String(v.decimals) };
}

export const ieoCatalogue: ProductCatalogue<AdminIeoProject> = {
  kind: 'ieo',
  async list(db, now) {
    const rows = await db.selectFrom('ieo_projects').selectAll().orderBy('id').execute();
    return Promise.all(rows.map((p) => ieoProjectView(db, p, now)));
  },
  row: async (db, id, now) => ieoProjectView(db, await ieoProjectRow(db, id), now),
  create: async (db, given, now) => Number((await createIeoProject(db, given, now)).id),
  async update(db, id, changes) {
    // held like a subscription holds it (ieo.ts buyIeo), so what is sold cannot pass the new total meanwhile
    await forUpdate(db, db.selectFrom('ieo_projects').select('id').where('id', '=', id)).execute();
    const p = await ieoProjectRow(db, id);
    someChange(changes);
    await lockedTermsKept(db, p, changes);
    const values = await checked(db, { ...(await draftOf(db, p, 0)), ...changes } as ProductDraft, BigInt(p.sold));
    await db.updateTable('ieo_projects').set(values).where('id', '=', p.id).execute();
  },
  ...offerAndNames('ieo_projects', ieoProjectRow),
};
