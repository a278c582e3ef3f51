// Shared shapes of record endpoints: one page of a user's rows, newest first.
import type { SelectQueryBuilder } from 'kysely';
import type { Page } from '../../../contract/screen.ts';
import { PAGE_SIZE_DEFAULT } from '../../core/config.ts';
import { isoTime, toCount } from '../../core/db/index.ts';

export { isoTime };
import type { Database } from '../../core/db/types.ts';

export interface PagingInput {
  page?: number;
  pageSize?: number;
}

export function pageOf(input: PagingInput): { page: number; pageSize: number; offset: number } {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? PAGE_SIZE_DEFAULT;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** Counts the rows of `base`, then reads one page of them by `id` descending and maps each. */
export async function pageOfRows<T extends keyof Database, Row, Out>(
  base: SelectQueryBuilder<Database, T, object>,
  input: PagingInput,
  map: (row: Row) => Out,
): Promise<Page<Out>> {
  const { page, pageSize, offset } = pageOf(input);
  const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = (await base.selectAll().orderBy('id' as never, 'desc').limit(pageSize).offset(offset).execute()) as Row[];
  return { list: rows.map(map), total: toCount(n as number | bigint | string), page, pageSize };
}

/** A whole list as one page: what a list screen over an unpaged table answers (an empty list still has a page size of 1, as the document requires). */
export const onePage = <T>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: Math.max(list.length, 1) });
