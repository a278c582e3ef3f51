// A back-office route draws a screen that needs a route query only when the query has it: the
// wire instructions form beside a wire transfer's review, not beside a deposit's.
import { describe, expect, it } from 'vitest';
import { ADMIN_SCREENS } from '../../../src/api/generated/admin-manifest';
import { routeScreens } from '../../../src/admin/routeScreens';

const onReview = ADMIN_SCREENS.filter((s) => s.routes.includes('/admin/review'));
const ids = (query: string) =>
  routeScreens(onReview, new URLSearchParams(query))
    .map((s) => s.id)
    .sort();

describe('the screens of a back-office route', () => {
  it('adds the wire instructions form for a wire transfer only', () => {
    expect(ids('kind=wire&id=3')).toEqual(['admin-decide-review', 'admin-review-detail', 'admin-wire-instructions']);
    expect(ids('kind=deposit&id=3')).toEqual(['admin-decide-review', 'admin-review-detail']);
    expect(ids('')).toEqual(['admin-decide-review', 'admin-review-detail']);
  });
});
