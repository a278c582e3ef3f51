// How the app learns that something changed the customer's money or records outside this page:
// every such event (a deposit, withdrawal, wire, loan or identity decision, a spot fill, a futures
// settlement) writes the customer a notice (server/core/notify.ts). While signed in, the unread
// count is read every ACCOUNT_EVENTS_MS; when it grows, every value derived from a balance or an
// order is fetched again, so "Under review" or "Available" change without a reload.
import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import type { TAG_TYPES } from '../../contract/generated/tags';
import { api } from '../api/base';
import { endpoint as unreadEndpoint } from '../api/generated/screens/notice-unread';

export const ACCOUNT_EVENTS_MS = 5000;

/** What a notice may have changed: balances, the records of every product, the user (verification), the notices. */
export const EVENT_TAGS: (typeof TAG_TYPES)[number][] = [
  'Assets',
  'Deposits',
  'Withdrawals',
  'WithdrawStatus',
  'BankWithdrawals',
  'WireTransfers',
  'SpotOrders',
  'FuturesOrders',
  'IeoOrders',
  'MiningOrders',
  'FinancingOrders',
  'LoanOrders',
  'User',
  'Notices',
];

export function useAccountEvents(signedIn: boolean): void {
  const dispatch = useDispatch();
  const count = unreadEndpoint.useQuery(undefined, { skip: !signedIn, pollingInterval: ACCOUNT_EVENTS_MS, skipPollingIfUnfocused: true }).data?.count;
  const before = useRef<number | undefined>(undefined);
  useEffect(() => {
    const grew = count !== undefined && before.current !== undefined && count > before.current;
    before.current = count;
    if (grew) dispatch(api.util.invalidateTags(EVENT_TAGS));
  }, [count, dispatch]);
}
