// The back office's side menu: the lists an operator's roles allow, never a list that needs a
// route query to be drawn (a coin's networks open from the coin list).
import { describe, expect, it } from 'vitest';
import { ADMIN_SCREENS } from '../../../src/api/generated/admin-manifest';
import { menuScreens } from '../../../src/admin/menu';

const ids = (roles: string[]) => menuScreens(ADMIN_SCREENS, roles).map((s) => s.id);

describe('the side menu', () => {
  it('offers a product operator the product lists, not a coin’s networks', () => {
    expect(ids(['product'])).toEqual(['admin-coin-proposals', 'admin-coins', 'admin-financing-list', 'admin-ieo-list', 'admin-loan-products', 'admin-mining-list']);
  });

  it('puts the home screen first for every role', () => {
    expect(menuScreens(ADMIN_SCREENS, ['content'], 'admin-dashboard').map((s) => s.id)).toEqual(['admin-dashboard', 'admin-articles', 'admin-broadcasts']);
  });

  it('offers each list to the roles of its schema file only', () => {
    expect(ids(['support'])).toEqual(['admin-support-inbox', 'admin-users']);
    expect(ids(['admin'])).toEqual(expect.arrayContaining(['admin-audit', 'admin-coins', 'admin-loan-products', 'admin-users']));
    expect(ids(['admin'])).not.toContain('admin-coin-detail');
  });
});
