import { useEffect } from 'react';
import { createPath, HashRouter, useLocation, useNavigate } from 'react-router-dom';
import { Layout } from './Layout';

/**
 * HashRouter reads the URL when it first renders but listens for changes only once it has
 * committed. The first render is a transition that yields to the browser (main.tsx), so a tap on
 * a link of index.html's shell in between changed the URL and the app kept showing home. After
 * mount (the router listens by then) this follows such a change once.
 */
export function FollowUrlChangedWhileMounting() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const url = window.location.hash.replace(/^#/, '') || '/';
    if (url !== createPath(location)) navigate(url, { replace: true });
    // once, on mount: later changes reach the router's own listener
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

/** Hash routing with base /. The Layout resolves every path (both /x/y and /pages/x/y) itself. */
export function AppRouter() {
  return (
    <HashRouter>
      <FollowUrlChangedWhileMounting />
      <Layout />
    </HashRouter>
  );
}
