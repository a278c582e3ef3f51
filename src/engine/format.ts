import type { FieldView } from './types';

export function maskAccount(value: string): string {
  return value.length <= 4 ? value : `**** ${value.slice(-4)}`;
}

export function formatDateTime(value: string, locale: string): string {
  const d = new Date(value);
  if (value === '' || Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(d);
}

type Translate = (key: string) => string;

export function formatField(view: FieldView, value: unknown, locale: string, t: Translate = (k) => k): string {
  if (value === undefined || value === null || value === '') return view.values ? '—' : '';
  const s = String(value);
  if (view.values) return t(`${view.values}.${s}`);
  switch (view.format) {
    case 'masked':
      return maskAccount(s);
    case 'datetime':
      return formatDateTime(s, locale);
    default:
      return s;
  }
}
