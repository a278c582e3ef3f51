// The spot ticket's state and rules: side, type, price and amounts, what is available, the
// estimate, the percent shortcuts, the checks before sending and the order sent.
import { useMemo, useRef, useState } from 'react';
import { compare, decimalsOf, divide, isPositive, multiply, percentOf, roundDown } from '../../../contract/decimal';
import type { Translate } from '../../../contract/messages';
import { ResultCode } from '../../../contract/result-codes';
import { coinDecimals } from '../../../contract/display-rule';
import { createActionKey } from '../../api/actionKey';
import { endpoint as assetsEndpoint } from '../../api/generated/screens/assets';
import { endpoint as buyEndpoint, type SpotBuyPayload } from '../../api/generated/screens/spot-buy';
import { endpoint as sellEndpoint, type SpotSellPayload } from '../../api/generated/screens/spot-sell';
import { depthTopic, useTopic } from '../../feed';
import { toast } from '../../ui/overlays';
import type { MarketInfo } from '../market/markets';

export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';
export const QUOTE_DECIMALS = 6;

interface Ticket {
  side: Side;
  type: OrderType;
  price: string;
  amount: string;
  usdt: string;
}

interface Available {
  base: string;
  quote: string;
}

function useTicketFields(initialSide: Side) {
  const [side, setSide] = useState<Side>(initialSide);
  const [type, setType] = useState<OrderType>('limit');
  const [price, setPrice] = useState('');
  const [amount, setAmount] = useState('');
  const [usdt, setUsdt] = useState('');
  // after a refused submit the ticket's problem is shown, recomputed from what is typed now
  const [checked, setChecked] = useState(false);
  return { side, setSide, type, setType, price, setPrice, amount, setAmount, usdt, setUsdt, checked, setChecked };
}

/** What the user holds of the market's base and quote coins. */
function useAvailable(market: MarketInfo): Available {
  const assets = assetsEndpoint.useQuery({ cate: 1 });
  return useMemo(() => {
    const find = (coin: string) => assets.data?.list.find((a) => a.coin === coin)?.available ?? '0';
    return { base: find(market.base), quote: find(market.quote) };
  }, [assets.data, market]);
}

/** The order book's lowest ask ('' before the first depth tick): what a market buy pays first. */
function useBestAsk(market: MarketInfo): string {
  const [ask, setAsk] = useState('');
  useTopic(depthTopic(market.symbol), (tick) => {
    const best = (tick as { asks?: [number, number][] }).asks?.[0]?.[0];
    setAsk(best === undefined ? '' : roundDown(best, market.priceDecimals));
  });
  return ask;
}

/** Why the ticket cannot be placed, as the user reads it; '' when it can. */
function ticketProblem({ side, type, price, amount, usdt }: Ticket, market: MarketInfo, available: Available, estimate: string, t: Translate): string {
  const marketBuy = side === 'buy' && type === 'market';
  if (type === 'limit' && !isPositive(price)) return t(`errors.${ResultCode.priceRequired}`);
  if (type === 'limit' && decimalsOf(price) > market.priceDecimals)
    return t('trade.decimalsAllowed', { field: t('trade.price'), decimals: market.priceDecimals });
  if (marketBuy ? !isPositive(usdt) : !isPositive(amount)) return t(`errors.${ResultCode.amountRequired}`);
  if (!marketBuy && decimalsOf(amount) > market.amountDecimals)
    return t('trade.decimalsAllowed', { field: t('trade.amount'), decimals: market.amountDecimals });
  const need = marketBuy ? usdt : side === 'buy' ? estimate || '0' : amount;
  const have = side === 'buy' ? available.quote : available.base;
  return compare(need, have) > 0 ? t(`errors.${ResultCode.insufficientBalance}`) : '';
}

/** The ticket as the buy and the sell endpoints take it (a market buy spends an amount of the quote coin). */
function ordersOf({ side, type, price, amount, usdt }: Ticket, symbol: string): { buyOrder: SpotBuyPayload; sellOrder: SpotSellPayload } {
  const marketBuy = side === 'buy' && type === 'market';
  const buyOrder: SpotBuyPayload = marketBuy ? { symbol, buytype: 'market', musdt: usdt } : { symbol, buytype: type, mprice: price || undefined, mnum: amount };
  const sellOrder: SpotSellPayload = { symbol, type, mprice: type === 'limit' ? price : undefined, mnum: amount };
  return { buyOrder, sellOrder };
}

/** `initialSide`: the side the ticket opens on (the chart's Sell opens it on sell) */
export function useSpotOrderForm(market: MarketInfo, last: string, t: Translate, initialSide: Side = 'buy') {
  const fields = useTicketFields(initialSide);
  const { side, type, price, amount, usdt, setUsdt, checked, setChecked } = fields;
  const available = useAvailable(market);
  const bestAsk = useBestAsk(market);
  // the Total as typed, while it is what the amount was computed from; otherwise price × amount
  const [typedTotal, setTypedTotal] = useState<string | null>(null);
  const setAmount = (v: string) => {
    setTypedTotal(null);
    fields.setAmount(v);
  };
  const setPrice = (v: string) => {
    setTypedTotal(null);
    fields.setPrice(v);
  };
  const [buy, buyState] = buyEndpoint.useMutation();
  const [sell, sellState] = sellEndpoint.useMutation();
  const busy = buyState.isLoading || sellState.isLoading;
  // One Idempotency-Key per order the user submits, the same for a retry of that order
  const actionKey = useRef(createActionKey()).current;

  const marketBuy = side === 'buy' && type === 'market';
  const effectivePrice = type === 'limit' ? price : last;
  const estimate = !marketBuy && isPositive(amount) && isPositive(effectivePrice) ? multiply(amount, effectivePrice, QUOTE_DECIMALS) : '';
  // shown as the quote coin is shown (2 decimals of USDT, rounded down); the check uses the exact estimate
  const total = typedTotal ?? (estimate && roundDown(estimate, coinDecimals(market.quote)));
  /** A typed Total sets the amount it buys or sells at the price, rounded down to the pair's amount decimals. */
  const setTotal = (v: string) => {
    setTypedTotal(v);
    fields.setAmount(isPositive(v) && isPositive(effectivePrice) ? divide(v, effectivePrice, market.amountDecimals) : '');
  };
  // a market buy spends USDT: what it gets, estimated at the best ask
  const estimatedQuantity = marketBuy && isPositive(usdt) && isPositive(bestAsk) ? divide(usdt, bestAsk, market.amountDecimals) : '';

  const shortcut = (pct: number) => {
    if (side === 'sell') return setAmount(percentOf(available.base, pct, market.amountDecimals));
    const spend = percentOf(available.quote, pct, QUOTE_DECIMALS);
    if (marketBuy) return setUsdt(spend);
    if (isPositive(effectivePrice)) setAmount(divide(spend, effectivePrice, market.amountDecimals));
  };

  const ticket = { side, type, price, amount, usdt };
  const error = checked ? ticketProblem(ticket, market, available, estimate, t) : '';

  const submit = async () => {
    if (ticketProblem(ticket, market, available, estimate, t)) return setChecked(true);
    const { buyOrder, sellOrder } = ordersOf(ticket, market.symbol);
    const res =
      side === 'buy'
        ? await buy({ ...buyOrder, idempotencyKey: actionKey.keyFor({ side, ...buyOrder }) })
        : await sell({ ...sellOrder, idempotencyKey: actionKey.keyFor({ side, ...sellOrder }) });
    actionKey.settle(res);
    if ('data' in res && res.data) {
      toast(t(res.data.status === 'filled' ? 'trade.filledNow' : 'trade.placed'));
      setAmount('');
      setUsdt('');
      setChecked(false);
    }
  };

  return { ...fields, setAmount, setPrice, total, setTotal, bestAsk, estimatedQuantity, error, available, busy, marketBuy, estimate, shortcut, submit };
}

export type SpotOrder = ReturnType<typeof useSpotOrderForm>;
