// A read-only picture of the trading state (every balance and the row counts), for tests
// and tools that check a refused request changed nothing.
import type { Db } from '../core/db/index.ts';
import { toCount } from '../core/db/index.ts';

export interface TradingState {
  balances: { user_id: number; coin: string; available: string; frozen: string }[];
  ledger: number;
  spotOrders: number;
  futuresOrders: number;
}

export async function tradingState(db: Db): Promise<TradingState> {
  const balances = await db.selectFrom('balances').select(['user_id', 'coin', 'available', 'frozen']).orderBy('user_id').orderBy('coin').execute();
  const n = async (table: 'ledger' | 'spot_orders' | 'futures_orders') =>
    toCount((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { balances, ledger: await n('ledger'), spotOrders: await n('spot_orders'), futuresOrders: await n('futures_orders') };
}
