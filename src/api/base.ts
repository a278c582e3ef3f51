// The one RTK Query api. Generated modules inject their endpoints into it.
import { createApi } from '@reduxjs/toolkit/query/react';
import { TAG_TYPES } from '../../contract/generated/tags';
import { apiBaseQuery } from './baseQuery';

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  // RTK Query reads the list only to warn in development of a tag it does not name; the build leaves it out
  tagTypes: import.meta.env.DEV ? TAG_TYPES : ([] as unknown as typeof TAG_TYPES),
  endpoints: () => ({}),
});

/** Drops client-only fields (such as the password confirmation) before a payload is sent. */
export function withoutFields<T extends object>(value: T, fields: readonly string[]): Partial<T> {
  const out = { ...value } as Record<string, unknown>;
  for (const f of fields) delete out[f];
  return out as Partial<T>;
}
