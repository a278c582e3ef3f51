// Time-driven trading work, run on every scheduler pass: futures settlement from recorded
// prices, then fills of limit orders the market price has crossed.
import type { ScheduledJob } from '../platform/jobs/job.ts';
import { settleDueOrders } from './futures.ts';
import { fillCrossedOrders } from './spot.ts';

export const FUTURES_SETTLEMENT = 'futures-settlement';
export const LIMIT_FILLS = 'limit-fills';

export const TRADING_JOBS: ScheduledJob[] = [
  { name: FUTURES_SETTLEMENT, run: settleDueOrders },
  { name: LIMIT_FILLS, run: fillCrossedOrders },
];
