// The return path after login: only routes of this app, never login itself, never a URL.
import { describe, expect, it } from 'vitest';
import { afterLogin, guardShows, isAuthPage, safeReturnPath } from '../../../src/app/redirect';

describe('safeReturnPath', () => {
  it('takes a route of the app, in both forms, with its query', () => {
    for (const p of ['/user/my', '/pages/user/my', '/bitcoin/withdraw?coin=BTC', '/choose-location?back=%2Fuser%2Fmy']) expect(safeReturnPath(p)).toBe(p);
  });

  it('refuses URLs, protocol-relative and backslash paths, unknown routes, login and register, and non-strings', () => {
    const bad = [
      'https://evil.example/user/my',
      '//evil.example/user/my',
      '/\\evil.example',
      '/%2F%2Fevil',
      'javascript:alert(1)',
      '/nowhere/page',
      '/login/login',
      '/pages/login/register?x=1',
      '',
      ' /user/my',
      '/user/my x',
      42,
      null,
      undefined,
      { from: '/user/my' },
      `/user/my?${'a'.repeat(600)}`,
    ];
    for (const p of bad) expect(safeReturnPath(p), String(p)).toBeUndefined();
  });
});

describe('afterLogin', () => {
  it('prefers the page the guard remembered, then ?back=, then home', () => {
    expect(afterLogin({ from: '/user/invite' }, '?back=%2Fuser%2Fmy')).toBe('/user/invite');
    expect(afterLogin(null, '?back=%2Fuser%2Fmy')).toBe('/user/my');
    expect(afterLogin({ from: 'https://evil.example' }, '?back=https%3A%2F%2Fevil.example')).toBe('/home/home');
    expect(afterLogin(undefined, '')).toBe('/home/home');
  });

  it('knows the pages a logged-in user skips', () => {
    expect(['/login/login', '/pages/login/register'].map(isAuthPage)).toEqual([true, true]);
    expect(['/login/password', '/login/forgetPassword', '/home/home'].map(isAuthPage)).toEqual([false, false, false]);
  });
});

describe('guardShows', () => {
  it('shows only public pages logged out, and all but login and register logged in', () => {
    expect([guardShows('/home/home', false), guardShows('/pages/login/register', false), guardShows('/stake/list', false)]).toEqual([true, true, false]);
    expect([guardShows('/stake/list', true), guardShows('/home/home', true), guardShows('/login/login', true), guardShows('/pages/login/register', true)]).toEqual([true, true, false, false]);
  });
});
