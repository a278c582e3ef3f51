// What the contact page shows of the operator's service desk (GET /base/site): a link for
// each channel and the opening hours in words.
import type { ContactChannel, ServiceHours } from '../../../contract/generated/types';

/** The link a channel opens, or null when its value cannot make a safe one. */
export function channelHref({ type, value }: ContactChannel): string | null {
  const v = value.trim();
  switch (type) {
    case 'email':
      return /^[^\s@]+@[^\s@]+$/.test(v) ? `mailto:${v}` : null;
    case 'phone':
      return /^\+?[\d\s()-]{5,}$/.test(v) ? `tel:${v.replace(/[\s()-]/g, '')}` : null;
    case 'telegram':
      return /^@?\w{3,64}$/.test(v) ? `https://t.me/${v.replace(/^@/, '')}` : null;
    case 'whatsapp': {
      const digits = v.replace(/\D/g, '');
      return digits.length >= 6 ? `https://wa.me/${digits}` : null;
    }
    case 'url':
      return /^https:\/\/[^\s"'<>]+$/.test(v) ? v : null;
    default:
      return null;
  }
}

/** Monday 2024-01-01 + (day − 1): the weekday names of the locale for ISO days 1–7. */
function weekday(day: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, day)));
}

export type HoursText = { kind: 'allDay' } | { kind: 'hours'; days: string | null; from: string; to: string };

/** The hours as shown: around the clock, or the days (null: every day) and the time range. */
export function hoursText(hours: ServiceHours, locale: string): HoursText {
  const everyDay = new Set(hours.days).size === 7;
  if (everyDay && hours.from === '00:00' && hours.to === '24:00') return { kind: 'allDay' };
  const days = everyDay
    ? null
    : [...hours.days]
        .sort((a, b) => a - b)
        .map((d) => weekday(d, locale))
        .join(', ');
  return { kind: 'hours', days, from: hours.from, to: hours.to };
}
