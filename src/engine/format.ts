import type { FieldView } from './types';

export function maskAccount(value: string): string {
  return value.length <= 4 ? value : `**** ${value.slice(-4)}`;
}

export function formatDateTime(value: string, locale: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export function formatField(view: FieldView, value: unknown, locale: string): string {
  if (value === undefined || value === null) return '';
  const s = String(value);
  switch (view.format) {
    case 'masked':
      return maskAccount(s);
    case 'datetime':
      return formatDateTime(s, locale);
    default:
      return s;
  }
}
