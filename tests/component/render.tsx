import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import en from '../../locales/en-US.json';
import { createStore } from '../../src/store';

export async function useLanguage(code: string, resources: Record<string, unknown> = en): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({ lng: code, resources: {}, interpolation: { escapeValue: false }, fallbackLng: false });
  }
  i18next.addResourceBundle(code, 'translation', resources, true, true);
  await i18next.changeLanguage(code);
}

/** Server-renders a screen inside the app's providers, as the first paint a user sees. */
export function render(ui: ReactElement, path = '/'): string {
  const store = createStore({ token: 'test', user: null });
  return renderToString(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Provider>,
  );
}
