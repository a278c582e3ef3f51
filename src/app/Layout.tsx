// Every page: the guard, nav bar, page transition, status-bar colour and bottom tabs. The
// route renders inside an ErrorBoundary keyed by path, so navigating away resets it.
import { Suspense, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useLocation } from 'react-router-dom';
import { endpoint as userInfo } from '../api/generated/screens/user-info';
import type { RootState } from '../store';
import { userLoaded } from '../store/session';
import { useAccountEvents } from './accountEvents';
import { NavBar } from './NavBar';
import { ErrorBoundary, retryableLazy } from '../ui/ErrorBoundary';
import { OverlayHost } from '../ui/overlays';
import { releaseFormShell, releaseShell } from '../ui/shell';
import { RouteView } from './RouteView';
import { afterLogin, type GuardState, guardShows } from './redirect';
import { findRoute, LOGIN, TABS } from '../routes/routes';
import { TabBar } from './TabBar';
import { useTheme } from '../ui/theme';
import { setStatusBar, statusBarColor } from './theme';

/** An unknown path's page: rare, so not in every route's bundle */
const NotFound = retryableLazy<{ titleKey?: string; bodyKey?: string }>(() => import('./NotAvailable').then((m) => ({ default: m.NotAvailable })));

export function Layout() {
  const location = useLocation();
  const { t } = useTranslation();
  const token = useSelector((s: RootState) => s.session.token);
  const route = findRoute(location.pathname);
  const theme = useTheme();
  const dispatch = useDispatch();
  const user = userInfo.useQuery(undefined, { skip: !token });
  useAccountEvents(token !== null);

  useEffect(() => {
    if (user.data) dispatch(userLoaded(user.data.userInfo));
  }, [user.data, dispatch]);
  // index.html's shell stands for the home screen only: any other route shows at once
  useLayoutEffect(() => {
    if (route?.screen !== 'home') releaseShell();
    releaseFormShell();
  }, [route]);
  useEffect(() => {
    setStatusBar(statusBarColor(route?.statusBar, theme));
    document.title = route ? t(route.title) : t('app.name');
  }, [route, theme, t]);

  // the wanted page rides along in the location state: after login the user lands there (src/app/redirect.ts)
  if (!guardShows(location.pathname, token !== null)) {
    return token ? (
      <Navigate to={afterLogin(location.state, location.search)} replace />
    ) : (
      <Navigate to={LOGIN} replace state={{ from: location.pathname + location.search } satisfies GuardState} />
    );
  }

  return (
    <div className={`app${route?.tab ? ' with-tabs' : ''}`}>
      {route && !route.bare && <NavBar title={route.title} root={!!route.tab && TABS.some((tab) => tab.path === route.path)} />}
      <main key={location.pathname} className={location.key === 'default' ? 'page' : 'page page-enter'}>
        <ErrorBoundary key={location.pathname}>
          {route ? (
            <RouteView route={route} />
          ) : (
            <Suspense fallback={null}>
              <NotFound titleKey="notFound.title" bodyKey="notFound.body" />
            </Suspense>
          )}
        </ErrorBoundary>
      </main>
      {route?.tab && <TabBar />}
      <OverlayHost />
    </div>
  );
}
