// The filter-kind registry: the options a list filter offers, by its kind (FilterDef.kind,
// default "select"). The reference server accepts the same values (server/platform/http/endpoints.ts
// FILTER_KINDS); `npm run check:schemas` fails on a kind this registry does not have.
import { coins as configCoins } from '../../schemas/config/coins.json';
import { markets as configMarkets } from '../../schemas/config/markets.json';
import { pairName } from './formats';
import type { FilterDef } from './types';

type KindName = NonNullable<FilterDef['kind']>;

/** One option: its value as sent, and a locale key (label) or a literal text to show. */
export interface FilterOption {
  value: string;
  label?: string;
  text?: string;
}

export type FilterKind = (filter: FilterDef) => FilterOption[];

const ALL: FilterOption = { value: '', label: 'common.all' };

export const FILTER_KINDS = {
  select: (f) => (f.options ?? []).map((o) => ({ value: String(o.value), label: o.label, text: o.label ? undefined : String(o.value) })),
  coin: () => [ALL, ...configCoins.map((c) => ({ value: c.coin, text: c.coin }))],
  pair: () => [ALL, ...configMarkets.map((m) => ({ value: m.symbol, text: pairName(m.symbol) }))],
  // free text: no options (ListToolbar draws a search field)
  text: () => [],
  // a day, YYYY-MM-DD: no options (ListToolbar draws a date picker)
  date: () => [],
} satisfies Record<KindName, FilterKind>; // every FilterKind name, and no other

/** The longest text a text filter takes (the server's query schema says the same). */
export const TEXT_FILTER_MAX = 64;

/** A date filter's value (the server's query schema says the same). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Every filter kind a screen file may use. */
export const FILTER_KIND_NAMES = Object.keys(FILTER_KINDS) as KindName[];

export function filterOptions(filter: FilterDef): FilterOption[] {
  const kind = (FILTER_KINDS as Record<string, FilterKind>)[filter.kind ?? 'select'];
  if (!kind) throw new Error(`no filter kind is registered as "${filter.kind}"`);
  return kind(filter);
}

/** The filter values a route's query string sets: only the screen's filters, only allowed values. */
export function filtersFromQuery(filters: FilterDef[] | undefined, params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of filters ?? []) {
    const v = params.get(f.field) ?? (f.default === undefined ? null : String(f.default));
    if (v === null) continue;
    // '' (All) stands in the query only for a filter that opens on another value
    if (v === '' && f.default !== undefined) {
      out[f.field] = '';
      continue;
    }
    if (f.kind === 'date' ? DAY.test(v) : f.kind === 'text' ? v.length <= TEXT_FILTER_MAX : filterOptions(f).some((o) => o.value === v)) out[f.field] = v;
  }
  return out;
}

/** How a filter's value stands in the route's query: undefined leaves it out (its opening value, or All where the list opens on All). */
export function filterQueryValue(filter: FilterDef, value: string | undefined): string | undefined {
  const opening = filter.default === undefined ? '' : String(filter.default);
  const v = value ?? opening;
  return v === opening ? undefined : v;
}
