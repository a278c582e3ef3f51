// The back office (/admin/): its own build (vite.admin.config.ts), so nothing of it loads in the
// customer app. It shares the api layer, the schema engine, the widgets and the locale files.
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { api } from '../api/base';
import { configureApi } from '../api/baseQuery';
import { currentPrefix, initI18n } from '../i18n';
import { loggedOut } from '../store/session';
import { alertDialog, errorToast } from '../ui/overlays';
import { applyTheme } from '../ui/theme';
import { CheckboxesWidget } from '../widgets/select/CheckboxesWidget';
import { addWidgets } from '../widgets/theme/widget-set';
import '../app/styles.css';
import '../widgets/chat/chat.css';
import './admin.css';
import { AdminApp, PASSWORD } from './AdminApp';
import { operatorFetch } from './operatorFetch';
import { createAdminStore } from './store';

// the role checkboxes of the operator forms (src/widgets/theme/widget-set.ts)
addWidgets({ CheckboxesWidget });

const store = createAdminStore();
const signOut = () => {
  store.dispatch(loggedOut());
  store.dispatch(api.util.resetApiState());
};

configureApi({
  apiRoot: import.meta.env.VITE_API_ROOT ?? '',
  getToken: () => store.getState().session.token,
  getLang: currentPrefix,
  fetch: operatorFetch({
    sessionEnded: signOut,
    passwordChangeRequired: () => {
      if (window.location.pathname !== PASSWORD) window.location.assign(PASSWORD);
    },
  }),
  effects: {
    toast: errorToast,
    modal: (m) => void alertDialog(m),
    logout: signOut,
    openRealName: () => {},
    translate: (key, vars) => (i18next.exists(key) ? i18next.t(key, vars) : undefined),
  },
});

applyTheme();
await initI18n();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <AdminApp />
    </Provider>
  </StrictMode>,
);
