// The back office's shell: a side menu of the schema screens that list things, the signed-in
// operator with sign-out, language and theme, and the guard (signed in; initial password changed).
// Hand-written like the customer app's shell (src/app): the screens themselves are schema screens.
import './adminWidgets';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { createBrowserRouter, Navigate, NavLink, Outlet, RouterProvider, useLocation, useSearchParams } from 'react-router-dom';
import languages from '../../schemas/config/languages.json';
import { ADMIN_SCREENS } from '../api/generated/admin-manifest';
import { endpoint as me } from '../api/generated/screens/admin-me';
import { endpoint as logout } from '../api/generated/screens/admin-logout';
import { api } from '../api/base';
import { changeLanguage } from '../i18n';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { OverlayHost } from '../ui/overlays';
import { setTheme, useTheme } from '../ui/theme';
import { loggedOut } from '../store/session';
import { AdminScreen } from './AdminScreen';
import { FailedSignIns } from './FailedSignIns';
import { HostChanges } from './HostChanges';
import { menuScreens } from './menu';
import { routeScreens } from './routeScreens';
import type { ScreenEntry } from '../engine/types';
import type { AdminState } from './store';

/** The route of a back-office screen, as its schema file declares it. */
const routeOf = (id: string) => ADMIN_SCREENS.find((s) => s.id === id)?.routes[0] ?? '/';
export const LOGIN = routeOf('admin-login');
export const PASSWORD = routeOf('admin-change-password');
const HOME = routeOf('admin-dashboard');

/** Hand-written parts drawn under a route's schema screens: the dashboard's chart (the engine has no chart kind). */
const DashboardChart = lazy(() => import('./dashboard/DashboardChart'));
/** The page an operator's enrolment link opens (outside the guard: they have no session yet). */
const EnrolScreen = lazy(() => import('./enrol/EnrolScreen'));
const ENROL = '/admin/enrol';
const extras = new Map([
  [
    HOME,
    <Suspense key="chart" fallback={null}>
      <DashboardChart />
    </Suspense>,
  ],
]);

/** The screens of each route; several are drawn side by side (a review's request and images beside its decision form). */
const byRoute = new Map<string, ScreenEntry[]>();
for (const s of ADMIN_SCREENS) for (const path of s.routes) if (path !== LOGIN) byRoute.set(path, [...(byRoute.get(path) ?? []), s]);
// what is decided on the left, the decision on the right; a customer's sections (lists) after their
// detail, in their screen files' order
const KIND_ORDER: Record<string, number> = { detail: 0, list: 1, form: 2 };
const rank = (e: ScreenEntry) => (KIND_ORDER[e.kind] ?? 1) * 1000 + (e.order ?? 100);
for (const entries of byRoute.values()) entries.sort((a, b) => rank(a) - rank(b));

function Loading() {
  const { t } = useTranslation();
  return <p className="state">{t('common.loading')}</p>;
}

function Guarded() {
  const token = useSelector((s: AdminState) => s.session.token);
  const where = useLocation().pathname;
  const who = me.useQuery(undefined, { skip: !token });
  if (!token) return <Navigate to={LOGIN} replace />;
  // not while the answer is being fetched again: the password change has just lifted it
  if (who.data?.mustChangePassword && !who.isFetching && where !== PASSWORD) return <Navigate to={PASSWORD} replace />;
  return <Shell roles={who.data?.roles ?? []} loaded={who.isSuccess} />;
}

function Shell({ roles, loaded }: { roles: string[]; loaded: boolean }) {
  const { t, i18n } = useTranslation();
  const dispatch = useDispatch();
  const name = useSelector((s: AdminState) => s.session.name);
  const theme = useTheme();
  const [signOut] = logout.useMutation();
  const leave = async () => {
    await signOut(undefined);
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
  };
  return (
    <div className="admin">
      <nav className="admin-menu" aria-label={t('admin.menuLabel')}>
        <p className="admin-brand">{t('admin.appTitle')}</p>
        <ul>
          {menuScreens(ADMIN_SCREENS, roles, 'admin-dashboard').map((s) => (
            <li key={s.id}>
              <NavLink to={s.routes[0]}>{t(s.title ?? s.id)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin-main">
        <header className="admin-top">
          <span className="admin-who">{t('admin.signedInAs', { name: name ?? '', roles: roles.join(', ') })}</span>
          <label>
            <span className="visually-hidden">{t('admin.languageLabel')}</span>
            <select value={i18n.language} onChange={(e) => void changeLanguage(e.target.value)}>
              {languages.languages.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn btn-ghost" onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}>
            {t(theme === 'dark' ? 'admin.lightTheme' : 'admin.darkTheme')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => void leave()}>
            {t('admin.signOut')}
          </button>
        </header>
        <main className="admin-content">
          <FailedSignIns />
          {roles.includes('admin') && <HostChanges />}
          {loaded && roles.length === 0 ? (
            // a new operator whose roles wait for a second admin: nothing to open yet
            <p className="state" role="status">
              {t('admin.noRolesYet')}
            </p>
          ) : (
            <ErrorBoundary>
              <Suspense fallback={<Loading />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          )}
        </main>
      </div>
    </div>
  );
}

/** The signed-in operator's roles, once the server has said them (undefined until then). */
function useOperatorRoles(): readonly string[] | undefined {
  const token = useSelector((s: AdminState) => s.session.token);
  return me.useQuery(undefined, { skip: !token }).data?.roles;
}

/** A route's screens side by side, those that need a query only when it is there. */
function AdminRoute({ entries, extra }: { entries: ScreenEntry[]; extra?: ReactNode }) {
  const [query] = useSearchParams();
  const roles = useOperatorRoles();
  const { t } = useTranslation();
  const shown = roles ? routeScreens(entries, query, roles) : [];
  if (roles && shown.length === 0) {
    return (
      <p className="state state-error" role="alert">
        {t('admin.roleGate.noScreen')}
      </p>
    );
  }
  return (
    <div className="admin-route" data-screens={shown.length}>
      {shown.map((e) => (
        <AdminScreen key={e.id} entry={e} />
      ))}
      {extra}
    </div>
  );
}

function SignIn() {
  const token = useSelector((s: AdminState) => s.session.token);
  const login = ADMIN_SCREENS.find((s) => s.routes.includes(LOGIN))!;
  if (token) return <Navigate to={HOME} replace />;
  return (
    <div className="admin-signin">
      <Suspense fallback={<Loading />}>
        <AdminScreen entry={login} />
      </Suspense>
    </div>
  );
}

function Enrol() {
  return (
    <Suspense fallback={<Loading />}>
      <EnrolScreen home={HOME} />
    </Suspense>
  );
}

const router = createBrowserRouter([
  { path: LOGIN, element: <SignIn /> },
  { path: ENROL, element: <Enrol /> },
  {
    path: '/admin',
    element: <Guarded />,
    children: [
      { index: true, element: <Navigate to={HOME} replace /> },
      ...[...byRoute].map(([path, entries]) => ({
        path,
        element: <AdminRoute entries={entries} extra={extras.get(path)} />,
      })),
    ],
  },
  { path: '*', element: <Navigate to={HOME} replace /> },
]);

export function AdminApp() {
  return (
    <>
      <RouterProvider router={router} />
      <OverlayHost />
    </>
  );
}
