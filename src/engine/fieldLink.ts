// Where a field's value links to (FieldView.link): the route as written, or with linkQuery its
// query taken from the record (a review's customer: /admin/user?uid=12). A record without one of
// those fields has no link.
import type { FieldView } from './types';

export function fieldLink(view: FieldView, record: Record<string, unknown>): string | undefined {
  if (!view.link) return undefined;
  if (!view.linkQuery) return view.link;
  const query = new URLSearchParams();
  for (const [param, field] of Object.entries(view.linkQuery)) {
    const value = record[field];
    if (value === null || value === undefined || value === '') return undefined;
    query.set(param, String(value));
  }
  return `${view.link}${view.link.includes('?') ? '&' : '?'}${query}`;
}
