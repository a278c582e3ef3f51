// The customer's open futures positions on the futures screen: the pending orders the server
// lists, plus each order placed here; an order stays (with its result) once settled, until
// the customer closes its card.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { api } from '../../api/base';
import type { FuturesOrder } from '../../api/generated/screens/futures-create';
import { endpoint as listEndpoint } from '../../api/generated/screens/futures-order-list';

/** The orders shown, by ID, oldest settlement first; `incoming` adds the ones not yet known. */
export function mergePositions(known: readonly FuturesOrder[], incoming: readonly FuturesOrder[]): FuturesOrder[] {
  const ids = new Set(known.map((o) => o.ID));
  const added = incoming.filter((o) => o.status === 'pending' && !ids.has(o.ID));
  if (!added.length) return known as FuturesOrder[];
  return [...known, ...added].sort((a, b) => Date.parse(a.settleAt) - Date.parse(b.settleAt) || a.ID - b.ID);
}

export function usePositions() {
  // pending only (status 1), fetched again whenever an order is placed (tag FuturesOrders)
  const pending = listEndpoint.useInfiniteQuery({ status: 1 }, { refetchOnMountOrArgChange: true });
  const [state, setState] = useState<{ listed?: readonly FuturesOrder[]; orders: FuturesOrder[] }>({ orders: [] });
  const [settled, setSettled] = useState<ReadonlySet<number>>(new Set());
  const listed = pending.data?.pages[0]?.list;
  // each new answer of the list adds its orders not yet shown (during render, not in an effect)
  if (listed && listed !== state.listed) setState((s) => ({ listed, orders: mergePositions(s.orders, listed) }));
  const orders = state.orders;

  const add = useCallback((order: FuturesOrder) => setState((s) => ({ ...s, orders: mergePositions(s.orders, [order]) })), []);
  const dispatch = useDispatch();
  const counted = useRef(new Set<number>());
  // a settlement pays the stake or the win into the balance: Available and the lists follow it, once per order
  const markSettled = useCallback(
    (id: number) => {
      setSettled((s) => (s.has(id) ? s : new Set([...s, id])));
      if (counted.current.has(id)) return;
      counted.current.add(id);
      dispatch(api.util.invalidateTags(['Assets', 'FuturesOrders']));
    },
    [dispatch],
  );
  const dismiss = useCallback((id: number) => setState((s) => ({ ...s, orders: s.orders.filter((o) => o.ID !== id) })), []);
  const open = useMemo(() => orders.filter((o) => !settled.has(o.ID)), [orders, settled]);
  return { orders, open, add, markSettled, dismiss };
}
