// @vitest-environment happy-dom
// The customer build's stand-in for react-router-dom (src/engine/slim/hashRouter.tsx): the same
// history entries, locations, links and search params as react-router's HashRouter gives the app.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HashRouter, Link, Navigate, NavLink, useLocation, useNavigate, useSearchParams } from '../../../src/engine/slim/hashRouter';

/** The probe's navigate and setSearchParams, for the tests to call. */
const hooks = {} as { navigate: ReturnType<typeof useNavigate>; setParams: ReturnType<typeof useSearchParams>[1] };
const navigate = (to: string | { pathname: string; search: string }, options?: { replace?: boolean; state?: unknown }) => hooks.navigate(to, options);
const setParams: ReturnType<typeof useSearchParams>[1] = (next, options) => hooks.setParams(next, options);

function Probe() {
  const location = useLocation();
  const go = useNavigate();
  const [params, set] = useSearchParams();
  useLayoutEffect(() => {
    hooks.navigate = go;
    hooks.setParams = set;
  });
  return (
    <>
      <p data-testid="where">{`${location.pathname}${location.search} ${location.key === 'default' ? 'first' : 'later'} ${JSON.stringify(location.state)} tab=${params.get('tab')}`}</p>
      <Link to="/login/login?back=1" state={{ from: '/x' }}>
        login
      </Link>
      <NavLink to="/home/home" className={({ isActive }) => (isActive ? 'tab active' : 'tab')}>
        home
      </NavLink>
    </>
  );
}

const where = () => screen.getByTestId('where').textContent;
const idx = () => (window.history.state as { idx?: number } | null)?.idx;

describe('the slim hash router', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '#/home/home');
  });
  afterEach(cleanup);

  it('reads the hash; the first location has the key "default" and the entry index 0', () => {
    render(
      <HashRouter>
        <Probe />
      </HashRouter>,
    );
    expect(where()).toBe('/home/home first null tab=null');
    expect(idx()).toBe(0);
    expect(screen.getByText('login').getAttribute('href')).toBe('#/login/login?back=1');
  });

  it('pushes an entry with the next index and the state, replaces one keeping its index, and goes back', async () => {
    render(
      <HashRouter>
        <Probe />
      </HashRouter>,
    );
    act(() => navigate('/market/market', { state: { a: 1 } }));
    expect(where()).toBe('/market/market later {"a":1} tab=null');
    expect(idx()).toBe(1);
    act(() => navigate({ pathname: '/deal/deal', search: '?symbol=BTC' }, { replace: true }));
    expect(where()).toBe('/deal/deal?symbol=BTC later null tab=null');
    expect(idx()).toBe(1);
    act(() => window.history.replaceState(null, '', '#/user/lang'));
    await act(() => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(where()).toBe('/user/lang first null tab=null');
  });

  it('moves on a plain click of a link, leaves a modified click to the browser', () => {
    render(
      <HashRouter>
        <Probe />
      </HashRouter>,
    );
    fireEvent.click(screen.getByText('login'), { ctrlKey: true });
    expect(where()).toMatch(/^\/home\/home /);
    fireEvent.click(screen.getByText('login'));
    expect(where()).toBe('/login/login?back=1 later {"from":"/x"} tab=null');
  });

  it('marks a NavLink active on its path and below it, not on a longer sibling', () => {
    const { unmount } = render(
      <HashRouter>
        <Probe />
      </HashRouter>,
    );
    expect(screen.getByText('home').className).toBe('tab active');
    act(() => navigate('/home/home/more'));
    expect(screen.getByText('home').className).toBe('tab active');
    act(() => navigate('/home/homes'));
    expect(screen.getByText('home').className).toBe('tab');
    unmount();
  });

  it('sets search params from the current ones, and Navigate moves once rendered', () => {
    render(
      <HashRouter>
        <Probe />
      </HashRouter>,
    );
    act(() => navigate('/stake/list?page=2'));
    act(() => setParams((prev) => new URLSearchParams({ ...Object.fromEntries(prev), tab: 'b' }), { replace: true }));
    expect(where()).toBe('/stake/list?page=2&tab=b later null tab=b');
    expect(idx()).toBe(1);
    render(
      <HashRouter>
        <Navigate to="/login/login" replace state={{ from: '/stake/list' }} />
      </HashRouter>,
    );
    expect(where()).toBe('/login/login later {"from":"/stake/list"} tab=null');
  });
});
