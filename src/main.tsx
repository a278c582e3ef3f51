import i18next from 'i18next';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { api } from './api/base';
import { configureApi } from './api/baseQuery';
import { alertDialog, errorToast } from './ui/overlays';
import { AppRouter } from './app/router';
import { firstScreenReady } from './app/firstScreen';
import { REAL_NAME } from './routes/routes';
import { whenSettled } from './app/whenSettled';
import './app/styles.css';
import { currentPrefix, initI18n } from './i18n';
import { createStore } from './store';
import { loggedOut } from './store/session';

const store = createStore();
// The api layer lives outside React; it moves the hash router by the URL itself.
const go = (path: string, replace = false) => {
  if (replace) window.location.replace(`#${path}`);
  else window.location.hash = `#${path}`;
};

configureApi({
  apiRoot: import.meta.env.VITE_API_ROOT ?? '',
  getToken: () => store.getState().session.token,
  getLang: currentPrefix,
  effects: {
    // everything the api layer shows is a failure: announced at once
    toast: errorToast,
    modal: (m) => void alertDialog(m),
    // without a session the route guard opens login and keeps the page to come back to
    logout: () => {
      store.dispatch(loggedOut());
      store.dispatch(api.util.resetApiState());
    },
    openRealName: () => go(REAL_NAME),
    translate: (key, vars) => (i18next.exists(key) ? i18next.t(key, vars) : undefined),
  },
});

await initI18n();
// the route's screen is in the first render, not Loading first (src/app/firstScreen.ts)
await firstScreenReady(window.location.hash, store.getState().session.token !== null, i18next.language);
const root = createRoot(document.getElementById('root')!);
// A transition renders in slices that yield to the browser (index.html's shell is already on
// screen), instead of one long task that would hold a tap on the shell's buttons.
startTransition(() =>
  root.render(
    <StrictMode>
      <Provider store={store}>
        <AppRouter />
      </Provider>
    </StrictMode>,
  ),
);
// Once the page has loaded and the browser idles: the version check (a build older than the
// server's clears what it left cached and reloads once), the service worker and the offline notice
whenSettled(() => void import('./app/startup').then((startup) => startup.afterFirstRender(store)));
