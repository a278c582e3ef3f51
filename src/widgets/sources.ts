// Reading a form's data sources from a widget: the coin table (getCoinList) by the source
// name the widget's ui:options give.
import type { CoinList, CoinNetwork, CoinWithNetworks } from '../../contract/generated/types';
import type { FormContext } from './formContext';

export function coinListOf(ctx: FormContext, source: unknown): CoinList | undefined {
  const data = typeof source === 'string' ? ctx.sources[source] : undefined;
  return data && typeof data === 'object' && Array.isArray((data as CoinList).list) ? (data as CoinList) : undefined;
}

export function coinsOf(ctx: FormContext, source: unknown): CoinWithNetworks[] {
  return coinListOf(ctx, source)?.list ?? [];
}

export function networksOf(ctx: FormContext, source: unknown, coin: unknown): CoinNetwork[] {
  return coinsOf(ctx, source).find((c) => c.coin === coin)?.networks ?? [];
}
