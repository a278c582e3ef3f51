// The customer 360's activity (issue 41): their spot and futures orders, newest first and paged on
// the server, and the referral tree — who invited them (three levels up) and whom they invited
// (three levels down, as the programme pays), each customer linked to their own view.
import { formatUnits } from '../../contract/decimal.ts';
import type { AdminCustomerFuturesOrder, AdminCustomerReferral, AdminCustomerSpotOrder } from '../../contract/generated/types.ts';
import type { Page } from '../../contract/screen.ts';
import { coinDecimals } from '../core/coins.ts';
import type { Db } from '../core/db/index.ts';
import type { FuturesOrderRow, FuturesOrdersTable, SpotOrderRow, SpotOrdersTable } from '../core/db/types.ts';
import { userLabel } from '../core/review-kind.ts';
import { isoTime, pageOf, pageOfRows, type PagingInput } from '../platform/http/records.ts';
import { existingCustomer } from './customer-360.ts';

/** The levels of the referral programme, up and down. */
const REFERRAL_LEVELS = 3;

const units = (text: string | null, decimals: number) => (text === null ? '' : formatUnits(BigInt(text), decimals));
/** BTCUSDT with base BTC → BTC/USDT */
const pairOf = (symbol: string, base: string) => `${base}/${symbol.slice(base.length)}`;

export async function customerSpotOrders(db: Db, uid: number, f: PagingInput & { status?: SpotOrdersTable['status'] }): Promise<Page<AdminCustomerSpotOrder>> {
  await existingCustomer(db, uid);
  let q = db.selectFrom('spot_orders').where('user_id', '=', uid);
  if (f.status) q = q.where('status', '=', f.status);
  return pageOfRows(q, f, (o: SpotOrderRow) => ({
    id: Number(o.id),
    pair: pairOf(o.symbol, o.base),
    side: o.side,
    type: o.type,
    price: units(o.price, Number(o.price_decimals)),
    amount: units(o.amount, Number(o.amount_decimals)),
    filled: units(o.filled, Number(o.amount_decimals)),
    total: units(o.total, coinDecimals(o.quote)),
    status: o.status,
    created: isoTime(o.created_at),
  }));
}

export async function customerFuturesOrders(
  db: Db,
  uid: number,
  f: PagingInput & { status?: FuturesOrdersTable['status'] },
): Promise<Page<AdminCustomerFuturesOrder>> {
  await existingCustomer(db, uid);
  let q = db.selectFrom('futures_orders').where('user_id', '=', uid);
  if (f.status) q = q.where('status', '=', f.status);
  const usdt = coinDecimals('USDT');
  return pageOfRows(q, f, (o: FuturesOrderRow) => ({
    id: Number(o.id),
    pair: o.symbol.endsWith('USDT') ? `${o.symbol.slice(0, -4)}/USDT` : o.symbol,
    direction: o.direction,
    stake: units(o.stake, usdt),
    duration: Number(o.duration),
    openPrice: units(o.open_price, Number(o.price_decimals)),
    closePrice: units(o.close_price, Number(o.price_decimals)),
    result: o.result,
    pnl: units(o.pnl, usdt),
    status: o.status,
    created: isoTime(o.open_time),
  }));
}

/** Who invited the customer, three levels up, then whom they invited, three levels down (one page of them). */
export async function customerReferrals(db: Db, uid: number, paging: PagingInput): Promise<Page<AdminCustomerReferral>> {
  await existingCustomer(db, uid);
  const people = db.selectFrom('users').select(['id', 'email', 'phone', 'country_code', 'invited_by', 'created_at']);
  const rows: AdminCustomerReferral[] = [];
  const row = (relation: AdminCustomerReferral['relation'], level: number, u: { id: number; email: string | null; phone: string | null; country_code: string; created_at: number }) =>
    rows.push({ relation, level, uid: Number(u.id), user: userLabel(u), joined: isoTime(u.created_at) });
  let up = (await people.where('id', '=', uid).executeTakeFirstOrThrow()).invited_by;
  for (let level = 1; up !== null && level <= REFERRAL_LEVELS; level++) {
    const inviter = await people.where('id', '=', up).executeTakeFirst();
    if (!inviter) break;
    row('inviter', level, inviter);
    up = inviter.invited_by;
  }
  let parents = [uid];
  for (let level = 1; parents.length > 0 && level <= REFERRAL_LEVELS; level++) {
    const invited = await people.where('invited_by', 'in', parents).orderBy('id').execute();
    for (const u of invited) row('invited', level, u);
    parents = invited.map((u) => Number(u.id));
  }
  const { page, pageSize, offset } = pageOf(paging);
  return { list: rows.slice(offset, offset + pageSize), total: rows.length, page, pageSize };
}
