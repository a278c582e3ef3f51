// A record's time as the reader writes dates, in a module of its own: a form's notices show a time
// without the list formatters (./formats.ts) and their tables in the form's download.

export function formatDateTime(value: string, locale: string): string {
  const d = new Date(value);
  if (value === '' || Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(d);
}
