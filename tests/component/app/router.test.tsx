// @vitest-environment happy-dom
// The router follows a URL change made while it was mounting (src/app/router.tsx): a tap on a
// link of index.html's shell while the app's first render yields lands on that page.
import { act, cleanup, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { HashRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FollowUrlChangedWhileMounting } from '../../../src/app/router';

/**
 * Shows the router's path. The URL changes before the router listens, as a tap on the shell does
 * while the first render yields: a child's layout effect runs before HashRouter's, which listens.
 */
function TappedWhileRendering({ to }: { to: string }) {
  const location = useLocation();
  useLayoutEffect(() => {
    window.location.hash = to;
  }, [to]);
  return <p data-testid="path">{location.pathname + location.search}</p>;
}

describe('AppRouter', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the page the URL moved to while it was mounting', async () => {
    window.location.hash = '#/home/home';
    render(
      <HashRouter>
        <FollowUrlChangedWhileMounting />
        <TappedWhileRendering to="#/login/login?back=x" />
      </HashRouter>,
    );
    await act(() => new Promise((done) => setTimeout(done, 20)));
    expect(screen.getByTestId('path').textContent).toBe('/login/login?back=x');
  });

  it('leaves the router alone when the URL did not move', async () => {
    window.location.hash = '#/market/market';
    const replace = vi.spyOn(window.history, 'replaceState');
    render(
      <HashRouter>
        <FollowUrlChangedWhileMounting />
        <TappedWhileRendering to="#/market/market" />
      </HashRouter>,
    );
    await act(() => new Promise((done) => setTimeout(done, 20)));
    expect(screen.getByTestId('path').textContent).toBe('/market/market');
    expect(replace).not.toHaveBeenCalled();
  });
});
