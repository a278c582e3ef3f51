// The customer 360's earn orders (issue 41): IEO subscriptions, staking orders and mining purchases
// in one list, newest first and paged on the server. Each kind keeps its own table; a page is the
// newest rows of the three merged, so every table is read only up to the end of the page asked for.
import { formatUnits } from '../../contract/decimal.ts';
import type { AdminCustomerEarnOrder } from '../../contract/generated/types.ts';
import type { Page } from '../../contract/screen.ts';
import { coinDecimals } from '../core/coins.ts';
import { type Db, toCount } from '../core/db/index.ts';
import { FinancingStatus } from '../core/db/tables/financing.ts';
import { IeoOrderStatus } from '../core/db/tables/ieo.ts';
import { MiningStatus } from '../core/db/tables/mining.ts';
import { isoTime, pageOf, type PagingInput } from '../platform/http/records.ts';
import { existingCustomer } from './customer-360.ts';

export type EarnKind = AdminCustomerEarnOrder['kind'];
type Status = AdminCustomerEarnOrder['status'];

const show = (units: string, coin: string) => formatUnits(BigInt(units), coinDecimals(coin));

const IEO_STATUS: Record<number, Status> = { [IeoOrderStatus.frozen]: 'active', [IeoOrderStatus.released]: 'ended' };
const STAKING_STATUS: Record<number, Status> = { [FinancingStatus.inTerm]: 'active', [FinancingStatus.redeemed]: 'redeemed', [FinancingStatus.ended]: 'ended' };
const MINING_STATUS: Record<number, Status> = {
  [MiningStatus.pending]: 'pending',
  [MiningStatus.running]: 'active',
  [MiningStatus.rejected]: 'rejected',
  [MiningStatus.ended]: 'ended',
};

type Dated = AdminCustomerEarnOrder & { at: number };

/** One kind's newest `limit` orders of the customer, and how many it has. */
type KindReader = (db: Db, uid: number, limit: number) => Promise<{ rows: Dated[]; total: number }>;

const READERS: Record<EarnKind, KindReader> = {
  ieo: async (db, uid, limit) => {
    const base = db.selectFrom('ieo_orders').where('ieo_orders.user_id', '=', uid);
    const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .innerJoin('ieo_projects', 'ieo_projects.id', 'ieo_orders.project_id')
      .select([
        'ieo_orders.id',
        'ieo_projects.name',
        'ieo_projects.decimals',
        'ieo_orders.coin',
        'ieo_orders.amount',
        'ieo_orders.status',
        'ieo_orders.created_at',
        'ieo_orders.thaw_at',
      ])
      .orderBy('ieo_orders.created_at', 'desc')
      .orderBy('ieo_orders.id', 'desc')
      .limit(limit)
      .execute();
    return {
      total: toCount(n),
      rows: rows.map((o) => ({
        kind: 'ieo',
        id: Number(o.id),
        product: o.name,
        coin: o.coin,
        // a new coin is in no coin table yet: its project says its decimals
        amount: formatUnits(BigInt(o.amount), Number(o.decimals)),
        earnedCoin: '',
        earned: '',
        status: IEO_STATUS[Number(o.status)],
        created: isoTime(Number(o.created_at)),
        ends: isoTime(Number(o.thaw_at)),
        at: Number(o.created_at),
      })),
    };
  },
  staking: async (db, uid, limit) => {
    const base = db.selectFrom('financing_orders').where('financing_orders.user_id', '=', uid);
    const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .innerJoin('financing_products', 'financing_products.id', 'financing_orders.product_id')
      .select([
        'financing_orders.id',
        'financing_products.name',
        'financing_orders.coin',
        'financing_orders.principal',
        'financing_orders.earnings_paid',
        'financing_orders.status',
        'financing_orders.created_at',
        'financing_orders.due_at',
      ])
      .orderBy('financing_orders.created_at', 'desc')
      .orderBy('financing_orders.id', 'desc')
      .limit(limit)
      .execute();
    return {
      total: toCount(n),
      rows: rows.map((o) => ({
        kind: 'staking',
        id: Number(o.id),
        product: o.name,
        coin: o.coin,
        amount: show(o.principal, o.coin),
        earnedCoin: o.coin,
        earned: show(o.earnings_paid, o.coin),
        status: STAKING_STATUS[Number(o.status)],
        created: isoTime(Number(o.created_at)),
        ends: isoTime(Number(o.due_at)),
        at: Number(o.created_at),
      })),
    };
  },
  mining: async (db, uid, limit) => {
    const base = db.selectFrom('mining_orders').where('mining_orders.user_id', '=', uid);
    const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .innerJoin('mining_machines', 'mining_machines.id', 'mining_orders.machine_id')
      .select([
        'mining_orders.id',
        'mining_machines.name',
        'mining_orders.price_coin',
        'mining_orders.amount',
        'mining_orders.output_coin',
        'mining_orders.output_paid',
        'mining_orders.status',
        'mining_orders.created_at',
        'mining_orders.ends_at',
      ])
      .orderBy('mining_orders.created_at', 'desc')
      .orderBy('mining_orders.id', 'desc')
      .limit(limit)
      .execute();
    return {
      total: toCount(n),
      rows: rows.map((o) => ({
        kind: 'mining',
        id: Number(o.id),
        product: o.name,
        coin: o.price_coin,
        amount: show(o.amount, o.price_coin),
        earnedCoin: o.output_coin,
        earned: show(o.output_paid, o.output_coin),
        status: MINING_STATUS[Number(o.status)],
        created: isoTime(Number(o.created_at)),
        ends: o.ends_at === null ? '' : isoTime(Number(o.ends_at)),
        at: Number(o.created_at),
      })),
    };
  },
};

export async function customerEarnOrders(db: Db, uid: number, f: PagingInput & { kind?: EarnKind }): Promise<Page<AdminCustomerEarnOrder>> {
  await existingCustomer(db, uid);
  const { page, pageSize, offset } = pageOf(f);
  const kinds = f.kind ? [f.kind] : (Object.keys(READERS) as EarnKind[]);
  const read = await Promise.all(kinds.map((k) => READERS[k](db, uid, offset + pageSize)));
  const merged = read.flatMap((r) => r.rows).sort((a, b) => b.at - a.at || kinds.indexOf(a.kind) - kinds.indexOf(b.kind) || b.id - a.id);
  const list = merged.slice(offset, offset + pageSize).map(({ at: _at, ...order }) => order);
  return { list, total: read.reduce((sum, r) => sum + r.total, 0), page, pageSize };
}
