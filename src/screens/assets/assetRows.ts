// Pure helpers of the My Assets screen: which rows show, and how an up/down value is coloured.
import type { Asset } from '../../../contract/generated/types';
import { compare } from '../../../contract/decimal';

/** Coins worth less than this many USDT are "small balances". */
export const SMALL_BALANCE_USDT = '1';

/** True when the row's USDT value is below SMALL_BALANCE_USDT (an unreadable value counts as small). */
export function isSmallBalance(row: Pick<Asset, 'usdtValue'>): boolean {
  try {
    return compare(row.usdtValue, SMALL_BALANCE_USDT) < 0;
  } catch {
    return true;
  }
}

/** The rows a search (by coin code or name, any case) and the small-balance switch leave. */
export function visibleAssets<T extends Pick<Asset, 'coin' | 'name' | 'usdtValue'>>(rows: readonly T[], query: string, hideSmall: boolean): T[] {
  const q = query.trim().toLowerCase();
  return rows.filter((r) => (!q || r.coin.toLowerCase().includes(q) || r.name.toLowerCase().includes(q)) && (!hideSmall || !isSmallBalance(r)));
}

/** 'up' above zero, 'down' below, '' at zero or when unreadable: the CSS class of a P/L value. */
export function trendClass(value: string | undefined): 'up' | 'down' | '' {
  if (!value) return '';
  try {
    const c = compare(value, '0');
    return c > 0 ? 'up' : c < 0 ? 'down' : '';
  } catch {
    return '';
  }
}
