// The bar periods and how they are built: the 5/15/30/60 minute bars are sums of 1-minute
// bars, weeks and months sums of daily bars.
import { monthOf, monthStartDay, weekOf, weekStartDay } from './calendar.ts';
import type { Period } from './types.ts';

export type Unit = 'minute' | 'day';

export interface PeriodSpec {
  unit: Unit;
  /** Bucket number of a unit index (minute or day) */
  bucket(unit: number): number;
  /** First unit index of a bucket */
  start(bucket: number): number;
}

const minutes = (size: number): PeriodSpec => ({ unit: 'minute', bucket: (u) => Math.floor(u / size), start: (b) => b * size });

export const PERIOD_SPECS: Record<Period, PeriodSpec> = {
  '1min': minutes(1),
  '5min': minutes(5),
  '15min': minutes(15),
  '30min': minutes(30),
  '60min': minutes(60),
  '1day': { unit: 'day', bucket: (d) => d, start: (b) => b },
  '1week': { unit: 'day', bucket: weekOf, start: weekStartDay },
  '1mon': { unit: 'day', bucket: monthOf, start: monthStartDay },
};
