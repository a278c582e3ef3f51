// A back-office route draws a screen that needs a route query only when the query has it: the
// wire instructions form beside a wire transfer's review, not beside a deposit's; and only the
// screens whose schema-declared roles the operator holds (no freeze form for finance or support).
import { describe, expect, it } from 'vitest';
import { ADMIN_SCREENS } from '../../../src/api/generated/admin-manifest';
import { routeScreens } from '../../../src/admin/routeScreens';

const onReview = ADMIN_SCREENS.filter((s) => s.routes.includes('/admin/review'));
const onUser = ADMIN_SCREENS.filter((s) => s.routes.includes('/admin/user'));
const ids = (query: string, roles: string[] = ['finance', 'compliance'], entries = onReview) =>
  routeScreens(entries, new URLSearchParams(query), roles)
    .map((s) => s.id)
    .sort();

describe('the screens of a back-office route', () => {
  it('adds the wire instructions form for a wire transfer only', () => {
    expect(ids('kind=wire&id=3')).toEqual(['admin-decide-review', 'admin-review-detail', 'admin-take-review', 'admin-wire-instructions']);
    expect(ids('kind=deposit&id=3')).toEqual(['admin-decide-review', 'admin-review-detail', 'admin-take-review']);
    expect(ids('')).toEqual(['admin-decide-review', 'admin-review-detail', 'admin-take-review']);
  });

  it('leaves out the screens whose roles the operator does not hold', () => {
    expect(ids('kind=wire&id=3', ['compliance'])).toEqual(['admin-decide-review', 'admin-review-detail', 'admin-take-review']);
    // the customer's balances, ledger, requests and notes are open to every customer-facing role
    const view = [
      'admin-customer-balances',
      'admin-customer-earn-orders',
      'admin-customer-futures-orders',
      'admin-customer-ledger',
      'admin-customer-note-add',
      'admin-customer-notes',
      'admin-customer-referrals',
      'admin-customer-requests',
      'admin-customer-spot-orders',
    ];
    expect(ids('uid=5', ['finance'], onUser)).toEqual([...view, 'admin-user-detail', 'admin-withdrawal-tx-hash']);
    expect(ids('uid=5', ['support'], onUser)).toEqual([...view, 'admin-end-sessions', 'admin-user-detail', 'admin-user-signins']);
    expect(ids('uid=5', ['compliance'], onUser)).toEqual(
      [...view, 'admin-end-sessions', 'admin-freeze', 'admin-totp-reset', 'admin-unfreeze', 'admin-user-detail', 'admin-user-signins'].filter((id) => onUser.some((s) => s.id === id)),
    );
    expect(ids('uid=5', ['content'], onUser)).toEqual([]);
  });
});
