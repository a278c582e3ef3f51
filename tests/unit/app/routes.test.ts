import { describe, expect, it } from 'vitest';
import { canonicalPath, findRoute, isPublic, ROUTES } from '../../../src/routes/routes';

describe('route table', () => {
  it('holds every route of the spec once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('/bitcoin/loanHistory');
    // the spec's 59, the detail pages of the loan and wire-transfer histories, devices, the anti-phishing code,
    // and account security (issue 25): the security page, the sign-in's second step, passkey sign-in, the alert's freeze link
    expect(paths.length).toBe(67);
    expect(paths).toEqual(expect.arrayContaining(['/bitcoin/loanOrderDetail', '/bitcoin/wireDetail']));
  });
  it('treats /pages/x/y and /x/y as one route and / as home', () => {
    expect(canonicalPath('/pages/user/bank')).toBe('/user/bank');
    expect(canonicalPath('/')).toBe('/home/home');
    expect(findRoute('/pages/user/bank')).toBe(findRoute('/user/bank'));
  });
  it('whitelists exactly root, home, language, the sign-in pages, password setup, forgot password, register, service and the freeze link', () => {
    const open = ROUTES.filter((r) => isPublic(r.path)).map((r) => r.path).sort();
    expect(open).toEqual(
      [
        '/home/home',
        '/login/forgetPassword',
        '/login/login',
        '/login/passkey',
        '/login/password',
        '/login/register',
        '/login/verify',
        '/user/freezeAccount',
        '/user/lang',
        '/user/service',
      ].sort(),
    );
    expect(isPublic('/')).toBe(true);
    expect(isPublic('/pages/login/login')).toBe(true);
    expect(isPublic('/pages/user/bank')).toBe(false);
    expect(isPublic('/no/such')).toBe(false);
  });
});
