import type { AppContext } from '../context.ts';

/** What the scheduler's work needs: the database, the market and the clock. */
export type TradingDeps = Pick<AppContext, 'db' | 'market' | 'now'>;
