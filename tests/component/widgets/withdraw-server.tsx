// Shared set-up of the withdrawal widget tests: the real reference server on a loopback port
// (the page on its origin, so no CORS and no fetch mocks), the demo user logged in over HTTP,
// and the withdraw form (or another generated form) rendered in the app's providers.
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { expect } from 'vitest';
import { captcha as captchaAnswer } from '../../../server/ops/commands';
import { configureApi } from '../../../src/api/baseQuery';
import FormScreen from '../../../src/engine/FormScreen';
import type { ScreenModule } from '../../../src/engine/types';
import { createStore } from '../../../src/store';
import { call, startServer, type TestServer } from '../../server/helpers';
import { useLanguage as setLanguage } from '../render';

// happy-dom's fetch: a real HTTP client that applies the same-origin policy (the page is put on the server's origin)
const httpFetch: typeof fetch = (...a) => globalThis.fetch(...a);

export interface WidgetServer {
  s: TestServer;
  token: string;
  userId: number;
  api(method: string, path: string, body?: unknown): Promise<{ code: number; msg: string; data: Record<string, unknown> }>;
}

export async function startWidgetServer(): Promise<WidgetServer> {
  await setLanguage('en-US');
  const s = await startServer({ scheduler: false });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = s.app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${base}/`);
  const cap = (await (await httpFetch(`${base}/api/base/captcha`, { method: 'POST' })).json()) as { data: { captchaId: string } };
  const res = await httpFetch(`${base}/api/base/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'demo@coinapp.test', password: 'demo123456', captcha: await captchaAnswer(s.app.db, cap.data.captchaId), captchaId: cap.data.captchaId }),
  });
  const login = (await res.json()) as { code: number; msg: string; data: { token: string; user: { ID: number } } };
  expect(login.code, login.msg).toBe(0);
  const token = login.data.token;
  configureApi({ apiRoot: base, fetch: httpFetch, getToken: () => token, getLang: () => 'en', schedule: (fn) => fn() });
  const api = async (method: string, path: string, body?: unknown) => {
    const r = await call(s.app, method, path, method === 'GET' ? { token, query: body as Record<string, string> } : { token, body });
    return r as { code: number; msg: string; data: Record<string, unknown> };
  };
  return { s, token, userId: login.data.user.ID, api };
}

function Where() {
  const l = useLocation();
  return <output data-testid="location">{`${l.pathname}${l.search}`}</output>;
}

/** Renders a generated form screen at `path` (its query prefills fields) in a fresh store. */
export function showForm(module: unknown, path: string, token: string) {
  const store = createStore({ token, user: null });
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <FormScreen module={module as ScreenModule} />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}
