// UTC calendar arithmetic on epoch day numbers (day 0 = Thursday 1970-01-01).

export const MINUTE_SEC = 60;
export const DAY_SEC = 86_400;
export const MINUTES_PER_DAY = 1440;

/** 0 = Sunday … 6 = Saturday */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function isWeekend(day: number): boolean {
  const w = weekday(day);
  return w === 0 || w === 6;
}

/** Week number: week w starts on the Monday with day number 7w − 3. */
export function weekOf(day: number): number {
  return Math.floor((day + 3) / 7);
}

export function weekStartDay(week: number): number {
  return 7 * week - 3;
}

/** Month number: year × 12 + month (0-based). */
export function monthOf(day: number): number {
  const d = new Date(day * DAY_SEC * 1000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

export function monthStartDay(month: number): number {
  const year = Math.floor(month / 12);
  return Date.UTC(year, month - year * 12, 1) / (DAY_SEC * 1000);
}
